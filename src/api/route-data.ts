import type { PrefetchScope } from './prefetch.ts';

// docs/decisions/010: a page's data is named once, as a key and the load that answers it, and used twice: by the
// route's loader, which the server runs before it renders (handler.query), and by the page's cached resource hook
// (src/api/cached-resource.ts), which finds the answer in the render's scope, or in the browser's cache seeded with
// it, and otherwise loads it itself.

/** One piece of a page's data: its cache key and the load that answers it. */
export interface ResourceDef<T> {
  readonly key: string;
  readonly load: (signal: AbortSignal) => Promise<T>;
  /** The shopper's own answer (src/api/shopper-data.ts): loaded only in a personal render. */
  readonly personal?: true;
}

export const resource = <T>(key: string, load: (signal: AbortSignal) => Promise<T>): ResourceDef<T> => ({ key, load });

/** What the server hands a route's loader as its context: the render's scope, and when to give up. */
export interface LoaderContext {
  scope: PrefetchScope;
  signal: AbortSignal;
}

type Answers<D extends readonly (ResourceDef<unknown> | null)[]> = {
  [I in keyof D]: D[I] extends ResourceDef<infer T> ? T | undefined : undefined;
};

/**
 * A loader's work: loads `defs` into the render's scope, all at once, and returns their answers (undefined for one
 * that failed, or null def; a failure is left to the browser, which renders it loading as the server did). Outside
 * a server render (no scope) it loads nothing, and the shopper's own data only in a personal render.
 */
export async function preload<const D extends readonly (ResourceDef<unknown> | null)[]>(context: unknown, defs: D): Promise<Answers<D>> {
  const ctx = context as Partial<LoaderContext> | undefined;
  const scope = ctx?.scope;
  const answers = await Promise.all(
    defs.map(async (def) => {
      if (!def || !scope || !ctx.signal) return undefined;
      // An anonymous render's calls carry no cookies: its answer would be nobody's (docs/decisions/010).
      if (def.personal && !scope.personal) return undefined;
      if (scope.data.has(def.key)) return scope.data.get(def.key);
      try {
        const value = await def.load(ctx.signal);
        scope.data.set(def.key, value);
        return value;
      } catch {
        scope.missing.add(def.key);
        return undefined;
      }
    }),
  );
  return answers as Answers<D>;
}
