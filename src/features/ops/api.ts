import { get, post } from '../../api/client.ts';
import type { StatusOnlyResponse } from '../../../schemas/account.ts';
import type { OpsGrievanceResponse, OpsGrievancesResponse } from '../../../schemas/grievances.ts';
import type {
  AcceptLinkResponse,
  AuditResponse,
  StaffLinkResponse,
  StaffListResponse,
  CustomerBlockResponse,
  CustomerRevertResponse,
  CustomerUnfreezeResponse,
  StaffCustomerSecurityResponse,
  StaffCouponResponse,
  StaffCouponsResponse,
  ReviewDecisionResponse,
  StaffReviewsResponse,
  StaffCustomersResponse,
  StaffMeResponse,
  StaffVariantsResponse,
  ProductPublishResponse,
  VariantPriceResponse,
  VariantStockResponse,
} from '../../../schemas/staff.ts';
import type {
  OpsMoveResponse,
  OpsOrderResponse,
  OpsOrdersResponse,
  OpsPaymentIssuesResponse,
  OpsResolveResponse,
  OpsRetryResponse,
  OpsTodayResponse,
  FunnelEnvelope,
  OutboxRetryResponse,
} from '../../../schemas/ops-orders.ts';

// The operations console's calls (/api/ops, docs/decisions/019). A 401 or 404 is the console's to show: it never
// sends staff to the shoppers' sign-in or not-found pages (listed in src/api/quiet-calls.ts).

export const staffMe = () => get<typeof StaffMeResponse>('/api/ops/staff/me');
export const staffSignIn = (body: { email: string; password: string; code: string }) =>
  post<typeof StaffMeResponse>('/api/ops/staff/sign-in', body);
export const staffSignOut = () => post('/api/ops/staff/sign-out', {});
export const findVariants = (q: string) => get<typeof StaffVariantsResponse>(`/api/ops/catalogue/variants?q=${encodeURIComponent(q)}`);
export const saveVariantPrice = (variantId: number, body: { price: number; mrp: number; expected_price: number; expected_mrp: number }) =>
  post<typeof VariantPriceResponse>(`/api/ops/catalogue/variants/${variantId}/price`, body);
export interface AuditFilterValues {
  staff_id?: string;
  action?: string;
  from?: string;
  to?: string;
}
export const auditTrail = (filters: AuditFilterValues = {}) =>
  get<typeof AuditResponse>(`/api/ops/audit?${queryOf({ limit: '100', ...filters })}`);
/** The filtered trail as a CSV download (a plain link: the browser saves the file). */
export const auditCsvUrl = (filters: AuditFilterValues) => `/api/ops/audit/csv?${queryOf({ ...filters })}`;

// The staff life cycle (docs/decisions/019): owner-only acts, each with a fresh code from the owner's authenticator.
export const listStaff = () => get<typeof StaffListResponse>('/api/ops/staff');
export const inviteStaff = (body: { email: string; role: string; code: string }) =>
  post<typeof StatusOnlyResponse>('/api/ops/staff/invites', body);
export const changeStaffRole = (staffId: number, role: string, code: string) =>
  post<typeof StatusOnlyResponse>(`/api/ops/staff/${staffId}/role`, { role, code });
export const setStaffDisabled = (staffId: number, disabled: boolean, code: string) =>
  post<typeof StatusOnlyResponse>(`/api/ops/staff/${staffId}/disabled`, { disabled, code });
export const resetStaffSecondFactor = (staffId: number, code: string) =>
  post<typeof StatusOnlyResponse>(`/api/ops/staff/${staffId}/second-factor/reset`, { code });
export const endStaffSessions = (staffId: number, code: string) =>
  post<typeof StatusOnlyResponse>(`/api/ops/staff/${staffId}/sessions/end`, { code });
export const changeOwnPassword = (body: { current_password: string; new_password: string; code: string }) =>
  post<typeof StatusOnlyResponse>('/api/ops/staff/password', body);
export const openStaffLink = (token: string) => post<typeof StaffLinkResponse>('/api/ops/staff-links/open', { token });
export const acceptStaffLink = (body: { token: string; password?: string; code: string }) =>
  post<typeof AcceptLinkResponse>('/api/ops/staff-links/accept', body);
export const findCustomers = (q: string) => get<typeof StaffCustomersResponse>(`/api/ops/customers?q=${encodeURIComponent(q)}`);
export const setCustomerBlocked = (customerId: number, blocked: boolean) =>
  post<typeof CustomerBlockResponse>(`/api/ops/customers/${customerId}/block`, { blocked });
