import { z } from 'zod';
import { envelope, IdParam, SessionUser } from './common.ts';
import { CONSENT_TEXT_VERSION, TextVersionSchema } from './consent.ts';
import {
  EmailOrMobileSchema,
  EmailSchema,
  FullNameSchema,
  INPUT_PATTERNS,
  MESSAGES,
  MobileSchema,
  normaliseEmailInput,
  normaliseIdentifier,
  OtpSchema,
  ProfileMobileSchema,
  ProfileOtpSchema,
} from './validation.ts';

// Requests and responses of the onboarding (/api/auth), /api/myAccount and /api/myAddress calls (SPEC §7),
// shared by the routes in server/ and the calls in src/.

// ---------- shared pieces ----------

/** SPEC §3 country-code option. India first: the default (+91 / IN, SPEC §9). */
export const CountryCode = z.object({ country_code: z.string(), country_name: z.string(), iso: z.string() });
export type CountryCode = z.infer<typeof CountryCode>;
export const COUNTRY_CODES: readonly CountryCode[] = [
  { country_code: '+91', country_name: 'India', iso: 'IN' },
  { country_code: '+93', country_name: 'Afghanistan', iso: 'AF' },
  { country_code: '+355', country_name: 'Albania', iso: 'AL' },
  { country_code: '+213', country_name: 'Algeria', iso: 'DZ' },
  { country_code: '+1', country_name: 'American Samoa', iso: 'AS' },
  { country_code: '+376', country_name: 'Andorra', iso: 'AD' },
  { country_code: '+61', country_name: 'Australia', iso: 'AU' },
  { country_code: '+880', country_name: 'Bangladesh', iso: 'BD' },
  { country_code: '+975', country_name: 'Bhutan', iso: 'BT' },
  { country_code: '+1', country_name: 'Canada', iso: 'CA' },
  { country_code: '+49', country_name: 'Germany', iso: 'DE' },
  { country_code: '+852', country_name: 'Hong Kong', iso: 'HK' },
  { country_code: '+60', country_name: 'Malaysia', iso: 'MY' },
  { country_code: '+960', country_name: 'Maldives', iso: 'MV' },
  { country_code: '+977', country_name: 'Nepal', iso: 'NP' },
  { country_code: '+968', country_name: 'Oman', iso: 'OM' },
  { country_code: '+974', country_name: 'Qatar', iso: 'QA' },
  { country_code: '+966', country_name: 'Saudi Arabia', iso: 'SA' },
  { country_code: '+65', country_name: 'Singapore', iso: 'SG' },
  { country_code: '+94', country_name: 'Sri Lanka', iso: 'LK' },
  { country_code: '+971', country_name: 'United Arab Emirates', iso: 'AE' },
  { country_code: '+44', country_name: 'United Kingdom', iso: 'GB' },
  { country_code: '+1', country_name: 'United States', iso: 'US' },
];
export const DEFAULT_COUNTRY = COUNTRY_CODES[0];

/** The dialling codes of COUNTRY_CODES, the one list the product offers; anything else is refused (no SMS to others). */
export const ALLOWED_COUNTRY_CODES: readonly string[] = [...new Set(COUNTRY_CODES.map((c) => c.country_code))];
export const CountryCodeSchema = z
  .string()
  .refine((v) => ALLOWED_COUNTRY_CODES.includes(v), 'Please choose a valid country code')
  .default('+91');

/** The combined field as the server reads it: trimmed, digits kept for a phone, an email lowercased. */
export const IdentifierSchema = z.string().max(254, MESSAGES.emailOrPhone).transform(normaliseIdentifier).pipe(EmailOrMobileSchema);
const NormalisedEmail = z.string().max(254, MESSAGES.email).transform(normaliseEmailInput).pipe(EmailSchema);
const Flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('true'), z.literal('false')])
  .transform((v) => v === true || v === 1 || v === 'true');

/** A password as sent: RSA-OAEP ciphertext (base64) when is_encrypted, else clear text (API clients only). */
const PasswordField = z.string().min(1, MESSAGES.passwordMin).max(1024, MESSAGES.passwordMax);

// ---------- onboarding (/api/auth) ----------

export const OTP_TYPES = ['register', 'login', 'forgotPassword', 'profile'] as const;
export const OtpType = z.enum(OTP_TYPES);
export type OtpType = z.infer<typeof OtpType>;

