import type {
  AuthenticateAnswer,
  AuthenticateRequest,
  BrandCertificateResponse,
  BrandListResponse,
  CitiesResponse,
  ImporterBrandListResponse,
  ImporterListResponse,
  RetailerRequest,
  RetailerResponse,
  StoresResponse,
  UnsubscribeResponse,
} from '../../../schemas/content-pages.ts';
import {
  type CustomerOrdersResponse,
  type CustomerShipmentsResponse,
  type EmailTicketRequest,
  type EmailSupportResponse,
  type FaqResponse,
  type PhoneTicketRequest,
  type PhoneSupportResponse,
  type ReasonsResponse,
  type TicketResponse,
  UploadResponse,
} from '../../../schemas/help-center.ts';
import type { GrievanceRequest, GrievanceResponse, GrievancesResponse } from '../../../schemas/grievances.ts';
import type {
  BankOffersResponse,
  BrandsOnOfferResponse,
  HomePreviewResponse,
  OffersPageResponse,
  PromotedProductsResponse,
  SalePageResponse,
} from '../../../schemas/catalogue.ts';
import { PREVIEW_AUTHORIZATION } from '../../../schemas/catalogue-rules.ts';
import { get, httpClient, normaliseError, post, type RequestOptions } from '../../api/client.ts';
import { resource } from '../../api/route-data.ts';

// The content pages' calls (SPEC §7), each answer checked with its schema.
export const contentApi = {
  brandList: () => get<typeof BrandListResponse>('/api/authenticity/brand-list/'),
  brandCertificate: (brandId: number) => get<typeof BrandCertificateResponse>(`/api/authenticity/brand-certificate?b_id=${brandId}`),
  // SPEC §8: an authenticator failure's response data is kept (already used: when; unknown), so those answers
  // resolve like a success and carry status 0.
  authenticate: (form: AuthenticateRequest) =>
    post<typeof AuthenticateAnswer>('/api/authenticator/authenticate', form, {
      validateStatus: (s) => s === 200 || s === 409 || s === 422,
    }),
  importerList: () => get<typeof ImporterListResponse>('/api/importer/importer-list/'),
  importerBrandListData: (slug: string) =>
    get<typeof ImporterBrandListResponse>(`/api/importer/brand-list-data?importer_slug=${encodeURIComponent(slug)}`),
  cities: () => get<typeof CitiesResponse>('/api/store/cities-list'),
  stores: (city?: string) => get<typeof StoresResponse>(`/api/store/stores-list${city ? `?city=${encodeURIComponent(city)}` : ''}`),
  addRetailerInfo: (form: RetailerRequest) => post<typeof RetailerResponse>('/api/retailer/add-retailer-info', form),
  unsubscribe: (email: string, token: string) => post<typeof UnsubscribeResponse>('/api/unsubscribe/unsubscribe-user', { email, token }),
};

type Opts = Pick<RequestOptions, 'signal'>;
const q = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]]))).toString();
/** SPEC §6: preview calls carry the fixed preview authorization header (staff sessions open them in production). */
const previewHeaders = { authorization: PREVIEW_AUTHORIZATION };

// The sale manager and offers calls (SPEC §7), and their previews (SPEC §6).
export const saleApi = {
  salePage: async (slug: string, o?: Opts) => (await get<typeof SalePageResponse>(`/api/sale/get-sale-page-data?${q({ slug })}`, o)).data,
  salePreview: async (slug: string, id: number | undefined, o?: Opts) =>
    (await get<typeof SalePageResponse>(`/api/sale/get-preview-salepage-data?${q({ slug, id })}`, { ...o, headers: previewHeaders })).data,
  brandsOnOffer: async (o?: Opts) => (await get<typeof BrandsOnOfferResponse>('/api/sale/get-brands-on-offer', o)).data,
  bankOffers: async (o?: Opts) => (await get<typeof BankOffersResponse>('/api/sale/get-bank-offer', o)).data,
  brandOfWeek: async (o?: Opts) => (await get<typeof PromotedProductsResponse>('/api/offers/brand-of-week', o)).data,
  clearance: async (o?: Opts) => (await get<typeof PromotedProductsResponse>('/api/offers/clearance-offer', o)).data,
  offersPage: async (o?: Opts) => (await get<typeof OffersPageResponse>('/api/offers/offer-data', o)).data,
  offersPreview: async (id: number | undefined, o?: Opts) =>
    (await get<typeof OffersPageResponse>(`/api/offers/offer-data-preview?${q({ id })}`, { ...o, headers: previewHeaders })).data,
  homePreview: async (id: number | undefined, o?: Opts) =>
    (await get<typeof HomePreviewResponse>(`/api/home/home-page-preview-info?${q({ id })}`, { ...o, headers: previewHeaders })).data,
};

