import { z } from 'zod';

// The operations console's sign-in settings (docs/decisions/019), read once at start-up.
const StaffConfigSchema = z.object({
  /** Minutes a staff session may go unused before it ends: a console left open on a shared desk closes soon. */
  STAFF_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** Hours a staff session lasts at most, however busy: staff sign in again every working day. */
  STAFF_SESSION_HOURS: z.coerce.number().int().min(1).max(72).default(12),
  /**
   * Sign-in attempts per staff account from one client address (IPv6 by /64) per STAFF_LOGIN_WINDOW_S before that
   * address's sign-in to the account pauses; counted before the password is checked. Other addresses are not paused.
   */
  STAFF_LOGIN_FAILURE_LIMIT: z.coerce.number().int().min(1).default(5),
  /**
   * Sign-in attempts per staff account from all addresses together per STAFF_LOGIN_WINDOW_S: guessing spread over
   * many networks. Past it the account's sign-in pauses and every active owner is told by email.
   */
  STAFF_LOGIN_ACCOUNT_FAILURE_LIMIT: z.coerce.number().int().min(1).default(50),
  /** The window, in seconds, of STAFF_LOGIN_FAILURE_LIMIT and STAFF_LOGIN_LIMIT_PER_IP. */
  STAFF_LOGIN_WINDOW_S: z.coerce.number().int().min(60).default(900),
  /** Staff sign-in attempts per client address (IPv6 by /64) per STAFF_LOGIN_WINDOW_S: credential stuffing. */
  STAFF_LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Comma-separated earlier STAFF_TOTP_KEY values, still read while the hourly re-encryption job moves rows to the current key. */
  STAFF_TOTP_OLD_KEYS: z.string().default(''),
  /** Hours an invitation link to the console stays valid. */
  STAFF_INVITE_HOURS: z.coerce.number().int().min(1).max(72).default(24),
});
export type StaffConfig = z.infer<typeof StaffConfigSchema>;

export function readStaffConfig(env: NodeJS.ProcessEnv = process.env): StaffConfig {
  const parsed = StaffConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid staff sign-in configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
