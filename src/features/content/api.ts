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
import { get, post } from '../../api/client.ts';

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
