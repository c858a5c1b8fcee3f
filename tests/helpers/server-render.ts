import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { RenderTransport } from '../../schemas/server-render.ts';

// For tests that call the render entry (src/app/server-render.tsx) themselves: its calls answered by a test app
// in-process, as the server answers them for an anonymous shopper (docs/decisions/010), and its HTML read whole.

/** The render's calls, answered by `app` (GET, JSON). */
export const injectTransport =
  (app: FastifyInstance): RenderTransport =>
  async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    return { status: res.statusCode, data: res.json() };
  };

/** A rendered body, read to the end. */
export async function text(body: Readable): Promise<string> {
  let html = '';
  for await (const chunk of body) html += String(chunk);
  return html;
}
