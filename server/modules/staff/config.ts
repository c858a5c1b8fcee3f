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
  /** Wrong passwords or codes per staff account per STAFF_LOGIN_WINDOW_S before the account's sign-in pauses. */
  STAFF_LOGIN_FAILURE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** The window, in seconds, of STAFF_LOGIN_FAILURE_LIMIT and STAFF_LOGIN_LIMIT_PER_IP. */
  STAFF_LOGIN_WINDOW_S: z.coerce.number().int().min(60).default(900),
  /** Staff sign-in attempts per client address (IPv6 by /64) per STAFF_LOGIN_WINDOW_S: credential stuffing. */
  STAFF_LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
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
