import { sql } from 'kysely';
import { FUNNEL_STEPS, type FunnelResponse } from '../../../schemas/events.ts';
import type { Db } from '../../db/database.ts';

// GET /api/analytics/funnel: SPEC §4 funnel steps counted per session from the stored conversion events.
// A session counts at step k only if it reached step k−1 no later than its step-k event (closed funnel), so
// a payment view without a cart view in that session is not a conversion; such sessions are reported apart.

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;

/** Today's date in India (SPEC §9 +05:30) as YYYY-MM-DD. */
export const indiaToday = (now = Date.now()): string => new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10);
const dayStart = (day: string): Date => new Date(`${day}T00:00:00+05:30`);

export async function funnelReport(db: Db, range: { from?: string; to?: string }, now = Date.now()): Promise<FunnelResponse> {
  const to = range.to ?? indiaToday(now);
  const from = range.from ?? indiaToday(dayStart(to).getTime() - 29 * DAY_MS + IST_OFFSET_MS);
  const start = dayStart(from);
  const end = new Date(dayStart(to).getTime() + DAY_MS);

  const result = await sql<{
    c1: number;
    c2: number;
    c3: number;
    c4: number;
    c5: number;
    out_of_order: number;
  }>`
    WITH e AS (
      SELECT session_id, funnel_step, event_time FROM conversion_events
      WHERE event_time >= ${start} AND event_time < ${end} AND funnel_step IS NOT NULL
    ),
    s1 AS (SELECT session_id, min(event_time) AS t FROM e WHERE funnel_step = 1 GROUP BY session_id),
    s2 AS (SELECT e.session_id, min(e.event_time) AS t FROM e JOIN s1 ON s1.session_id = e.session_id AND e.event_time >= s1.t
           WHERE e.funnel_step = 2 GROUP BY e.session_id),
    s3 AS (SELECT e.session_id, min(e.event_time) AS t FROM e JOIN s2 ON s2.session_id = e.session_id AND e.event_time >= s2.t
           WHERE e.funnel_step = 3 GROUP BY e.session_id),
    s4 AS (SELECT e.session_id, min(e.event_time) AS t FROM e JOIN s3 ON s3.session_id = e.session_id AND e.event_time >= s3.t
           WHERE e.funnel_step = 4 GROUP BY e.session_id),
    s5 AS (SELECT e.session_id, min(e.event_time) AS t FROM e JOIN s4 ON s4.session_id = e.session_id AND e.event_time >= s4.t
           WHERE e.funnel_step = 5 GROUP BY e.session_id),
    ooo AS (
      (SELECT session_id FROM e WHERE funnel_step = 2 EXCEPT SELECT session_id FROM s2)
      UNION (SELECT session_id FROM e WHERE funnel_step = 3 EXCEPT SELECT session_id FROM s3)
      UNION (SELECT session_id FROM e WHERE funnel_step = 4 EXCEPT SELECT session_id FROM s4)
      UNION (SELECT session_id FROM e WHERE funnel_step = 5 EXCEPT SELECT session_id FROM s5)
    )
    SELECT (SELECT count(*) FROM s1)::int AS c1, (SELECT count(*) FROM s2)::int AS c2, (SELECT count(*) FROM s3)::int AS c3,
           (SELECT count(*) FROM s4)::int AS c4, (SELECT count(*) FROM s5)::int AS c5, (SELECT count(*) FROM ooo)::int AS out_of_order
  `.execute(db);
  const closed = result.rows[0];

  const perStep = await db
    .selectFrom('conversion_events')
    .select((eb) => [
      'funnel_step',
      'event_name',
      eb.fn.countAll<number>().as('events'),
      sql<number>`count(DISTINCT session_id)::int`.as('sessions'),
    ])
    .where('event_time', '>=', start)
    .where('event_time', '<', end)
    .where((eb) => eb.or([eb('funnel_step', 'is not', null), eb('event_name', '=', 'Purchase')]))
    .groupBy(['funnel_step', 'event_name'])
    .execute();
  const any = (pred: (r: (typeof perStep)[number]) => boolean) => {
    const rows = perStep.filter(pred);
    return { events: rows.reduce((s, r) => s + Number(r.events), 0), sessions: rows.reduce((s, r) => s + Number(r.sessions), 0) };
  };

  const counts = [closed.c1, closed.c2, closed.c3, closed.c4, closed.c5].map(Number);
  const steps = FUNNEL_STEPS.map((s, i) => {
    const raw = any((r) => Number(r.funnel_step) === s.step);
    const previous = i === 0 ? null : counts[i - 1];
    return {
      step: s.step,
      event_name: s.event_name,
      label: s.label,
      sessions: counts[i],
      sessions_any_order: raw.sessions,
      events: raw.events,
      conversion_from_previous: previous ? Math.round((counts[i] / previous) * 10_000) / 10_000 : null,
    };
  });
  return { from, to, steps, purchases: any((r) => r.event_name === 'Purchase'), out_of_order_sessions: Number(closed.out_of_order) };
}
