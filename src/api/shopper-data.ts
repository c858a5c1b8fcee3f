import { ping } from './auth.tsx';
import { SHOPPER_KEY } from './prefetch.ts';
import type { Store } from './resource.ts';
import type { ResourceDef } from './route-data.ts';

// The shopper's own answers as a shopper page's loader names them (docs/decisions/010): under the key the code
// showing them reads in a personal render (src/api/prefetch.ts). Imported by loaders alone, which the browser's build
// drops: prefetch.ts stays out of the chunks that only name catalogue data (scripts/budgets.mjs).

/** The answer `name` (a store's name, 'session'), loaded only in a personal render, whose calls carry the cookies. */
export const shopperResource = <T>(name: string, load: () => Promise<T>): ResourceDef<T> => ({
  key: SHOPPER_KEY + name,
  load: () => load(),
  personal: true,
});

/** A shopper's store (src/api/resource.ts): what its useStore reads in the render. */
export const storeResource = <T>(store: Pick<Store<T>, 'name' | 'fetch'>): ResourceDef<T> => shopperResource(store.name, store.fetch);

/** The session (GET /api/ping), which AuthProvider (src/api/auth.tsx) starts from under the same name. */
export const sessionResource = () => shopperResource('session', async () => (await ping()).data);