export const customerSecurity = (customerId: number) =>
  get<typeof StaffCustomerSecurityResponse>(`/api/ops/customers/${customerId}/security`);
export const revertCustomerChange = (customerId: number) =>
  post<typeof CustomerRevertResponse>(`/api/ops/customers/${customerId}/revert-change`, {});
export const unfreezeCustomer = (customerId: number) =>
  post<typeof CustomerUnfreezeResponse>(`/api/ops/customers/${customerId}/unfreeze`, {});

export const reviewQueue = (state: 'awaiting' | 'published' | 'hidden') =>
  get<typeof StaffReviewsResponse>(`/api/ops/reviews?state=${state}`);
export const decideReview = (reviewId: number, status: 'published' | 'hidden') =>
  post<typeof ReviewDecisionResponse>('/api/review/v1/ops/review-status', { review_id: reviewId, status });

export const listCoupons = () => get<typeof StaffCouponsResponse>('/api/ops/coupons');
export const createCoupon = (body: Record<string, unknown>) => post<typeof StaffCouponResponse>('/api/ops/coupons', body);
export const saveCoupon = (code: string, body: Record<string, unknown>) =>
  post<typeof StaffCouponResponse>(`/api/ops/coupons/${encodeURIComponent(code)}`, body);

export interface OrderFilters {
  status?: string;
  from?: string;
  to?: string;
  payment?: string;
  pincode?: string;
  q?: string;
  page?: string;
}
const queryOf = (filters: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1]))).toString();
export const findOrders = (filters: OrderFilters) => get<typeof OpsOrdersResponse>(`/api/ops/orders?${queryOf({ ...filters })}`);
export const opsOrder = (orderId: string) => get<typeof OpsOrderResponse>(`/api/ops/orders/${encodeURIComponent(orderId)}`);
export const moveShipment = (shipmentId: string, action: string, body: { awb?: string; comment?: string } = {}) =>
  post<typeof OpsMoveResponse>(`/api/ops/shipments/${encodeURIComponent(shipmentId)}/${action}`, body);
export const invoiceUrl = (shipmentId: string) => `/api/ops/shipments/${encodeURIComponent(shipmentId)}/invoice`;
export const retryRefunds = () => post<typeof OpsRetryResponse>('/api/ops/refunds/retry', {});
export const paymentIssues = () => get<typeof OpsPaymentIssuesResponse>('/api/ops/payment-issues');
export const resolvePaymentIssue = (id: number, resolution: string) =>
  post<typeof OpsResolveResponse>(`/api/ops/payment-issues/${id}/resolve`, { resolution });
export const saveVariantStock = (
  variantId: number,
  body: { on_hand: number; expected_stock: number; reason: (typeof STOCK_REASON_LIST)[number]; note?: string },
) => post<typeof VariantStockResponse>(`/api/ops/catalogue/variants/${variantId}/stock`, body);
export const setProductPublished = (productId: number, published: boolean) =>
  post<typeof ProductPublishResponse>(`/api/ops/catalogue/products/${productId}/publish`, { published });
/** schemas/staff.ts STOCK_REASONS, repeated here: a value from a zod module would load zod in the browser. */
export const STOCK_REASON_LIST = ['recount', 'received', 'damaged', 'correction'] as const;
export const opsToday = () => get<typeof OpsTodayResponse>('/api/ops/today');
export const retryOutbox = (queue: 'messages' | 'feeds') => post<typeof OutboxRetryResponse>('/api/ops/outbox/retry', { queue });
export const funnelReport = () => get<typeof FunnelEnvelope>('/api/analytics/funnel');

// Grievance redressal (docs/grievance-redressal.md): complaints by deadline, acknowledged and answered by support.
export const opsGrievances = (status: 'pending' | 'open' | 'acknowledged' | 'resolved') =>
  get<typeof OpsGrievancesResponse>(`/api/ops/grievances?status=${status}`);
export const acknowledgeGrievance = (reference: string) =>
  post<typeof OpsGrievanceResponse>(`/api/ops/grievances/${encodeURIComponent(reference)}/acknowledge`, {});
export const answerGrievance = (reference: string, answer: string) =>
  post<typeof OpsGrievanceResponse>(`/api/ops/grievances/${encodeURIComponent(reference)}/answer`, { answer });
