import { z } from 'zod';
import { normaliseEmail } from './text.ts';
import { envelope, IdParam } from './common.ts';
import { EmailSchema, FullNameSchema, MobileSchema } from './validation.ts';

// Content pages (SPEC §7 authenticity, importer, help centre, unsubscribe, retailer, cities, stores): request and
// response shapes shared by the server routes and the app. Page meta lives in content.ts (first load).

const Slug = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(120)
  .regex(/^[a-z0-9-]+$/, 'must be a slug (lowercase letters, digits and hyphens)');

// ---- authenticity and importers -----------------------------------------------------------------------------

export const AUTHENTICITY_MESSAGES = {
  nacEmpty: 'Please enter the NAC code',
  nacInvalid: 'Please enter a valid NAC code (6 to 20 letters and digits)',
  scratchEmpty: 'Please enter the scratch code',
  scratchInvalid: 'Please enter a valid scratch code (8 to 20 letters and digits)',
  otherStoreEmpty: 'Please enter the store you bought it from',
  purchaseFrom: 'Please choose where you bought the product',
} as const;

/** Codes are printed in capitals; shoppers type them any way, with spaces or dashes. */
export const normaliseCode = (v: string): string => v.toUpperCase().replace(/[\s-]+/g, '');
/** The longest NAC or scratch code printed on a pack. */
export const CODE_MAX_LENGTH = 20;

const code = (empty: string, invalid: string, min: number) =>
  z
    .string({ error: empty })
    .transform(normaliseCode)
    .pipe(
      z
        .string()
        .min(1, empty)
        .regex(new RegExp(`^[A-Z0-9]{${min},${CODE_MAX_LENGTH}}$`), invalid),
    );

/** SPEC §3 authenticity form: purchase_from (0 = Kasrat, 1 = another store), other_store, nac_code, scratch_code. */
export const AuthenticateRequest = z
  .object({
    purchase_from: z.union([z.literal(0), z.literal(1)], { error: AUTHENTICITY_MESSAGES.purchaseFrom }).default(0),
    other_store: z.string().trim().max(120).nullable().default(null),
    nac_code: code(AUTHENTICITY_MESSAGES.nacEmpty, AUTHENTICITY_MESSAGES.nacInvalid, 6),
    scratch_code: code(AUTHENTICITY_MESSAGES.scratchEmpty, AUTHENTICITY_MESSAGES.scratchInvalid, 8),
  })
  .superRefine((v, ctx) => {
    if (v.purchase_from === 1 && !v.other_store)
      ctx.addIssue({ code: 'custom', path: ['other_store'], message: AUTHENTICITY_MESSAGES.otherStoreEmpty });
  });
export type AuthenticateRequest = z.input<typeof AuthenticateRequest>;

export const AuthenticityResult = z.enum(['genuine', 'already_used', 'unknown']);
export const BrandRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export const AuthenticateData = z.object({
  result: AuthenticityResult,
  brand: BrandRef.nullable(),
  /** When the scratch code was claimed (ISO), for genuine and already-used answers. */
  claimed_at: z.string().nullable(),
});
export type AuthenticateData = z.infer<typeof AuthenticateData>;
export const AuthenticateResponse = envelope(AuthenticateData);
/** Genuine (status 1), already used or unknown (status 0): every answer carries its data (SPEC §8). */
export const AuthenticateAnswer = z.object({ status: z.union([z.literal(0), z.literal(1)]), message: z.string(), data: AuthenticateData });
export type AuthenticateAnswer = z.infer<typeof AuthenticateAnswer>;

export const ImporterRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export const AuthenticityBrand = z.object({
  brand_id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  country: z.string(),
  importer: ImporterRef.nullable(),
  certificate_count: z.number().int(),
});
export type AuthenticityBrand = z.infer<typeof AuthenticityBrand>;
export const BrandListResponse = envelope(z.array(AuthenticityBrand));

