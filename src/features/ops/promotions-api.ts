import { get, post } from '../../api/client.ts';
import type {
  StaffBankOfferResponse,
  StaffBankOffersResponse,
  StaffDeliveryRuleResponse,
  StaffDeliveryRulesResponse,
  StaffFreebieResponse,
  StaffFreebiesResponse,
  StaffSalePageResponse,
  StaffSalePagesResponse,
} from '../../../schemas/staff.ts';

// The console's promotions calls beyond coupons (/api/ops, docs/decisions/019): bank offers, free gifts, the
// delivery charge and sale pages. A 401 or 404 is the console's to show.

export const listBankOffers = () => get<typeof StaffBankOffersResponse>('/api/ops/bank-offers');
export const createBankOffer = (body: Record<string, unknown>) => post<typeof StaffBankOfferResponse>('/api/ops/bank-offers', body);
export const saveBankOffer = (id: number, body: Record<string, unknown>) =>
  post<typeof StaffBankOfferResponse>(`/api/ops/bank-offers/${id}`, body);

export const listFreebies = () => get<typeof StaffFreebiesResponse>('/api/ops/freebies');
export const createFreebie = (body: Record<string, unknown>) => post<typeof StaffFreebieResponse>('/api/ops/freebies', body);
export const saveFreebie = (id: number, body: Record<string, unknown>) =>
  post<typeof StaffFreebieResponse>(`/api/ops/freebies/${id}`, body);

export const listDeliveryRules = () => get<typeof StaffDeliveryRulesResponse>('/api/ops/delivery-rules');
export const saveDeliveryRule = (id: number, body: Record<string, unknown>) =>
  post<typeof StaffDeliveryRuleResponse>(`/api/ops/delivery-rules/${id}`, body);

export const listSalePages = () => get<typeof StaffSalePagesResponse>('/api/ops/sale-pages');
export const createSalePage = (body: Record<string, unknown>) => post<typeof StaffSalePageResponse>('/api/ops/sale-pages', body);
export const saveSalePage = (id: number, body: Record<string, unknown>) =>
  post<typeof StaffSalePageResponse>(`/api/ops/sale-pages/${id}`, body);
