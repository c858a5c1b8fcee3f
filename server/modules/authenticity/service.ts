import { IST_TIME_ZONE } from '../../../schemas/dates.ts';
import type { z } from 'zod';
import type { AuthenticateData, AuthenticateRequest, AuthenticityBrand } from '../../../schemas/content-pages.ts';
import type { Db } from '../../db/database.ts';
import { AppError, NotFound, TooManyRequests } from '../../http/errors.ts';
import { clientKey, hitLimit } from '../../http/rate-limit.ts';
import * as q from './queries.ts';

// Authenticity checks and certificates (SPEC §1, §3 authenticity form, §7 authenticity and importer calls).

/** Brute force of scratch codes is limited per client address and per signed-in customer, in the database. */
export const AUTHENTICITY_LIMIT = { attempts: 10, windowS: 15 * 60 } as const;

const whenText = (d: Date) =>
  d.toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: IST_TIME_ZONE,
  });

/** A code answer that is not "genuine": status 0 with its data, which the app keeps (SPEC §8). */
export class CodeAlreadyUsed extends AppError {
  constructor(data: AuthenticateData, when: Date) {
    super(409, `This scratch code was already verified on ${whenText(when)}. If that was not you, please contact us.`, data);
  }
}
export class CodeUnknown extends AppError {
  constructor(data: AuthenticateData) {
    super(422, 'We could not find this NAC and scratch code pair. Please check both codes on the pack and try again.', data);
  }
}

export async function authenticate(
  db: Db,
  input: z.output<typeof AuthenticateRequest>,
  who: { ip: string; customerId: number | null },
): Promise<{ message: string; data: AuthenticateData }> {
  const keys = [`authenticity:ip:${clientKey(who.ip)}`, ...(who.customerId ? [`authenticity:customer:${who.customerId}`] : [])];
  for (const key of keys) {
    const count = await hitLimit(db, key, AUTHENTICITY_LIMIT.windowS);
    if (count > AUTHENTICITY_LIMIT.attempts) throw new TooManyRequests('Too many authenticity checks. Please try again in 15 minutes.');
  }
  const claimed = await q.claimCode(db, input.nac_code, input.scratch_code, who.customerId);
  if (claimed) {
    const brand = await q.brandById(db, claimed.brand_id);
    const claimedAt = new Date(claimed.claimed_at as Date);
    return {
      message: brand ? `Genuine product: this ${brand.name} pack is authentic.` : 'Genuine product: this pack is authentic.',
      data: {
        result: 'genuine',
        brand: brand ? { id: brand.id, name: brand.name, slug: brand.slug } : null,
        claimed_at: claimedAt.toISOString(),
      },
    };
  }
  const existing = await q.findCode(db, input.nac_code, input.scratch_code);
  if (existing?.claimed_at) {
    const brand = await q.brandById(db, existing.brand_id);
    const when = new Date(existing.claimed_at);
    throw new CodeAlreadyUsed(
      {
        result: 'already_used',
        brand: brand ? { id: brand.id, name: brand.name, slug: brand.slug } : null,
        claimed_at: when.toISOString(),
      },
      when,
    );
  }
  throw new CodeUnknown({ result: 'unknown', brand: null, claimed_at: null });
}

export async function brandList(db: Db): Promise<AuthenticityBrand[]> {
  const rows = await q.brandsWithCertificates(db);
  return rows.map((r) => ({
    brand_id: r.brand_id,
    name: r.name,
    slug: r.slug,
    country: r.country,
    importer: r.importer_id === null ? null : { id: r.importer_id, name: r.importer_name as string, slug: r.importer_slug as string },
    certificate_count: r.certificate_count,
  }));
}

export async function brandCertificates(db: Db, brandId: number) {
  const brand = await q.brandById(db, brandId);
  if (!brand) throw new NotFound('Brand not found.');
  return { brand: { id: brand.id, name: brand.name, slug: brand.slug }, certificates: await q.certificates(db, { brandId }) };
}

export async function certificateDocument(db: Db, id: number) {
  const [row] = await q.certificates(db, { id });
  if (!row) throw new NotFound('Certificate not found.');
  return row;
}

export const importerList = (db: Db) => q.importers(db);

async function importerBySlug(db: Db, slug: string) {
  const [importer] = await q.importers(db, slug);
  if (!importer) throw new NotFound('Importer not found.');
  return importer;
}

export async function importerBrandNames(db: Db, slug: string) {
  const importer = await importerBySlug(db, slug);
  return (await q.importerBrands(db, importer.id)).map(({ id, name, slug }) => ({ id, name, slug }));
}

export async function importerBrandCertificate(db: Db, importerSlug: string, brandSlug: string) {
  const importer = await importerBySlug(db, importerSlug);
  const brand = (await q.importerBrands(db, importer.id)).find((b) => b.slug === brandSlug);
  if (!brand) throw new NotFound(`${importer.name} does not import this brand.`);
  return {
    importer,
    brand: { id: brand.id, name: brand.name, slug: brand.slug },
    certificates: await q.certificates(db, { brandId: brand.id, importerId: importer.id }),
  };
}

export async function importerBrandListData(db: Db, slug: string) {
  const importer = await importerBySlug(db, slug);
  const all = await q.certificates(db, { importerId: importer.id });
  const brands = await q.importerBrands(db, importer.id);
  return { importer, brands: brands.map((b) => ({ ...b, certificates: all.filter((c) => c.brand.id === b.id) })) };
}