export const Certificate = z.object({
  id: z.number().int(),
  title: z.string(),
  certificate_no: z.string(),
  issued_on: z.string(),
  valid_till: z.string(),
  brand: BrandRef,
  importer: ImporterRef.extend({ address: z.string(), licence_no: z.string() }).nullable(),
  /** The certificate document, drawn by the server (SVG). */
  document_url: z.string(),
});
export type Certificate = z.infer<typeof Certificate>;
export const BrandCertificateRequest = z.object({ b_id: IdParam });
export const BrandCertificateResponse = envelope(z.object({ brand: BrandRef, certificates: z.array(Certificate) }));
export type BrandCertificateData = z.infer<typeof BrandCertificateResponse>['data'];

export const Importer = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  address: z.string(),
  licence_no: z.string(),
  brand_count: z.number().int(),
});
export type Importer = z.infer<typeof Importer>;
export const ImporterListResponse = envelope(z.array(Importer));
export const ImporterSlugRequest = z.object({ importer_slug: Slug });
export const ImporterBrandRequest = z.object({ importer_slug: Slug, brand_slug: Slug });
export const ImporterBrandNamesResponse = envelope(z.array(BrandRef));
export const ImporterCertificateResponse = envelope(z.object({ importer: Importer, brand: BrandRef, certificates: z.array(Certificate) }));
export const ImporterBrandListData = z.object({
  importer: Importer,
  brands: z.array(BrandRef.extend({ country: z.string(), certificates: z.array(Certificate) })),
});
export type ImporterBrandListData = z.infer<typeof ImporterBrandListData>;
export const ImporterBrandListResponse = envelope(ImporterBrandListData);

// ---- store locator and retailers ----------------------------------------------------------------------------

export const StoreCity = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  state: z.string(),
  store_count: z.number().int(),
});
export type StoreCity = z.infer<typeof StoreCity>;
export const CitiesResponse = envelope(z.array(StoreCity));

export const StoresRequest = z.object({ city: Slug.optional() });
export const Store = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  pincode: z.string(),
  phone: z.string(),
  hours: z.string(),
  city: z.string(),
  city_slug: z.string(),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** A map-free directions link (opens the shopper's maps app). */
  directions_url: z.string(),
  /** tel: link with the digits of `phone`. */
  tel: z.string(),
});
export type Store = z.infer<typeof Store>;
export const StoresResponse = envelope(z.array(Store));

export const RETAILER_MESSAGES = {
  businessRequired: 'Please enter your business name',
  businessMax: 'Business name can be at most 100 characters',
  cityRequired: 'Please enter your city',
  pincode: 'Please enter a 6 digit pincode',
  gstin: 'Please enter a valid 15 character GSTIN',
  messageMax: 'Message can be at most 1000 characters',
} as const;

export const RetailerRequest = z.object({
  full_name: FullNameSchema,
  business_name: z.string().trim().min(1, RETAILER_MESSAGES.businessRequired).max(100, RETAILER_MESSAGES.businessMax),
  mobile: MobileSchema,
  email: z.string().transform(normaliseEmail).pipe(EmailSchema),
  city: z.string().trim().min(1, RETAILER_MESSAGES.cityRequired).max(60, RETAILER_MESSAGES.cityRequired),
  pincode: z.string().regex(/^[1-9]\d{5}$/, RETAILER_MESSAGES.pincode),
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, RETAILER_MESSAGES.gstin)
    .nullish()
    .or(z.literal('').transform(() => null)),
  message: z.string().trim().max(1000, RETAILER_MESSAGES.messageMax).default(''),
});
export type RetailerRequest = z.input<typeof RetailerRequest>;
export const RetailerResponse = envelope(z.object({ reference: z.string() }));

// ---- newsletter unsubscribe ---------------------------------------------------------------------------------

export const UnsubscribeRequest = z.object({
  email: z.string().transform(normaliseEmail).pipe(EmailSchema),
  token: z.string().min(1, 'This unsubscribe link is incomplete.').max(200, 'This unsubscribe link is not valid.'),
});
export const UnsubscribeResponse = envelope(z.object({ email: z.string(), already_unsubscribed: z.boolean() }));

// ---- app-install banner -------------------------------------------------------------------------------------

/** SPEC §1: the iOS and Android apps' store links are configured (APP_STORE_URL, PLAY_STORE_URL). */
export const AppLinks = z.object({ ios: z.string().nullable(), android: z.string().nullable() });
export type AppLinks = z.infer<typeof AppLinks>;
export const AppLinksResponse = envelope(AppLinks);
