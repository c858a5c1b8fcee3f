import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// The console's review queue (docs/decisions/019), read here: reviews awaiting moderation oldest first (the order
// shoppers wrote them), or those published or hidden, latest decision first; a page at a time with the count.

export async function moderationPage(db: Db, state: 'awaiting' | 'published' | 'hidden', page: number, pageSize: number) {
  const inState = db
    .selectFrom('reviews as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .where('r.status', '!=', 'withdrawn')
    .where((eb) =>
      state === 'awaiting' ? eb('r.moderated_at', 'is', null) : eb.and([eb('r.moderated_at', 'is not', null), eb('r.status', '=', state)]),
    );
  let query = inState
    .select(['r.id', 'r.product_id', 'p.name as product_name', 'r.author_name', 'r.rating', 'r.title', 'r.body', 'r.photo_count'])
    .select(['r.status', 'r.created_at', 'r.moderated_at'])
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  query =
    state === 'awaiting'
      ? query.orderBy('r.created_at', 'asc').orderBy('r.id', 'asc')
      : query.orderBy('r.moderated_at', 'desc').orderBy('r.id', 'desc');
  const [rows, count] = await Promise.all([query.execute(), inState.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()]);
  return { total: Number(count.n), rows };
}
