import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { stateByCode, ZONE_SERVICE } from '../../../schemas/india-states.ts';
import type { Db } from '../../db/database.ts';
import { PINCODE_DIRECTORY, PINCODE_DIRECTORY_SOURCE } from './pincode-directory.data.ts';

// The India Post pincode directory shipped with the store (docs/pincodes.md), loaded into `pincodes` by the seed
// and at every boot. A load is recorded with the version of the shipped file and of the serviceability rule, so a
// boot after the first changes nothing and costs one read; instances booting together take turns on a lock.

const LOAD_LOCK = 7_146_300;
const CHUNK = 5_000;

export type DirectoryRow = {
  pincode: string;
  city: string;
  district: string;
  state: string;
  delivery: boolean;
  serviceable: boolean;
  cod_available: boolean;
  min_days: number;
  max_days: number;
};

/**
 * The city an address shows for a district: the district's name, but "Bengaluru Urban" is Bengaluru, and Delhi's
 * districts outside New Delhi are Delhi (docs/pincodes.md "City").
 */
export function cityOfDistrict(district: string, state: string): string {
  if (state === 'Delhi') return district === 'New Delhi' ? 'New Delhi' : 'Delhi';
  return district.replace(/ Urban$/, '');
}

/** Serviceability of one directory pincode (docs/pincodes.md "Serviceability"): its state's zone, India Post's delivery status. */
export function serviceOf(stateCode: string, delivery: boolean) {
  const state = stateByCode(stateCode);
  if (!state) throw new Error(`pincode directory: unknown state code ${stateCode}`);
  const zone = ZONE_SERVICE[state.zone];
  return {
    state: state.name,
    serviceable: delivery,
    cod_available: delivery && zone.cod,
    min_days: zone.min_days,
    max_days: zone.max_days,
  };
}

export function directoryRows(text: string = PINCODE_DIRECTORY): DirectoryRow[] {
  const services = new Map<string, ReturnType<typeof serviceOf>>();
  return text.split('\n').map((line) => {
    const [pincode, district, code, delivers] = line.split('\t');
    const delivery = delivers === '1';
    const key = `${code}${delivers}`;
    const service = services.get(key) ?? serviceOf(code, delivery);
    services.set(key, service);
    return { pincode, district, city: cityOfDistrict(district, service.state), delivery, ...service };
  });
}

/** The version a load records: the shipped file and the rule that turns it into rows. */
export const DIRECTORY_VERSION = createHash('sha256')
  .update(PINCODE_DIRECTORY)
  .update(JSON.stringify(ZONE_SERVICE))
  .update(cityOfDistrict.toString())
  .digest('hex')
  .slice(0, 16);

export type DirectoryLoad = { loaded: boolean; pincodes: number; ms: number };

/** Loads the shipped directory unless this version is loaded already; runs in the caller's transaction if it has one. */
export async function loadPincodeDirectory(db: Db): Promise<DirectoryLoad> {
  const started = Date.now();
  if (await isLoaded(db)) return { loaded: false, pincodes: 0, ms: Date.now() - started };
  const run = async (trx: Db) => {
    await sql`SELECT pg_advisory_xact_lock(${LOAD_LOCK})`.execute(trx);
    if (await isLoaded(trx)) return { loaded: false, pincodes: 0, ms: Date.now() - started };
    const rows = directoryRows();
    for (let i = 0; i < rows.length; i += CHUNK) await upsert(trx, rows.slice(i, i + CHUNK));
    // Pincodes India Post no longer lists (and the sample rows of older seeds) go.
    await trx
      .deleteFrom('pincodes')
      .where(sql<boolean>`pincode NOT IN (SELECT unnest(${rows.map((r) => r.pincode)}::text[]))`)
      .execute();
    const ms = Date.now() - started;
    await trx
      .insertInto('pincode_directory_loads')
      .values({ version: DIRECTORY_VERSION, source: PINCODE_DIRECTORY_SOURCE, pincodes: rows.length, ms })
      .execute();
    return { loaded: true, pincodes: rows.length, ms };
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

async function isLoaded(db: Db): Promise<boolean> {
  const last = await db.selectFrom('pincode_directory_loads').select('version').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return last?.version === DIRECTORY_VERSION;
}

// One statement per chunk: the columns as arrays, unnested into rows (far fewer round trips than row inserts).
async function upsert(db: Db, rows: DirectoryRow[]) {
  const col = <K extends keyof DirectoryRow>(k: K) => rows.map((r) => r[k]);
  await sql`
    INSERT INTO pincodes (pincode, city, district, state, delivery, serviceable, cod_available, min_days, max_days)
    SELECT * FROM unnest(
      ${col('pincode')}::text[], ${col('city')}::text[], ${col('district')}::text[], ${col('state')}::text[],
      ${col('delivery')}::boolean[], ${col('serviceable')}::boolean[], ${col('cod_available')}::boolean[],
      ${col('min_days')}::integer[], ${col('max_days')}::integer[]
    )
    ON CONFLICT (pincode) DO UPDATE SET
      city = excluded.city, district = excluded.district, state = excluded.state, delivery = excluded.delivery,
      serviceable = excluded.serviceable, cod_available = excluded.cod_available,
      min_days = excluded.min_days, max_days = excluded.max_days
  `.execute(db);
}

/**
 * The states of the directory's pincodes that share an unlisted pincode's sorting district (its first three
 * digits) or, when none does, its postal region (its first digit): where a new or missing pincode can be
 * (docs/pincodes.md "Pincodes the directory does not list"). Empty when no listed pincode is near: not an
 * Indian pincode (9 is the army's postal service).
 */
export async function statesNear(db: Db, pincode: string): Promise<string[]> {
  for (const digits of [3, 1]) {
    const from = pincode.slice(0, digits).padEnd(6, '0');
    const to = pincode.slice(0, digits).padEnd(6, '9');
    const rows = await db
      .selectFrom('pincodes')
      .select('state')
      .distinct()
      .where('pincode', '>=', from)
      .where('pincode', '<=', to)
      .execute();
    if (rows.length) return rows.map((r) => r.state).sort();
  }
  return [];
}
