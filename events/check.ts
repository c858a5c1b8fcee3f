// The strict check of every event against the catalogue (SPEC §7) as development, tests and Node run it: the
// generated yes/no predicate for the hot path (the one production pages load on its own, events/bus.ts), and zod's
// own message for a rejected event.
import { CatalogueEvent } from './catalogue.ts';

export { isValidEvent } from './check.generated.ts';

/** Why an event was rejected, in zod's words. */
export function explainInvalid(event: unknown): string {
  return CatalogueEvent.safeParse(event).error?.message ?? 'rejected';
}
