// The ceiling of `npm run bench -- catalogue`: a bare Fastify app with one small JSON route and nothing else (no
// plugins, no hooks, no database), the most this machine serves over HTTP with Node, measured beside the store.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { success: true, data: { id: 1, name: 'Whey Protein 1 kg', price: 249900 } };
app.get('/ping', async () => body);
await app.listen({ port: Number(process.env.PORT ?? 3290), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
