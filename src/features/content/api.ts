import {
  AuthenticateAnswer,
  type AuthenticateRequest,
  BrandCertificateResponse,
  BrandListResponse,
  CitiesResponse,
  ImporterBrandListResponse,
  ImporterListResponse,
  type RetailerRequest,
  RetailerResponse,
  StoresResponse,
  UnsubscribeResponse,
} from '../../../schemas/content-pages.ts';
import {
  CustomerOrdersResponse,
  CustomerShipmentsResponse,
  type EmailTicketRequest,
  EmailSupportResponse,
  FaqResponse,
  type PhoneTicketRequest,
  PhoneSupportResponse,
  ReasonsResponse,
  TicketResponse,
  UploadResponse,
} from '../../../schemas/help-center.ts';
import {
  BankOffersResponse,
  BrandsOnOfferResponse,
  HomePreviewResponse,
  OffersPageResponse,
  PREVIEW_AUTHORIZATION,
  PromotedProductsResponse,
  SalePageResponse,
} from '../../../schemas/catalogue.ts';
import { get, httpClient, normaliseError, post, type RequestOptions } from '../../api/client.ts';

// The content pages' calls (SPEC §7), each answer checked with its schema.
export const contentApi = {
  brandList: () => get('/api/authenticity/brand-list/', BrandListResponse),
  brandCertificate: (brandId: number) => get(`/api/authenticity/brand-certificate?b_id=${brandId}`, BrandCertificateResponse),
  // SPEC §8: an authenticator failure's response data is kept (already used: when; unknown), so those answers
  // resolve like a success and carry status 0.
  authenticate: (form: AuthenticateRequest) =>
    post('/api/authenticator/authenticate', form, AuthenticateAnswer, { validateStatus: (s) => s === 200 || s === 409 || s === 422 }),
  importerList: () => get('/api/importer/importer-list/', ImporterListResponse),
  importerBrandListData: (slug: string) =>
    get(`/api/importer/brand-list-data?importer_slug=${encodeURIComponent(slug)}`, ImporterBrandListResponse, { allow404: true }),
  cities: () => get('/api/store/cities-list', CitiesResponse),
  stores: (city?: string) => get(`/api/store/stores-list${city ? `?city=${encodeURIComponent(city)}` : ''}`, StoresResponse),
  addRetailerInfo: (form: RetailerRequest) => post('/api/retailer/add-retailer-info', form, RetailerResponse),
  unsubscribe: (email: string, token: string) => post('/api/unsubscribe/unsubscribe-user', { email, token }, UnsubscribeResponse),
};

type Opts = Pick<RequestOptions, 'signal'>;
const q = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]]))).toString();
/** SPEC §6: preview calls carry the fixed preview authorization header (staff sessions open them in production). */
const previewHeaders = { authorization: PREVIEW_AUTHORIZATION };

// The sale manager and offers calls (SPEC §7), and their previews (SPEC §6).
export const saleApi = {
  salePage: async (slug: string, o?: Opts) => (await get(`/api/sale/get-sale-page-data?${q({ slug })}`, SalePageResponse, o)).data,
  salePreview: async (slug: string, id: number | undefined, o?: Opts) =>
    (await get(`/api/sale/get-preview-salepage-data?${q({ slug, id })}`, SalePageResponse, { ...o, headers: previewHeaders })).data,
  brandsOnOffer: async (o?: Opts) => (await get('/api/sale/get-brands-on-offer', BrandsOnOfferResponse, o)).data,
  bankOffers: async (o?: Opts) => (await get('/api/sale/get-bank-offer', BankOffersResponse, o)).data,
  brandOfWeek: async (o?: Opts) => (await get('/api/offers/brand-of-week', PromotedProductsResponse, o)).data,
  clearance: async (o?: Opts) => (await get('/api/offers/clearance-offer', PromotedProductsResponse, o)).data,
  offersPage: async (o?: Opts) => (await get('/api/offers/offer-data', OffersPageResponse, o)).data,
  offersPreview: async (id: number | undefined, o?: Opts) =>
    (await get(`/api/offers/offer-data-preview?${q({ id })}`, OffersPageResponse, { ...o, headers: previewHeaders })).data,
  homePreview: async (id: number | undefined, o?: Opts) =>
    (await get(`/api/home/home-page-preview-info?${q({ id })}`, HomePreviewResponse, { ...o, headers: previewHeaders })).data,
};

// SPEC §8: a help-centre 401 blanks the message (the page shows its own sign-in prompt instead of a redirect).
const help = { on401: 'blank' as const };
export const helpApi = {
  faq: (q: string, topic: string) =>
    get(`/api/help-center/faq-data?${new URLSearchParams({ ...(q ? { q } : {}), ...(topic ? { topic } : {}) })}`, FaqResponse),
  phoneSupport: () => get('/api/help-center/customer-phone-support', PhoneSupportResponse),
  emailSupport: () => get('/api/help-center/customer-email-support', EmailSupportResponse),
  emailReasons: () => get('/api/help-center/customer-email-reasons', ReasonsResponse),
  orders: () => get('/api/help-center/customer-order-list', CustomerOrdersResponse, help),
  shipments: (orderId: number) => get(`/api/help-center/customer-shipment-list?order_id=${orderId}`, CustomerShipmentsResponse, help),
  phone: (form: PhoneTicketRequest) => post('/api/help-center/phone', form, TicketResponse, help),
  email: (form: EmailTicketRequest) => post('/api/help-center/email', form, TicketResponse, help),
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
