import { buildApp } from './server/app.ts';
import { openDatabase, migrate } from './server/db/database.ts';
const handle = await openDatabase({ dataDir: '/tmp/catalogue/prof-db' });
await migrate(handle.db);
const app = await buildApp({ config: { NODE_ENV: 'production', LOG_LEVEL: 'warn' }, handle, clientDir: null });
await app.ready();
const words = ['whey','wehy protien','creat','multivitamn women','titn','chocolate whey 2kg','pro','gold','oats'];
const mem = () => (process.memoryUsage().heapUsed / 1e6).toFixed(1);
const mode = process.argv[2] ?? 'search';
const run = async (n: number, off: number) => { for (let i = 0; i < n; i++) {
  const j = i + off;
  const url = mode === 'pdp' ? `/api/product-details/product-detail-page?product_id=${1 + (j * 7919) % 13850}` : `/api/search/product-search-listing?q=${encodeURIComponent(words[j % words.length]!)}&sortby=${['relevance','price_asc','rating_desc'][j % 3]}&pn=${1 + (j % 5)}&per_page=${20 + (j % 7)}`;
  const r = await app.inject({ method: 'GET', url }); if (r.statusCode !== 200) throw new Error(url);
} };
await run(300, 100000);
(globalThis as any).gc(); console.log('start', mem());
const t0 = performance.now(); await run(1000, 0); const dt = performance.now() - t0;
(globalThis as any).gc(); console.log('end', mem(), 'ms/req', (dt / 1000).toFixed(2));
await app.close();
