import { z } from 'zod';

// Sign-in configuration, read once from the environment. With the development tools on, the Google
// settings default to the development identity provider this app serves, so sign-in works offline.
const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);

const AuthConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Pepper for OTP hashes; when absent one is generated once and kept in the database. */
    AUTH_SECRET: z.string().min(16).optional(),
    /** PEM (PKCS#8) RSA key for password encryption; when absent one is generated once and kept in the database. */
    AUTH_RSA_PRIVATE_KEY: z.string().optional(),
    PUBLIC_ORIGIN: z.string().default(''),
    KASRAT_DEV_TOOLS: z.string().optional(),
    OTP_SEND_LIMIT_PER_IDENTIFIER: z.coerce.number().int().min(1).default(5),
    OTP_SEND_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
    OTP_SEND_WINDOW_S: z.coerce.number().int().min(1).default(900),
    LOGIN_FAILURE_LIMIT: z.coerce.number().int().min(1).default(10),
    LOGIN_FAILURE_WINDOW_S: z.coerce.number().int().min(1).default(900),
    /** Wrong passwords per account over every address per LOGIN_FAILURE_WINDOW_S: guessing from many networks. */
    LOGIN_ACCOUNT_FAILURE_LIMIT: z.coerce.number().int().min(1).default(50),
    /** Password attempts per client address (IPv6 by /64) per LOGIN_FAILURE_WINDOW_S: credential stuffing. */
    LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
    /** Wrong OTPs per account per client address (IPv6 by /64) per day, over all codes: guessing spread over many codes. */
    OTP_DAILY_FAILURE_LIMIT: z.coerce.number().int().min(1).default(20),
    /** Wrong OTPs per account per day over every address: guessing spread over many networks; the owner is told. */
    OTP_ACCOUNT_DAILY_FAILURE_LIMIT: z.coerce.number().int().min(1).default(200),
    /** Calls that tell whether an account exists, per client address (IPv6 by /64) per 15 minutes: enumeration. */
    LOOKUP_LIMIT_PER_IP: z.coerce.number().int().min(1).default(120),
    /** A session unused this long ends (README "Security"). */
    SESSION_IDLE_HOURS: z.coerce
      .number()
      .min(0.01)
      .max(24 * 30)
      .default(72),
    ACCOUNT_DELETION_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(30),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_ISSUERS: csv.optional(),
    GOOGLE_JWKS_URL: z.string().url().optional(),
    GOOGLE_AUTHORIZE_URL: z.string().optional(),
    DEV_IDP: z.enum(['on', 'off']).optional(),
  })
  // The development identity provider signs tokens for any email: it can never run in production.
  .refine((c) => !(c.NODE_ENV === 'production' && c.DEV_IDP === 'on'), { path: ['DEV_IDP'], message: 'cannot be on in production' })
  .transform((c) => {
    const production = c.NODE_ENV === 'production';
    // The development identity provider is a development tool: only with KASRAT_DEV_TOOLS=1, never in production.
    const devTools = c.KASRAT_DEV_TOOLS === '1' && !production;
    const devIdp = devTools && (c.DEV_IDP ?? 'on') === 'on';
    return {
      ...c,
      production,
      devTools,
      devIdp,
      googleClientId: c.GOOGLE_CLIENT_ID ?? (devIdp ? DEV_IDP_CLIENT_ID : ''),
      googleIssuers:
        c.GOOGLE_ISSUERS ?? (c.GOOGLE_JWKS_URL || !devIdp ? ['https://accounts.google.com', 'accounts.google.com'] : [DEV_IDP_ISSUER]),
      googleAuthorizeUrl:
        c.GOOGLE_AUTHORIZE_URL ?? (devIdp && !c.GOOGLE_JWKS_URL ? DEV_IDP_AUTHORIZE_PATH : 'https://accounts.google.com/o/oauth2/v2/auth'),
    };
  });

export const DEV_IDP_ISSUER = 'https://dev-idp.kasrat.local';
export const DEV_IDP_CLIENT_ID = 'kasrat-dev-client';
export const DEV_IDP_AUTHORIZE_PATH = '/api/dev/idp/authorize';

export type AuthConfig = z.infer<typeof AuthConfigSchema>;

export function readAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const parsed = AuthConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid sign-in configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** SPEC §5/§9 constants the server enforces. */
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const GRANT_TTL_MS = 10 * 60_000;
export const EMAIL_LINK_TTL_MS = 24 * 3_600_000;