/** SPEC §3 auth response fields, carried in `data` next to the signed-in user when there is one. */
export const AuthData = z.object({
  mobile_exists: z.boolean(),
  email_exists: z.boolean(),
  is_customer_blocked: z.boolean(),
  verified: z.boolean(),
  /** The signed-in user (login data of SPEC §3) when the call signed the shopper in. */
  user: SessionUser.nullable(),
  /** Set when the account is scheduled for deletion: the app offers /cancel-delete-account. */
  deletion_requested_at: z.string().nullable(),
  /** Google sign-in of an unknown email: what the register step is prefilled with. */
  google: z.object({ email: z.string(), first_name: z.string() }).nullable(),
});
export type AuthData = z.infer<typeof AuthData>;
export const AuthResponse = envelope(AuthData);
export type AuthResponse = z.infer<typeof AuthResponse>;

export const ExistsRequest = z.object({ email_or_mobile: IdentifierSchema, c_code: CountryCodeSchema });
export type ExistsRequest = z.input<typeof ExistsRequest>;

export const ValidateRequest = z.object({ email: NormalisedEmail, mobile: MobileSchema, c_code: CountryCodeSchema });
export type ValidateRequest = z.input<typeof ValidateRequest>;

export const OtpRequest = z.object({ type: OtpType, email_or_mobile: IdentifierSchema, c_code: CountryCodeSchema });
export type OtpRequest = z.input<typeof OtpRequest>;
export const OtpSentResponse = envelope(
  z.object({ sent_to: z.string(), channel: z.enum(['email', 'sms']), expires_in_s: z.number().int() }),
);
export type OtpSentResponse = z.infer<typeof OtpSentResponse>;

export const OtpVerifyRequest = z.object({
  email_or_mobile: IdentifierSchema,
  c_code: CountryCodeSchema,
  otp: OtpSchema,
  /** Which OTP this answers; forgotPassword unless the profile step says otherwise. */
  type: z.enum(['forgotPassword', 'profile']).default('forgotPassword'),
});
export type OtpVerifyRequest = z.input<typeof OtpVerifyRequest>;

export const OtpLoginRequest = z.object({ email_or_mobile: IdentifierSchema, c_code: CountryCodeSchema, otp: OtpSchema });
export type OtpLoginRequest = z.input<typeof OtpLoginRequest>;