// SPEC §8: a help-centre 401 blanks the message (the page shows its own sign-in prompt instead of a redirect);
// the calls that do so are listed in src/api/quiet-calls.ts.
export const helpApi = {
  faq: (q: string, topic: string) =>
    get<typeof FaqResponse>(`/api/help-center/faq-data?${new URLSearchParams({ ...(q ? { q } : {}), ...(topic ? { topic } : {}) })}`),
  phoneSupport: () => get<typeof PhoneSupportResponse>('/api/help-center/customer-phone-support'),
  emailSupport: () => get<typeof EmailSupportResponse>('/api/help-center/customer-email-support'),
  emailReasons: () => get<typeof ReasonsResponse>('/api/help-center/customer-email-reasons'),
  orders: () => get<typeof CustomerOrdersResponse>('/api/help-center/customer-order-list'),
  shipments: (orderId: number) => get<typeof CustomerShipmentsResponse>(`/api/help-center/customer-shipment-list?order_id=${orderId}`),
  phone: (form: PhoneTicketRequest) => post<typeof TicketResponse>('/api/help-center/phone', form),
  email: (form: EmailTicketRequest) => post<typeof TicketResponse>('/api/help-center/email', form),
  /** Multipart upload of the chosen files (the shared client sends JSON by default). */
  upload: async (files: File[]) => {
    const body = new FormData();
    for (const f of files) body.append('file', f, f.name);
    try {
      const http = await httpClient();
      const res = await http.post('/api/help-center/upload', body, { headers: { 'content-type': 'multipart/form-data' } });
      return UploadResponse.parse(res.data);
    } catch (error) {
      const normalised = normaliseError(error);
      if (normalised.response.status === 401) {
        normalised.response.data.message = '';
        normalised.message = '';
      }
      throw normalised;
    }
  },
};

// The content pages' data, each named once (src/api/route-data.ts) for the pages' hooks and their route loaders.

export const storeCitiesResource = () => resource('store-cities', () => contentApi.cities().then((r) => r.data));
export const storesResource = (city: string) => resource(`stores:${city}`, () => contentApi.stores(city || undefined).then((r) => r.data));
export const offersPageResource = () => resource('offers', (signal) => saleApi.offersPage({ signal }));
export const brandOfWeekResource = () => resource('offers-brand-of-week', (signal) => saleApi.brandOfWeek({ signal }));
export const clearanceResource = () => resource('offers-clearance', (signal) => saleApi.clearance({ signal }));
export const faqResource = (q: string, topic: string) =>
  resource(`help-faq:${topic}:${q}`, () => helpApi.faq(q, topic).then((r) => r.data));
export const helpPhoneResource = () => resource('help-phone', () => helpApi.phoneSupport().then((r) => r.data));
export const helpEmailResource = () => resource('help-email', () => helpApi.emailSupport().then((r) => r.data));
export const saleResource = (slug: string) => resource(`sale:${slug}`, (signal) => saleApi.salePage(slug, { signal }));
export const brandsOnOfferResource = () => resource('brands-on-offer', (signal) => saleApi.brandsOnOffer({ signal }));
export const saleBankOffersResource = () => resource('sale-bank-offers', (signal) => saleApi.bankOffers({ signal }));
export const importersResource = () => resource('importers', () => contentApi.importerList().then((r) => r.data));
export const importerResource = (slug: string) =>
  resource(`importer:${slug}`, () => contentApi.importerBrandListData(slug).then((r) => r.data));
export const authenticityBrandsResource = () => resource('authenticity-brands', () => contentApi.brandList().then((r) => r.data));

// Grievance redressal (docs/grievance-redressal.md): the shopper's complaints; a 401 is blanked and a 404 (another
// shopper's order) stays on the form (src/api/quiet-calls.ts).
export const grievanceApi = {
  list: () => get<typeof GrievancesResponse>('/api/help-center/grievances'),
  file: (form: GrievanceRequest) => post<typeof GrievanceResponse>('/api/help-center/grievances', form),
};
