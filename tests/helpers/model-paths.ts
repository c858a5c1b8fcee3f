// What the machine models share for path generation: a service's answer as the
// `xstate.done.actor.*` / `xstate.error.actor.*` event the machine receives, services that replay a path's
// answers, and the test title of a path.

// `label` only names the answer in test titles.
export const done = (id: string, output: unknown, label: string) => ({ type: `xstate.done.actor.${id}`, output, label }) as never;
export const error = (id: string, err: unknown, label: string) => ({ type: `xstate.error.actor.${id}`, error: err, label }) as never;

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
type PathSteps = ReadonlyArray<{ event: { type: string; output?: unknown; error?: unknown } }>;

/**
 * Services that answer, in order, what the path's `xstate.done/error.actor.*` steps say; a call beyond the path
 * never settles (the path ends while it is in flight). `calls` records every input. `serviceOf` maps an invoke
 * id to the service it runs when the two names differ.
 */
export function answeringServices<Services>(
  steps: PathSteps,
  names: ReadonlyArray<keyof Services & string>,
  serviceOf: Record<string, string> = {},
) {
  const queues = new Map<string, Outcome[]>();
  for (const { event } of steps) {
    const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (!m) continue;
    const name = serviceOf[m[2]] ?? m[2];
    const q = queues.get(name) ?? [];
    q.push(m[1] === 'done' ? { ok: true, value: event.output } : { ok: false, error: event.error });
    queues.set(name, q);
  }
  const calls: Array<{ service: string; input: unknown }> = [];
  const answer = (name: string) => (input: unknown) => {
    calls.push({ service: name, input });
    const next = queues.get(name)?.shift();
    if (!next) return new Promise<never>(() => {});
    return next.ok ? Promise.resolve(next.value) : Promise.reject(next.error);
  };
  const services = Object.fromEntries(names.map((n) => [n, answer(n)])) as unknown as Services;
  return { services, calls, unanswered: () => [...queues.values()].reduce((n, q) => n + q.length, 0) };
}

export const isServiceStep = (type: string) => type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.');
export const describePath = (steps: ReadonlyArray<{ event: { type: string; label?: string } }>) =>
  steps
    .map((s) => (s.event.label ? `${s.event.type.replace(/^xstate\.(done|error)\.actor\./, '')}→${s.event.label}` : s.event.type))
    .filter((t) => t !== 'xstate.init')
    .join(' > ');
