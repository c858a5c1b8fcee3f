import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { hostnameOf, readTarget } from '../../server/http/url.ts';
import { describeBackends, type TestApp } from '../helpers/app.ts';

// README "Security": one origin nobody can rewrite. Links are built on PUBLIC_ORIGIN (or, without it, on a Host
// this site answers for); the request path is read as a path; a Host the site does not serve is refused.

interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/** Sends one request exactly as written (no client normalises the target or the Host). */
async function raw(app: FastifyInstance, target: string, host: string): Promise<RawAnswer> {
  const { port } = app.server.address() as net.AddressInfo;
  const text = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`),
    );
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => (data += d));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
  const [head = '', ...rest] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head, body: rest.join('\r\n\r\n') };
}

async function listening(t: TestApp, env: { PUBLIC_ORIGIN?: string; ALLOWED_HOSTS?: string }) {
  const saved = process.env.ALLOWED_HOSTS;
  if (env.ALLOWED_HOSTS === undefined) delete process.env.ALLOWED_HOSTS;
  else process.env.ALLOWED_HOSTS = env.ALLOWED_HOSTS;
  try {
    const app = await buildApp({
      config: { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? '' },
      handle: t.handle,
      clientDir: null,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  } finally {
    if (saved === undefined) delete process.env.ALLOWED_HOSTS;
    else process.env.ALLOWED_HOSTS = saved;
  }
}

describe('reading request targets and hosts', () => {
  test('a target is a path on this site: `//host` and `/\\host` stay paths, an absolute target names its host', () => {
    expect(readTarget('//evil.example/x?a=1')).toMatchObject({ pathname: '//evil.example/x', search: '?a=1', authority: null });
    expect(readTarget('/\\evil.example/')).toMatchObject({ pathname: '//evil.example/', authority: null });
    expect(readTarget('//%3Cscript%3E/')?.pathname).toBe('//%3Cscript%3E/');
    expect(readTarget('//a:99999/')?.pathname).toBe('//a:99999/');
    expect(readTarget('https://evil.example/p?q')).toMatchObject({ pathname: '/p', search: '?q', authority: 'evil.example' });
    for (const bad of ['*', 'evil.example/', 'http://a:99999/', 'http://%3C/', 'javascript:alert(1)', ''])
      expect(readTarget(bad), bad).toBeNull();
  });

  test('a Host header is a host name and a port, or nothing', () => {
    expect(hostnameOf('WWW.Kasrat.in:443')).toBe('www.kasrat.in');
    expect(hostnameOf('[::1]:3000')).toBe('[::1]');
    for (const bad of ['', 'a:99999', '%3Cscript%3E', 'evil.example/x', 'a b', 'user@host']) expect(hostnameOf(bad), bad).toBeNull();
  });
});

describeBackends('one origin nobody can rewrite', (ctx) => {
  describe('with PUBLIC_ORIGIN', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await listening(ctx(), { PUBLIC_ORIGIN: 'https://www.kasrat.in' });
    });
    afterAll(async () => app?.close());

    test('a path starting `//host` or `/\\host` renders no link on that host', async () => {
      for (const target of ['//evil.example/', '/\\evil.example/', '//evil.example/product/x/?pId=1']) {
        const page = await raw(app, target, 'www.kasrat.in');
        expect(page.status, target).toBeLessThan(500);
        // Every absolute address in the page is on the public origin (the canonical of `//x` is `https://www.kasrat.in//x`).
        expect(page.body, target).toContain('<link rel="canonical" href="https://www.kasrat.in/');
        expect(
          page.body
            .match(/(?:https?:\/\/|"\/\/)[^/"\s]+/g)
            ?.filter((u) => !/^(https:\/\/www\.kasrat\.in|https:\/\/schema\.org)$/.test(u)) ?? [],
          target,
        ).toEqual([]);
      }
    });

    test('an absolute target on another host is misdirected (421); on this site it is its path', async () => {
      const evil = await raw(app, 'http://evil.example/', 'www.kasrat.in');
      expect(evil.status).toBe(421);
      expect(evil.body).not.toContain('evil.example');
      const own = await raw(app, 'https://www.kasrat.in/', 'www.kasrat.in');
      expect(own.status).toBe(200);
      expect(own.body).toContain('<link rel="canonical" href="https://www.kasrat.in/"');
    });

    test('an invalid host in the path or the Host header is a 4xx, never a 500', async () => {
      for (const target of ['//%3Cscript%3E/', '//a:99999/', '/\\a:99999/', 'http://%3C/', '*'])
        expect((await raw(app, target, 'www.kasrat.in')).status, target).toBeLessThan(500);
      expect((await raw(app, '/', '%3Cscript%3E')).status).toBe(400);
      expect((await raw(app, '/', 'a:99999')).status).toBe(400);
    });

    test('a Host this site does not serve is misdirected (421), page and API alike; the health probe answers', async () => {
      for (const target of ['/', '/api/ping', '/api/dev/outbox?to=9876543210']) {
        const res = await raw(app, target, 'evil.example');
        expect(res.status, target).toBe(421);
        expect(JSON.parse(res.body).message).toBe('This site does not answer for that host name.');
      }
      expect((await raw(app, '/api/health', '10.0.0.7:3000')).status).toBe(200);
      expect((await raw(app, '/', 'localhost:3000')).body).toContain('href="https://www.kasrat.in/"');
    });
  });

  describe('without PUBLIC_ORIGIN (development)', () => {
    test('only loopback names and ALLOWED_HOSTS are answered, so a rebinding page reaches nothing', async () => {
      const app = await listening(ctx(), {});
      try {
        const rebound = await raw(app, '/api/dev/outbox?to=9876543210', 'attacker.example:3000');
        expect(rebound.status).toBe(421);
        expect((await raw(app, '/', 'attacker.example')).status).toBe(421);
        const local = await raw(app, '/', 'localhost:3000');
        expect(local.body).toContain('href="http://localhost:3000/"');
        expect((await raw(app, '/', '[::1]:3000')).status).toBe(200);
      } finally {
        await app.close();
      }
      const lan = await listening(ctx(), { ALLOWED_HOSTS: 'shop.test, dev.kasrat.in' });
      try {
        expect((await raw(lan, '/', 'shop.test:3000')).body).toContain('href="http://shop.test:3000/"');
        expect((await raw(lan, '/', 'attacker.example')).status).toBe(421);
      } finally {
        await lan.close();
      }
    });
  });

  test('page-seo-meta reads its url as a path: `//a>` and `/\\x` are answered, never a 500', async () => {
    for (const url of ['//a%3E', '/%5Cx%3E', '//a:99999/', '/%5C%5Cevil.example']) {
      const res = await ctx().app.inject({ method: 'GET', url: `/api/seo/page-seo-meta?url=${url}` });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().data.canonical, url).toMatch(/^\//);
    }
  });
});
