import { z } from 'zod';

// The search provider switch (SPEC §1: a third-party search service is configured but disabled by a flag). The
// built-in engine (server/search/engine.ts) answers unless SEARCH_PROVIDER names another; read once when the
// catalogue module starts, so a bad value stops the process with a clear message.

export const SEARCH_PROVIDERS = ['builtin', 'algolia'] as const;
export type SearchProviderName = (typeof SEARCH_PROVIDERS)[number];

const SearchEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /**
     * Which search answers listings, search and suggestions: `builtin` (the in-process engine) or `algolia`. A
     * failed or slow provider call is answered by the built-in engine for that request (docs/decisions/026).
     */
    SEARCH_PROVIDER: z.enum(SEARCH_PROVIDERS).default('builtin'),
    /** Algolia application id (the dashboard's "Application ID"). */
    ALGOLIA_APP_ID: z
      .string()
      .regex(/^[A-Za-z0-9]{1,32}$/, 'letters and digits only')
      .optional(),
    /** Algolia search-only API key: the store's searches use it and nothing else. */
    ALGOLIA_SEARCH_KEY: z.string().min(1).optional(),
    /** Algolia key with the addObject, deleteObject and editSettings rights, used only to send the indexes. */
    ALGOLIA_WRITE_KEY: z.string().min(1).optional(),
    /**
     * One origin for every Algolia call instead of Algolia's own hosts (`https://<app>-dsn.algolia.net` to search,
     * `https://<app>.algolia.net` to write): a proxy, or a local fake in tests.
     */
    ALGOLIA_HOST: z.string().url().optional(),
    /** Prefix of the index names: `<prefix>_variants` (and its sorted replicas), `<prefix>_categories`, `<prefix>_brands`. */
    ALGOLIA_INDEX_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, - and _ only')
      .default('kasrat'),
    /** How long one search call to the provider may take before the built-in engine answers instead. */
    ALGOLIA_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(800),
  })
  .superRefine((c, ctx) => {
    if (c.SEARCH_PROVIDER !== 'algolia') return;
    // Without them every search would fail over to the built-in engine: a misconfiguration, refused at start.
    if (!c.ALGOLIA_APP_ID) ctx.addIssue({ code: 'custom', path: ['ALGOLIA_APP_ID'], message: 'required when SEARCH_PROVIDER is algolia' });
    if (!c.ALGOLIA_SEARCH_KEY)
      ctx.addIssue({ code: 'custom', path: ['ALGOLIA_SEARCH_KEY'], message: 'required when SEARCH_PROVIDER is algolia' });
    if (c.NODE_ENV !== 'production') return;
    // Production sends the index (ALGOLIA_WRITE_KEY) and never searches over plain HTTP.
    if (!c.ALGOLIA_WRITE_KEY)
      ctx.addIssue({ code: 'custom', path: ['ALGOLIA_WRITE_KEY'], message: 'required in production when SEARCH_PROVIDER is algolia' });
    if (c.ALGOLIA_HOST && !c.ALGOLIA_HOST.startsWith('https://'))
      ctx.addIssue({ code: 'custom', path: ['ALGOLIA_HOST'], message: 'must be https in production' });
    if (c.ALGOLIA_WRITE_KEY && c.ALGOLIA_WRITE_KEY === c.ALGOLIA_SEARCH_KEY)
      ctx.addIssue({ code: 'custom', path: ['ALGOLIA_SEARCH_KEY'], message: 'must be a search-only key, not the write key' });
  });

export type SearchConfig = z.infer<typeof SearchEnv>;

export function readSearchConfig(env: NodeJS.ProcessEnv = process.env): SearchConfig {
  const parsed = SearchEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid search configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