export const LoginRequest = z.object({
  email_or_mobile: IdentifierSchema,
  c_code: CountryCodeSchema,
  customer_password: PasswordField,
  is_encrypted: Flag.default(false),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const GoogleLoginRequest = z.object({
  email: NormalisedEmail,
  id_token: z.string().min(20, 'Invalid Google token').max(8192, 'Invalid Google token'),
});
export type GoogleLoginRequest = z.input<typeof GoogleLoginRequest>;

export const RegisterRequest = z.object({
  email: NormalisedEmail,
  mobile: MobileSchema,
  c_code: CountryCodeSchema,
  /** Optional only when a Google token proves the email. */
  password: PasswordField.optional(),
  otp: OtpSchema,
  // SPEC §4.8: marketing consent is given only by a tick; a client that sends nothing has not given it.
  opt_in: Flag.default(false),
  /** The version of the box's text the form showed (schemas/consent-rules.ts), recorded with the consent. */
  opt_in_text_version: TextVersionSchema.default(CONSENT_TEXT_VERSION.marketing),
  first_name: z.string().trim().pipe(FullNameSchema),
  is_encrypted: Flag.default(false),
  email_fetched_from_google: Flag.default(false),
  google_token: z.string().max(8192).nullable().optional(),
  referrer: z.string().max(500).nullable().optional(),
});
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const PasswordResetRequest = z.object({
  email_or_mobile: IdentifierSchema,
  new_password: PasswordField,
  existMobile: z.union([z.boolean(), z.string().max(20), z.number()]).optional(),
  c_code: CountryCodeSchema,
  is_encrypted: Flag.default(false),
});
export type PasswordResetRequest = z.input<typeof PasswordResetRequest>;

export const PublicKeyResponse = envelope(z.object({ algorithm: z.literal('RSA-OAEP-256'), spki: z.string() }));
export type PublicKeyResponse = z.infer<typeof PublicKeyResponse>;

export const GoogleConfigResponse = envelope(
  z.object({
    enabled: z.boolean(),
    client_id: z.string(),
    authorize_url: z.string(),
    development: z.boolean(),
    /** Sent to the identity provider; the id_token must carry it back to this browser. */
    nonce: z.string(),
  }),
);
export type GoogleConfigResponse = z.infer<typeof GoogleConfigResponse>;

// ---------- /api/myAccount ----------

export const ProfileValues = z.object({
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  c_code: z.string(),
  email_verified: z.boolean(),
  opt_in: z.boolean(),
  has_password: z.boolean(),
  deletion_requested_at: z.string().nullable(),
});
export type ProfileValues = z.infer<typeof ProfileValues>;
export const ProfileResponse = envelope(ProfileValues);
export type ProfileResponse = z.infer<typeof ProfileResponse>;

export const PostProfileRequest = z.object({
  first_name: z.string().trim().pipe(FullNameSchema),
  opt_in: Flag.optional(),
  opt_in_text_version: TextVersionSchema.default(CONSENT_TEXT_VERSION.marketing),
});
export type PostProfileRequest = z.input<typeof PostProfileRequest>;

export const GenerateMobileOtpRequest = z.object({ new_mobile: ProfileMobileSchema, c_code: CountryCodeSchema });
export type GenerateMobileOtpRequest = z.input<typeof GenerateMobileOtpRequest>;
export const UpdateMobileRequest = GenerateMobileOtpRequest.extend({ otp: ProfileOtpSchema });
export type UpdateMobileRequest = z.input<typeof UpdateMobileRequest>;

export const GenerateEmailOtpRequest = z.object({ new_email: NormalisedEmail });
export type GenerateEmailOtpRequest = z.input<typeof GenerateEmailOtpRequest>;
export const UpdateEmailRequest = GenerateEmailOtpRequest.extend({ otp: ProfileOtpSchema });
export type UpdateEmailRequest = z.input<typeof UpdateEmailRequest>;

export const UpdatePasswordRequest = z.object({ otp: ProfileOtpSchema, new_password: PasswordField, is_encrypted: Flag.default(false) });
export type UpdatePasswordRequest = z.input<typeof UpdatePasswordRequest>;

export const EmptyRequest = z.object({}).strip();

/** Proof from the owner before a change of a way in or of the refund account: the password, or the code sent. */
export const ConfirmOwnerRequest = z
  .object({ password: PasswordField.optional(), is_encrypted: Flag.default(false), otp: ProfileOtpSchema.optional() })
  .refine((v) => Boolean(v.password) !== Boolean(v.otp), { message: 'Please enter your password or the OTP', path: ['password'] });
export type ConfirmOwnerRequest = z.input<typeof ConfirmOwnerRequest>;
export const ConfirmOwnerResponse = envelope(z.object({ confirmed_until: z.string() }));
export type ConfirmOwnerResponse = z.infer<typeof ConfirmOwnerResponse>;

export const DeletionStatus = z.object({
  can_delete: z.boolean(),
  deletion_requested: z.boolean(),
  deletion_requested_at: z.string().nullable(),
  /** When the account goes for good, as 'DD-MM-YYYY HH:mm:ss' India time (SPEC §9: shifted by 5.5 hours). */
  deletion_scheduled_for: z.string().nullable(),
  grace_days: z.number().int(),
});
export type DeletionStatus = z.infer<typeof DeletionStatus>;
export const DeletionStatusResponse = envelope(DeletionStatus);

export const DeleteProfileRequest = z.object({
  otp: ProfileOtpSchema,
  reason: z.string().trim().max(500).regex(INPUT_PATTERNS.textarea, 'Please remove special characters from the reason').optional(),
});
export type DeleteProfileRequest = z.input<typeof DeleteProfileRequest>;

export const VerifyEmailRequest = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This verification link is not valid') });
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequest>;

export const SentResponse = envelope(z.object({ sent_to: z.string() }));
export const StatusOnlyResponse = envelope(z.null());

// ---------- /api/myAddress ----------

/** SPEC §3 address types. */
export const ADDRESS_TYPES = { 1: 'OFFICE', 2: 'HOME', 3: 'OTHER' } as const;
export const AddressTypeSchema = z.coerce
  .number()
  .int()
  .refine((v): v is 1 | 2 | 3 => v === 1 || v === 2 || v === 3, 'Please choose an address type');

export const ADDRESS_MESSAGES = {
  pincode: 'Please enter a valid 6 digit pincode',
  pincodeUnknown: 'We could not find this pincode',
  address: 'Please enter your address',
  addressPattern: 'Address may contain letters, digits and , / - . : ; ( ) [ ] # * only',
  landmarkPattern: 'Landmark may contain letters, digits and . , # - : only',
  city: 'Please enter city',
  state: 'Please enter state',
  stateUnknown: 'Please choose your state or union territory from the list',
  stateOfPincode: (pincode: string, state: string) => `Pincode ${pincode} is not in ${state}. Please check the pincode and the state.`,
  limit: 'You can save at most 20 addresses',
} as const;
export const MAX_ADDRESSES = 20;

export const PincodeSchema = z
  .string()
  .trim()
  .regex(/^[1-9]\d{5}$/, ADDRESS_MESSAGES.pincode);
const PlaceName = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(60, message)
    .regex(/^[A-Za-z .&'()-]+$/, message);

export const AddressInput = z.object({
  address_id: IdParam.optional().nullable(),
  full_name: z.string().trim().pipe(FullNameSchema),
  mobile: MobileSchema,
  c_code: CountryCodeSchema,
  email: NormalisedEmail.optional().nullable().or(z.literal('')),
  pincode: PincodeSchema,
  address: z
    .string()
    .trim()
    .min(5, ADDRESS_MESSAGES.address)
    .max(250, ADDRESS_MESSAGES.address)
    .regex(INPUT_PATTERNS.address, ADDRESS_MESSAGES.addressPattern),
  landmark: z
    .string()
    .trim()
    .max(100, ADDRESS_MESSAGES.landmarkPattern)
    .regex(INPUT_PATTERNS.landmark, ADDRESS_MESSAGES.landmarkPattern)
    .optional()
    .nullable(),
  city: PlaceName(ADDRESS_MESSAGES.city),
  state: PlaceName(ADDRESS_MESSAGES.state),
  address_type: AddressTypeSchema,
  is_default: Flag.optional(),
});
export type AddressInput = z.input<typeof AddressInput>;

export const Address = z.object({
  address_id: z.number().int(),
  full_name: z.string(),
  mobile: z.string(),
  c_code: z.string(),
  email: z.string().nullable(),
  pincode: z.string(),
  address: z.string(),
  landmark: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  address_type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  address_type_name: z.enum(['OFFICE', 'HOME', 'OTHER']),
  is_default: z.boolean(),
});
export type Address = z.infer<typeof Address>;
export const AddressListResponse = envelope(z.array(Address));
export type AddressListResponse = z.infer<typeof AddressListResponse>;

/** Delivery days of a pincode's serviceability (docs/pincodes.md "Serviceability"). */
export const DeliveryDays = z.object({ min_days: z.number().int().positive(), max_days: z.number().int().positive() });
export type DeliveryDays = z.infer<typeof DeliveryDays>;

/** Cart address list: each address says whether it can be delivered to, and with cash on delivery. */
export const CartAddress = Address.extend({
  serviceable: z.boolean(),
  cod_available: z.boolean(),
  /** How many days delivery there takes; absent where it cannot be delivered. */
  delivery_days: DeliveryDays.nullable().optional(),
});
export type CartAddress = z.infer<typeof CartAddress>;
export const CartAddressListResponse = envelope(z.array(CartAddress));

export const AddressSaveResponse = envelope(Address);
export const AddressDeleteQuery = z.object({ address_id: IdParam });

/** GET /fetch-address-pincode?pincode&st — `st` is the state the form holds, checked against the pincode's. */
export const PincodeQuery = z.object({ pincode: PincodeSchema, st: z.string().trim().max(60).optional() });
export const PincodeDetails = z.object({
  pincode: z.string(),
  city: z.string(),
  district: z.string(),
  state: z.string(),
  country: z.string(),
  serviceable: z.boolean(),
  cod_available: z.boolean(),
  state_matches: z.boolean().nullable(),
  /** How many days delivery there takes (docs/pincodes.md "Serviceability"); null where it cannot be delivered. */
  delivery_days: DeliveryDays.nullable().optional(),
});
export type PincodeDetails = z.infer<typeof PincodeDetails>;
export const PincodeResponse = envelope(PincodeDetails);

/** GET /pincode-serviceability?pincode — the delivery estimate of the product page, the cart and the address step. */
export const ServiceabilityQuery = z.object({ pincode: PincodeSchema });
export const Serviceability = z.object({
  pincode: z.string(),
  /** False for a pincode the directory does not list: its estimate is that of the states around it. */
  listed: z.boolean(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  serviceable: z.boolean(),
  cod_available: z.boolean(),
  delivery_days: DeliveryDays.nullable(),
});
export type Serviceability = z.infer<typeof Serviceability>;
export const ServiceabilityResponse = envelope(Serviceability);

// ---------- development outbox (docs/architecture.md "Data") ----------

export const OutboxQuery = z.object({ to: z.string().trim().min(1, 'to is required').max(254) });
export const OutboxMessage = z.object({
  to: z.string(),
  channel: z.enum(['email', 'sms']),
  subject: z.string().nullable(),
  body: z.string(),
  otp: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;
export const OutboxResponse = z.object({ status: z.literal(1), data: z.array(OutboxMessage) });
