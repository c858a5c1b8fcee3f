import { z } from 'zod';

// The cart's switches (SPEC §1: the freebie feature flag is on). Read on each call, so a test or a restarted
// instance sees the value the environment has now.
const CartConfigSchema = z.object({
  /** `off` turns free gifts off everywhere: none offered, none added, and gift lines already in carts drop out. */
  FREEBIES: z.enum(['on', 'off']).default('on'),
});

let cached: { raw: string | undefined; on: boolean } | null = null;

/** Whether free gifts are on (FREEBIES, default on). */
export function freebiesEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env.FREEBIES;
  if (cached && cached.raw === raw) return cached.on;
  const parsed = CartConfigSchema.safeParse({ FREEBIES: raw });
  if (!parsed.success) throw new Error(`Invalid cart configuration: FREEBIES must be on or off, not "${raw}"`);
  cached = { raw, on: parsed.data.FREEBIES === 'on' };
  return cached.on;
}
