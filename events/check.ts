// The strict check of every event against the catalogue (SPEC §7): the compiled yes/no predicate for the hot
// path, and zod's own message for a rejected event. Its own module so that production pages load it (with zod)
// as a chunk after first paint; the bus holds events until it is here (events/bus.ts).
import { CatalogueEvent } from './catalogue.ts';
import { compileValidator } from './validator.ts';

export const isValidEvent: (event: unknown) => boolean = compileValidator(CatalogueEvent);

/** Why an event was rejected, in zod's words. */
export function explainInvalid(event: unknown): string {
  return CatalogueEvent.safeParse(event).error?.message ?? 'rejected';
}
