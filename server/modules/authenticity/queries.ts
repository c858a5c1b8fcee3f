import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// Kysely queries of the authenticity and importer calls.

const isoDate = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

export async function brandsWithCertificates(db: Db) {
  return db
    .selectFrom('brands as b')
    .innerJoin('brand_certificates as c', 'c.brand_id', 'b.id')
    .leftJoin('importers as i', 'i.id', 'b.importer_id')
    .select([
      'b.id as brand_id',
      'b.name',
      'b.slug',
      'b.country',
      'i.id as importer_id',
      'i.name as importer_name',
      'i.slug as importer_slug',
    ])
    .select(sql<number>`count(c.id)::int`.as('certificate_count'))
    .groupBy(['b.id', 'i.id'])
    .orderBy('b.name')
    .execute();
}

export async function brandById(db: Db, id: number) {
  return db.selectFrom('brands').select(['id', 'name', 'slug', 'country']).where('id', '=', id).executeTakeFirst();
}

export async function certificates(db: Db, where: { brandId?: number; importerId?: number; id?: number }) {
  let q = db
    .selectFrom('brand_certificates as c')
    .innerJoin('brands as b', 'b.id', 'c.brand_id')
    .leftJoin('importers as i', 'i.id', 'c.importer_id')
    .select([
      'c.id',
      'c.title',
      'c.certificate_no',
      'c.issued_on',
      'c.valid_till',
      'b.id as brand_id',
      'b.name as brand_name',
      'b.slug as brand_slug',
      'i.id as importer_id',
      'i.name as importer_name',
      'i.slug as importer_slug',
      'i.address as importer_address',
      'i.licence_no as importer_licence_no',
    ])
    .orderBy('c.id');
  if (where.brandId !== undefined) q = q.where('c.brand_id', '=', where.brandId);
  if (where.importerId !== undefined) q = q.where('c.importer_id', '=', where.importerId);
  if (where.id !== undefined) q = q.where('c.id', '=', where.id);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    certificate_no: r.certificate_no,
    issued_on: isoDate(r.issued_on),
    valid_till: isoDate(r.valid_till),
    brand: { id: r.brand_id, name: r.brand_name, slug: r.brand_slug },
    importer:
      r.importer_id === null
        ? null
        : {
            id: r.importer_id,
            name: r.importer_name as string,
            slug: r.importer_slug as string,
            address: r.importer_address as string,
            licence_no: r.importer_licence_no as string,
          },
    document_url: `/api/authenticity/certificate/${r.id}.svg`,
  }));
}
export type CertificateRow = Awaited<ReturnType<typeof certificates>>[number];

export async function importers(db: Db, slug?: string) {
  let q = db
    .selectFrom('importers as i')
    .leftJoin('brands as b', 'b.importer_id', 'i.id')
    .select(['i.id', 'i.name', 'i.slug', 'i.address', 'i.licence_no'])
    .select(sql<number>`count(b.id)::int`.as('brand_count'))
    .groupBy('i.id')
    .orderBy('i.name');
  if (slug !== undefined) q = q.where('i.slug', '=', slug);
  return q.execute();
}

export async function importerBrands(db: Db, importerId: number) {
  return db.selectFrom('brands').select(['id', 'name', 'slug', 'country']).where('importer_id', '=', importerId).orderBy('name').execute();
}

/**
 * Claims a scratch code: one guarded UPDATE, so of any number of concurrent claims exactly one sees its row
 * (PostgreSQL re-checks `claimed_at IS NULL` after waiting for the winner's row lock).
 */
export async function claimCode(db: Db, nacCode: string, scratchCode: string, customerId: number | null) {
  return db
    .updateTable('authenticity_codes')
    .set({ claimed_at: sql`now()`, claimed_by: customerId })
    .where('scratch_code', '=', scratchCode)
    .where('nac_code', '=', nacCode)
    .where('claimed_at', 'is', null)
    .returning(['brand_id', 'claimed_at'])
    .executeTakeFirst();
}

export async function findCode(db: Db, nacCode: string, scratchCode: string) {
  return db
    .selectFrom('authenticity_codes')
    .select(['brand_id', 'claimed_at'])
    .where('scratch_code', '=', scratchCode)
    .where('nac_code', '=', nacCode)
    .executeTakeFirst();
}
