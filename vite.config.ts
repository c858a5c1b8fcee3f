import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { reactDomClientEsm } from './scripts/react-dom-esm.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

// Hashed assets are compressed once at build time at the highest levels (served by @fastify/static's
// preCompressed), instead of per request.
function precompress(outDir: string): Plugin {
  return {
    name: 'kasrat-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    closeBundle() {
      const dir = path.resolve(outDir, 'assets');
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (!/\.(js|css|svg|json)$/.test(name) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

// React DOM, an ES module in the browser build (scripts/react-dom-esm.ts), is a chunk of its own: its code is the
// chunk's top level, and anything that needs that top level's source positions (DevTools, which Lighthouse
// attaches, does for the errors React creates as it loads) re-parses only React DOM, not the whole stack.
const REACT_DOM = /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/;
// The rest of the React stack changes far less often than the app: one stable, long-cached chunk.
const VENDOR = /[\\/]node_modules[\\/](react|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/;

// The form kit (src/ui/form) is not the shell's: only pages with forms use it, and the account barrel the header
// imports reaches it, which must not pull its fields (and their schemas) into the first load.
const SHELL = /[\\/]src[\\/](ui(?![\\/]form[\\/])|api|app)[\\/]|[\\/]src[\\/]features[\\/][\w-]+[\\/](hooks|local-data|return-to)\.tsx?$|[\\/]schemas[\\/](money|cookie)/;

/**
 * The modules the browser entry imports statically, directly or through others: known once the module graph is
 * built, before the chunks are made.
 */
function entryStaticGraph(): Plugin & { has(id: string): boolean } {
  const modules = new Set<string>();
  return {
    name: 'kasrat-entry-static-graph',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    buildEnd() {
      modules.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const visit = (id: string) => {
        if (modules.has(id)) return;
        modules.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
      };
      for (const id of entries) visit(id);
    },
    has: (id) => modules.has(id),
  };
}
const entryGraph = entryStaticGraph();

// The chunk of the reporting pipeline (providers/index.ts), which imports the adapters.
const REPORTING_CHUNK = /(^|\/)providers-[\w-]+\.js$/;

// The chunks the entry imports statically: loaded before any of its dynamic imports can run, they need no preload
// link again (Vite lists them in every dynamic import's dependencies, and that list ships in the entry).
const ENTRY_STATIC = /(^|\/)(rolldown-runtime|react-dom|vendor|shell)-[\w-]+\.js$/;

const APP_MODULE = /[\\/](src|events|providers|schemas|machines)[\\/].*\.tsx?$/;
const KEEPS_EFFECTS = /(\.css\.ts|[\\/]src[\\/]main\.tsx)$/;
function appModuleSideEffects(id: string): boolean {
  if (id.includes('node_modules') || !APP_MODULE.test(id)) return true;
  return KEEPS_EFFECTS.test(id);
}

// React Router's package exports only its development build (invariant messages, dev warnings, slower renders);
// its production build ships beside it. Production bundles, the browser's and the server render's, take that one.
const REACT_ROUTER_PRODUCTION = path.resolve('node_modules/react-router/dist/production');
const productionReactRouter = [
  { find: /^react-router$/, replacement: path.join(REACT_ROUTER_PRODUCTION, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(REACT_ROUTER_PRODUCTION, 'dom-export.mjs') },
];

export default defineConfig(({ command, mode, isSsrBuild }) => ({
  plugins: [reactDomClientEsm(), react(), vanillaExtractPlugin(), precompress('dist/client'), entryGraph],
  resolve: { alias: command === 'build' && mode === 'production' ? productionReactRouter : [] },
  // Public files are served from the client build only.
  publicDir: isSsrBuild ? false : 'public',
  // Bundled into the server-render entry, React Router is the production build above, as in the browser.
  ssr: { noExternal: ['react-router', 'react-router-dom', 'cookie', 'set-cookie-parser'] },
  build: {
    // The server-render entry (docs/decisions/010) is built beside the client: `vite build --ssr`.
    outDir: isSsrBuild ? 'dist/ssr' : 'dist/client',
    // One stylesheet for the whole store (7.5 KB gz), linked in the head: a server-rendered page is styled at its
    // first paint whichever route it is, without waiting for its route chunk's CSS.
    cssCodeSplit: false,
    // The reporting adapters load once the browser is idle after hydration (src/features/analytics/store.ts): each
    // is fetched by its import and its few shared modules as the browser parses it, instead of Vite inserting a
    // preload link per module for all of them in one task (about 30 ms on a desktop, four times that on a phone).
    modulePreload: {
      // Every browser the build targets but Safari before 17 follows modulepreload links itself; there, the entry's
      // static imports load as it parses (one round trip later), and dynamic imports still preload with
      // rel=preload. The polyfill would be 0.5 KB gz on every first load for them alone.
      polyfill: false,
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        REPORTING_CHUNK.test(hostId) ? [] : hostType === 'js' ? deps.filter((d) => !ENTRY_STATIC.test(d)) : deps,
    },
    // The server preloads the chunks of the route it rendered (server/html.ts).
    manifest: !isSsrBuild,
    emptyOutDir: true,
    // Maps are written for error reports and the bundle budgets (scripts/budgets.mjs) but named by no asset: the
    // server gives them only to an operations token (server/app.ts), never to the public with the original sources.
    sourcemap: 'hidden',
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: REACT_DOM, priority: 1 },
            { name: 'vendor', test: VENDOR },
            // The shell's own small modules that pages share with it (toasts, icons, meta, money, storage) stay one
            // chunk: split one per module, each gzips alone and the first load grows by several KB.
            { name: 'shell', test: (id) => SHELL.test(id) && entryGraph.has(id), minShareCount: 2 },
            // The same kind of small modules that only pages share: one chunk of their own, not in the first load.
            { name: 'shared', test: (id) => SHELL.test(id) && !entryGraph.has(id), minShareCount: 2 },
          ],
        },
      },
      // Feature barrels re-export pages and forms the shell never uses; without this, their (style) imports keep
      // whole pages — the sign-in view with XState, dialogs — in the first load. App modules only run at import
      // what they export; styles (vanilla-extract), the entry and dependencies keep their side effects.
      treeshake: { moduleSideEffects: appModuleSideEffects },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: Object.fromEntries(['/api', '/images'].map((p) => [p, `http://127.0.0.1:${apiPort}`])),
  },
}));
