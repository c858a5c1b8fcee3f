import {
  arrangeForFirstPaint,
  type ChunkManifest,
  chunksOf,
  withModuleChunks,
  loadScriptsAfterPaint,
  PRELOADS_PER_TASK,
  renderPage,
  rendersShopperData,
  requestsDesktop,
} from './html.ts';
import { Readable } from 'node:stream';
import { DEFAULT_TITLE } from '../schemas/content.ts';
import type { RenderOptions, RouteFacts, ServerRenderer } from '../schemas/server-render.ts';

// docs/decisions/010: how the built page is arranged for its first paint, which pages the server renders, and
// which layout it renders them in.

const BUILT = `<!doctype html><html><head>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/style-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('arrangeForFirstPaint', () => {
  it('inlines the stylesheet and moves the module scripts to the end of the body', () => {
    const html = arrangeForFirstPaint(BUILT, (href) => (href === '/assets/style-abc.css' ? '.a{color:red}' : null));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style>.a{color:red}</style>');
    expect(head).not.toContain('stylesheet');
    expect(head).not.toContain('/assets/index-abc.js');
    const tail = html.slice(html.indexOf('<div id="root"></div>'));
    expect(tail.indexOf('<script type="module" crossorigin src="/assets/index-abc.js"></script>')).toBeGreaterThan(0);
    expect(tail.indexOf('<link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">')).toBeLessThan(tail.indexOf('</body>'));
  });

  it('keeps the link when the stylesheet cannot be read, and never lets CSS close its style element', () => {
    expect(arrangeForFirstPaint(BUILT, () => null)).toContain('<link rel="stylesheet" crossorigin href="/assets/style-abc.css">');
    const html = arrangeForFirstPaint(BUILT, () => '.a::after{content:"</style><script>"}');
    expect(html).not.toContain('</style><script>');
  });
});

describe('loadScriptsAfterPaint', () => {
  const arranged = arrangeForFirstPaint(BUILT, () => '');
  const tail = arranged.slice(arranged.indexOf('<div id="root"></div>') + '<div id="root"></div>'.length);

  it('swaps the module tags for one script, with the nonce, that loads them after the first paint', () => {
    const html = loadScriptsAfterPaint(tail, 'n0nce');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('app-scripts');
    const scripts = html.match(/<script[^>]*>[\s\S]*?<\/script>/g) ?? [];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^<script nonce="n0nce">/);
    expect(scripts[0]).toContain('"/assets/index-abc.js"');
    expect(scripts[0]).toContain('["/assets/vendor-abc.js"]');
    expect(html.indexOf('<script')).toBeLessThan(html.indexOf('</body>'));
  });

  it("preloads the rendered page's chunks after the entry's, each once", () => {
    const html = loadScriptsAfterPaint(tail, '', ['/assets/Home-abc.js', '/assets/vendor-abc.js', '/assets/rail-abc.js']);
    expect(html).toContain('["/assets/vendor-abc.js","/assets/Home-abc.js","/assets/rail-abc.js"]');
  });

  /** Runs the boot script against a fake document; returns what it appended and the callbacks it left waiting. */
  function boot(options: { hidden?: boolean; paintTiming: boolean; chunks?: string[]; noMessageChannel?: boolean }) {
    const html = loadScriptsAfterPaint(tail, '', options.chunks);
    const code = /<script>([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    const appended: { tag: string; attrs: Record<string, string> }[] = [];
    const frames: (() => void)[] = [];
    const tasks: { run: () => void; ms: number }[] = [];
    const observers: { callback: (list: unknown, o: { disconnect(): void }) => void; options: unknown; live: boolean }[] = [];
    const document = {
      visibilityState: options.hidden ? 'hidden' : 'visible',
      createElement: (tag: string) => {
        const el = { tag, attrs: {} as Record<string, string> };
        return new Proxy(el, {
          set: (_, k: string, v: string) => {
            el.attrs[k] = v;
            return true;
          },
        });
      },
      head: { appendChild: (el: (typeof appended)[number]) => appended.push(el) },
      body: { appendChild: (el: (typeof appended)[number]) => appended.push(el) },
    };
    class FakeObserver {
      static supportedEntryTypes = ['paint', 'resource'];
      constructor(callback: (typeof observers)[number]['callback']) {
        observers.push({ callback, options: null, live: true });
      }
      observe(o: unknown) {
        (observers.at(-1) as (typeof observers)[number]).options = o;
      }
    }
    // A posted message is a task of its own, listed with the timers as a 0 ms one.
    const messages: string[] = [];
    class FakeChannel {
      port1 = { onmessage: null as null | (() => void) };
      port2 = {
        postMessage: () => {
          messages.push('posted');
          tasks.push({ run: () => this.port1.onmessage?.(), ms: 0 });
        },
      };
    }
    const run = new Function('document', 'requestAnimationFrame', 'setTimeout', 'PerformanceObserver', 'MessageChannel', code);
    run(
      document,
      (f: () => void) => frames.push(f),
      (f: () => void, ms: number) => tasks.push({ run: f, ms }),
      options.paintTiming ? FakeObserver : undefined,
      options.noMessageChannel ? undefined : FakeChannel,
    );
    const paint = (name: string) => {
      for (const o of observers)
        o.callback({ getEntriesByName: (n: string) => (n === name ? [{ name }] : []) }, { disconnect: () => (o.live = false) });
    };
    const shown = () => appended.map((el) => [el.tag, el.attrs.rel ?? el.attrs.type, el.attrs.href ?? el.attrs.src]);
    return { appended, frames, tasks, observers, paint, shown, messages };
  }
  const LOADED = [
    ['script', 'module', '/assets/index-abc.js'],
    ['link', 'modulepreload', '/assets/vendor-abc.js'],
  ];

  it('runs in a browser: nothing loads until the first contentful paint is reported, then everything, once', () => {
    const b = boot({ paintTiming: true });
    expect(b.observers[0]?.options).toEqual({ type: 'paint', buffered: true });
    expect(b.appended).toHaveLength(0);
    b.paint('first-paint');
    expect(b.appended).toHaveLength(0);
    b.paint('first-contentful-paint');
    expect(b.shown()).toEqual(LOADED);
    expect(b.observers[0]?.live).toBe(false);
    // The 3 s stand-in for a page that never paints content does not load the scripts a second time.
    expect(b.tasks.map((t) => t.ms)).toEqual([3000]);
    b.tasks[0]?.run();
    expect(b.appended).toHaveLength(2);
  });

  it('asks for the entry first, then inserts the preloads a few to a task, in order, each once', () => {
    const chunks = Array.from({ length: 2 * PRELOADS_PER_TASK + 1 }, (_, i) => `/assets/chunk${i}-abc.js`);
    const b = boot({ paintTiming: true, chunks });
    b.paint('first-contentful-paint');
    const preloads = () =>
      b
        .shown()
        .slice(1)
        .map(([, , href]) => href);
    expect(b.shown()[0]).toEqual(['script', 'module', '/assets/index-abc.js']);
    expect(preloads()).toEqual(['/assets/vendor-abc.js', ...chunks].slice(0, PRELOADS_PER_TASK));
    // The rest wait for later tasks (the first task queued is the 3 s stand-in, which finds the work done).
    const later = () => b.tasks.filter((t) => t.ms === 0);
    expect(later()).toHaveLength(1);
    later()[0]?.run();
    expect(preloads()).toHaveLength(2 * PRELOADS_PER_TASK);
    later()[1]?.run();
    expect(preloads()).toEqual(['/assets/vendor-abc.js', ...chunks]);
    expect(later()).toHaveLength(2);
    // The later tasks are posted messages (chained timers would be held back 4 ms each after the fifth).
    expect(b.messages).toHaveLength(2);
    b.tasks.find((t) => t.ms === 3000)?.run();
    expect(b.appended).toHaveLength(chunks.length + 2);
  });

  it('without MessageChannel the later preloads follow in timer tasks', () => {
    const chunks = Array.from({ length: PRELOADS_PER_TASK + 1 }, (_, i) => `/assets/chunk${i}-abc.js`);
    const b = boot({ paintTiming: true, chunks, noMessageChannel: true });
    b.paint('first-contentful-paint');
    const preloads = () =>
      b
        .shown()
        .slice(1)
        .map(([, , href]) => href);
    expect(preloads()).toHaveLength(PRELOADS_PER_TASK);
    const timers = b.tasks.filter((t) => t.ms === 0);
    expect(timers).toHaveLength(1);
    timers[0]?.run();
    expect(preloads()).toEqual(['/assets/vendor-abc.js', ...chunks]);
  });

  it('without paint timing, waits for a frame and a task; with no content painted, starts after 3 s; hidden, at once', () => {
    const b = boot({ paintTiming: false });
    expect(b.appended).toHaveLength(0);
    b.frames.shift()?.();
    expect(b.appended).toHaveLength(0);
    b.tasks.shift()?.run();
    expect(b.shown()).toEqual(LOADED);

    const silent = boot({ paintTiming: true });
    silent.tasks.shift()?.run();
    expect(silent.shown()).toEqual(LOADED);

    expect(boot({ paintTiming: true, hidden: true }).shown()).toEqual(LOADED);
  });

  it('leaves a page without the markers as it is', () => {
    expect(loadScriptsAfterPaint('<p>x</p></body>', 'n')).toBe('<p>x</p></body>');
  });
});

describe('renderPage follows the route facts', () => {
  const TEMPLATE = '<html><head><!--app-head--></head><body><div id="root"></div></body></html>';
  const url = new URL('http://localhost/x');
  /** A render entry that records how it was asked to render. */
  const entry = () => {
    const calls: RenderOptions[] = [];
    const renderer: ServerRenderer = {
      HYDRATION_STATE_ID: 'kasrat-state',
      routeFacts: () => ({ known: true, render: 'public', meta: 'home', route: { pattern: '/', params: {} } }),
      render: async (_url, options) => {
        calls.push(options);
        return { body: Readable.from(['<main>page</main>']), status: 200, redirect: null, state: {}, modules: [] };
      },
    };
    return { calls, renderer };
  };
  const page = async (facts: RouteFacts | null, withEntry = entry()) => {
    const doc = await renderPage(TEMPLATE, url, [], {
      facts,
      ssr: {
        renderer: withEntry.renderer,
        transport: async () => ({ status: 200, data: null }),
        personal: rendersShopperData(facts),
        desktop: true,
      },
    });
    const html = (await Promise.all(doc.parts.map(async (p) => (typeof p === 'string' ? p : (await p.toArray()).join(''))))).join('');
    return { doc, html, calls: withEntry.calls };
  };

  it('renders a public page as an anonymous shopper, titled and indexed as its route says', async () => {
    const { doc, html, calls } = await page({ known: true, render: 'public', meta: 'about', route: { pattern: '/about', params: {} } });
    expect(doc.statusCode).toBe(200);
    expect(html).toContain('<title>About Us | Kasrat</title>');
    expect(html).not.toContain('noindex');
    expect(html).toContain('<main>page</main>');
    expect(calls.map((c) => c.personal)).toEqual([false]);
  });

  it("renders a shopper page with the shopper's own data", async () => {
    const { html, calls } = await page({ known: true, render: 'shopper', meta: 'cart', route: { pattern: '/cart', params: {} } });
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(calls.map((c) => c.personal)).toEqual([true]);
  });

  it('sends a client page the shell, rendering nothing', async () => {
    const { html, calls } = await page({ known: true, render: 'client', meta: 'account', route: { pattern: '/account', params: {} } });
    expect(html).toContain('<title>My Account | Kasrat</title>');
    expect(html).toContain('<div id="root"></div>');
    expect(calls).toEqual([]);
  });

  it('answers an address naming no page with a 404, rendered', async () => {
    const { doc, html, calls } = await page({
      known: false,
      render: 'public',
      meta: 'notFound',
      route: { pattern: '/*', params: { '*': 'x' } },
    });
    expect(doc.statusCode).toBe(404);
    expect(html).toContain('<title>Page Not Found | Kasrat</title>');
    expect(calls).toHaveLength(1);
  });

  it("without the route table's facts, sends the store's default head and the shell", async () => {
    const { doc, html, calls } = await page(null);
    expect(doc.statusCode).toBe(200);
    expect(html).toContain(`<title>${DEFAULT_TITLE.replace(/&/g, '&amp;')}</title>`);
    expect(html).toContain('<div id="root"></div>');
    expect(calls).toEqual([]);
  });
});

describe('requestsDesktop', () => {
  it('reads the client hint first, then the user agent', () => {
    expect(requestsDesktop({ 'sec-ch-ua-mobile': '?1', 'user-agent': 'X11; Linux' })).toBe(false);
    expect(requestsDesktop({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Android Mobile' })).toBe(true);
    expect(requestsDesktop({ 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Mobile Safari/537.36' })).toBe(false);
    expect(requestsDesktop({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)' })).toBe(false);
    expect(requestsDesktop({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120' })).toBe(true);
    expect(requestsDesktop({})).toBe(true);
  });
});

describe('chunksOf', () => {
  // The shape of Vite's manifest: keys are source modules, or `_name.js` for shared chunks.
  const manifest: ChunkManifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_vendor.js'] },
    _vendor: { file: 'assets/vendor-1.js' },
    '_vendor.js': { file: 'assets/vendor-1.js' },
    '_rail.js': { file: 'assets/rail-1.js', imports: ['_price.js', '_vendor.js'] },
    '_price.js': { file: 'assets/price-1.js', imports: ['_rail.js'] },
    'src/features/catalogue/pages/Home.tsx': { file: 'assets/Home-1.js', imports: ['_rail.js', 'index.html', '_vendor.js'] },
    'src/features/catalogue/pages/Brands.tsx': { file: 'assets/Brands-1.js', imports: ['_rail.js'] },
  };

  it("lists a page module's chunk, then what it imports, without the entry and each once (cycles too)", () => {
    expect(chunksOf(manifest, ['src/features/catalogue/pages/Home.tsx'])).toEqual([
      '/assets/Home-1.js',
      '/assets/rail-1.js',
      '/assets/price-1.js',
      '/assets/vendor-1.js',
    ]);
    expect(chunksOf(manifest, ['src/features/catalogue/pages/Home.tsx', 'src/features/catalogue/pages/Brands.tsx'])).toHaveLength(5);
  });

  it('finds a module that became a shared chunk (imported statically elsewhere) by the chunk named after it', () => {
    const shared: ChunkManifest = {
      ...manifest,
      '_providers-1.js': { file: 'assets/providers-1.js', name: 'providers', imports: ['_vendor.js'] },
      'src/features/analytics/components/DebugOverlay.tsx': {
        file: 'assets/DebugOverlay-1.js',
        name: 'DebugOverlay',
        src: 'x',
        imports: ['_providers-1.js'],
      },
    };
    expect(chunksOf(shared, ['providers/index.ts'])).toEqual(['/assets/providers-1.js', '/assets/vendor-1.js']);
  });

  it('knows nothing of a module the build did not make', () => {
    expect(chunksOf(manifest, ['src/features/catalogue/pages/Nope.tsx'])).toEqual([]);
    expect(chunksOf(manifest, [])).toEqual([]);
  });
});

describe('withModuleChunks', () => {
  const manifest: ChunkManifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true },
    'src/features/catalogue/pages/Home.tsx': { file: 'assets/Home-1.js', src: 'src/features/catalogue/pages/Home.tsx' },
    'src/app/layouts/CheckoutLayout.tsx': { file: 'assets/CheckoutLayout-1.js', src: 'src/app/layouts/CheckoutLayout.tsx' },
    '_providers-1.js': { file: 'assets/providers-1.js', name: 'providers' },
  };

  it('names the chunk of each rendered module that is a chunk of its own, for the browser to hydrate from', () => {
    const state = withModuleChunks({ desktop: true, data: [] }, manifest, [
      'src/app/layouts/CheckoutLayout.tsx',
      'src/features/catalogue/pages/Home.tsx',
      'providers/index.ts',
      'src/features/catalogue/pages/Nope.tsx',
    ]);
    expect(state).toEqual({
      desktop: true,
      data: [],
      modules: {
        'src/app/layouts/CheckoutLayout.tsx': '/assets/CheckoutLayout-1.js',
        'src/features/catalogue/pages/Home.tsx': '/assets/Home-1.js',
      },
    });
  });

  it('is written into the hand-over of a rendered page', async () => {
    const renderer: ServerRenderer = {
      HYDRATION_STATE_ID: 'kasrat-state',
      routeFacts: () => ({ known: true, render: 'public', meta: 'home', route: { pattern: '/', params: {} } }),
      render: async () => ({
        body: Readable.from(['<main>home</main>']),
        status: 200,
        redirect: null,
        state: { desktop: true, data: [] },
        modules: ['src/features/catalogue/pages/Home.tsx'],
      }),
    };
    const doc = await renderPage('<html><head><!--app-head--></head><body><div id="root"></div></body></html>', new URL('http://localhost/'), [], {
      facts: { known: true, render: 'public', meta: 'home', route: { pattern: '/', params: {} } },
      ssr: { renderer, transport: async () => ({ status: 200, data: null }), manifest, desktop: true },
    });
    const html = doc.parts.filter((p) => typeof p === 'string').join('');
    expect(html).toContain('"modules":{"src/features/catalogue/pages/Home.tsx":"/assets/Home-1.js"}');
  });
});
