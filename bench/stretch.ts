// The measure `npm run bench -- web` puts beside each page's Lighthouse figures (README "Performance").

export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

/**
 * How much longer the page's main-thread tasks took by the clock than on the CPU: 1 when the renderer ran
 * undisturbed, more when other processes of the machine (the browser's own, the server, Lighthouse) held the
 * cores. Lighthouse's simulated throttling multiplies each task's clock time by 4, so a stretch of 3 makes the
 * same page's blocking time several times longer: scores from runs of different stretch do not compare (the
 * same build has read home 96 and 74 on these 2-core machines; the 74s came with stretches of 2.4-3.2).
 */
export function mainThreadStretch(events: readonly TraceEvent[]): number {
  const mains = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'RunTask' || !mains.has(key) || e.tdur === undefined) continue;
    const list = tasks.get(key);
    if (list) list.push(e);
    else tasks.set(key, [e]);
  }
  // The page's renderer is the one that worked most; only top-level tasks count (RunTask nests).
  const busiest = [...tasks.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  let wall = 0;
  let cpu = 0;
  let end = 0;
  // A task and one nested in it may start at the same microsecond: the longer, outer one comes first.
  for (const t of busiest.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    if (t.ts < end) continue;
    end = t.ts + (t.dur ?? 0);
    wall += t.dur ?? 0;
    cpu += t.tdur as number;
  }
  return cpu > 0 ? Number((wall / cpu).toFixed(2)) : Number.NaN;
}
