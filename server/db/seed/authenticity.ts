import { createHash } from 'node:crypto';
import type { Db } from '../database.ts';
import { BRANDS } from './data.ts';

// Seeded authenticity codes: every brand gets CODES_PER_BRAND sealed units in five batches. Scratch codes are
// derived from a hash so they are not guessable in sequence, yet the same on every machine (tests and demos
// compute them with seedAuthenticityCode).
export const CODES_PER_BRAND = 25;

export function seedAuthenticityCode(brandIndex: number, unit: number): { nac_code: string; scratch_code: string } {
  const brand = BRANDS[brandIndex];
  if (!brand) throw new Error(`no seeded brand ${brandIndex}`);
  const digest = createHash('sha256').update(`kasrat-seed:${brand.initials}:${unit}`).digest('hex').toUpperCase();
  return { nac_code: `NAC${brand.initials}${String((unit % 5) + 1).padStart(4, '0')}`, scratch_code: digest.slice(0, 12) };
}

export async function seedAuthenticityCodes(db: Db, brandIds: number[]): Promise<void> {
  const rows = brandIds.flatMap((brand_id, b) =>
    Array.from({ length: CODES_PER_BRAND }, (_, unit) => ({ brand_id, ...seedAuthenticityCode(b, unit) })),
  );
  await db.insertInto('authenticity_codes').values(rows).execute();
}
