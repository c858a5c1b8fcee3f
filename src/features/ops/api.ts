import { get, post } from '../../api/client.ts';
import type {
  AuditResponse,
  CustomerBlockResponse,
  StaffCustomersResponse,
  StaffMeResponse,
  StaffVariantsResponse,
  VariantPriceResponse,
} from '../../../schemas/staff.ts';

// The operations console's calls (/api/ops, docs/decisions/019). A 401 or 404 is the console's to show: it never
// sends staff to the shoppers' sign-in or not-found pages.
const quiet = { on401: 'silent', allow404: true } as const;

export const staffMe = () => get<typeof StaffMeResponse>('/api/ops/staff/me', quiet);
export const staffSignIn = (body: { email: string; password: string; code: string }) =>
  post<typeof StaffMeResponse>('/api/ops/staff/sign-in', body, quiet);
export const staffSignOut = () => post('/api/ops/staff/sign-out', {}, quiet);
export const findVariants = (q: string) =>
  get<typeof StaffVariantsResponse>(`/api/ops/catalogue/variants?q=${encodeURIComponent(q)}`, quiet);
export const saveVariantPrice = (variantId: number, body: { price: number; mrp: number; expected_price: number; expected_mrp: number }) =>
  post<typeof VariantPriceResponse>(`/api/ops/catalogue/variants/${variantId}/price`, body, quiet);
export const auditTrail = () => get<typeof AuditResponse>('/api/ops/audit?limit=100', quiet);
export const findCustomers = (q: string) => get<typeof StaffCustomersResponse>(`/api/ops/customers?q=${encodeURIComponent(q)}`, quiet);
export const setCustomerBlocked = (customerId: number, blocked: boolean) =>
  post<typeof CustomerBlockResponse>(`/api/ops/customers/${customerId}/block`, { blocked }, quiet);
