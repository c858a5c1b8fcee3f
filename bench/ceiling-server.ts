// The ceilings of `npm run bench -- catalogue`: a bare Fastify app (no plugins, no hooks, no database), the most this
// machine serves over HTTP with Node, measured beside the store. `/ping` is one small JSON route; with BODIES_DIR,
// `/body/:i` sends the i-th listing answer the store sent in the same run, byte for byte (compressed where the
// store compressed it), so the listing can also be read as a share of what sending those bytes costs at all.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { success: true, data: { id: 1, name: 'Whey Protein 1 kg', price: 249900 } };
app.get('/ping', async () => body);
const dir = process.env.BODIES_DIR;
if (dir) {
  const encodings = JSON.parse(readFileSync(path.join(dir, 'encodings.json'), 'utf8')) as (string | null)[];
  const bodies = encodings.map((_, i) => readFileSync(path.join(dir, `${i}.bin`)));
  app.get<{ Params: { i: string } }>('/body/:i', async (req, reply) => {
    const i = Number(req.params.i);
    const encoding = encodings[i];
    if (encoding) reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(bodies[i]);
  });
}
await app.listen({ port: Number(process.env.PORT ?? 3290), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
