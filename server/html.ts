import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { RenderTransport, RouteFacts, ServerRenderer } from '../schemas/server-render.ts';
import { DEFAULT_DESCRIPTION, organizationJsonLd, type PageMeta, ROUTE_META, websiteJsonLd } from '../schemas/content.ts';
import { escapeHtml } from './http/escape.ts';

/** The CSP nonce of a response: server-rendering code writes it on every inline <script> it emits. */
export { cspNonce } from './http/security.ts';

// The server sends each page's title, description and JSON-LD in the HTML itself, so crawlers see them
// without running JavaScript (SPEC §7), and the page itself rendered by React (docs/decisions/010), which the
// browser hydrates.

/**
 * A page's address as the modules' checks and resolvers read it: with what the route table says of it, so a module
 * knows its pages by their kind (`facts.meta`) and reads their item from the route's params, and a page's address
 * is written only in the table (src/app/routes.tsx).
 */
export interface PageAddress {
  pathname: string;
  query: URLSearchParams;
  facts: RouteFacts;
}

/**
 * Says, before a page renders, that its address is not the page's own: a redirect to its canonical address (301),
 * or that it names nothing (404, the not-found page). Null when the address is the page's own or not this one's.
 */
export type PageAddressCheck = (page: PageAddress) => Promise<{ redirect: string } | { notFound: true } | null>;

/** Resolves meta for dynamic pages (a product's name, a brand's title); null when it does not apply. */
export type MetaResolver = (page: PageAddress, origin: string) => Promise<PageMeta | null>;

/**
 * The first meta a module's resolver gives for the page, else the route's static meta. Without the route table (no
 * render entry) no module knows the page: the store's own head.
 */
export async function pageMeta(
  resolvers: readonly MetaResolver[],
  url: { pathname: string; searchParams: URLSearchParams },
  facts: RouteFacts | null,
  origin: string,
): Promise<PageMeta> {
  if (facts)
    for (const resolve of resolvers) {
      const meta = await resolve({ pathname: url.pathname, query: url.searchParams, facts }, origin).catch(() => null);
      if (meta) return meta;
    }
  return staticMeta(facts);
}

const FALLBACK_TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><!--app-head--></head><body><div id="root"></div></body></html>`;

export function loadTemplate(clientDir: string | null): string {
  const file = clientDir ? `${clientDir}/index.html` : null;
  if (!clientDir || !file || !existsSync(file)) return FALLBACK_TEMPLATE;
  return arrangeForFirstPaint(readFileSync(file, 'utf8'), (href) => {
    const css = path.join(clientDir, href);
    return existsSync(css) ? readFileSync(css, 'utf8') : null;
  });
}

/** The client build's manifest (Vite's `build.manifest`): the chunk of each source module and what it imports. */
export type ChunkManifest = Record<string, { file: string; name?: string; src?: string; imports?: string[]; isEntry?: boolean }>;

export function loadChunkManifest(clientDir: string | null): ChunkManifest | null {
  const file = clientDir ? path.join(clientDir, '.vite', 'manifest.json') : null;
  if (!file || !existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as ChunkManifest;
}

/**
 * The chunks the browser needs for `modules` (the pages a render matched), each module's own first, then what it
 * imports; the entry's are left out (the page loads them anyway). Without these the browser learns of a page's
 * chunks only once the entry has run and asks for them: one more round trip before the page can hydrate.
 */
export function chunksOf(manifest: ChunkManifest, modules: readonly string[]): string[] {
  const out = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return;
    seen.add(key);
    out.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(manifest[module] ? module : (sharedChunkOf(manifest, module) ?? module));
  return [...out];
}

/**
 * The render's hand-over with the chunk of each rendered route module that is a chunk of its own (`modules`: source
 * path → `/assets/…js`): the browser hydrates those without the table of every module's chunks (src/app/routes.tsx,
 * docs/decisions/008).
 */
export function withModuleChunks(state: unknown, manifest: ChunkManifest, modules: readonly string[]): unknown {
  if (!state || typeof state !== 'object') return state;
  const chunks: Record<string, string> = {};
  for (const module of modules) if (manifest[module]?.src === module) chunks[module] = `/${manifest[module].file}`;
  return { ...state, modules: chunks };
}

/**
 * A module that is also imported statically somewhere (the reporting pipeline, by the debug overlay) is no chunk
 * of its own in the manifest: the bundler puts it in a shared chunk named after it (an index module after its
 * folder), keyed by that chunk's file.
 */
function sharedChunkOf(manifest: ChunkManifest, module: string): string | undefined {
  const base = path.basename(module).replace(/\.[cm]?[jt]sx?$/, '');
  const name = base === 'index' ? path.basename(path.dirname(module)) : base;
  return Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key]?.name === name && !manifest[key]?.src);
}

/**
 * The built page, arranged so the first paint waits on nothing but the HTML (docs/decisions/010): the store's one
 * stylesheet inlined in the head (7.5 KB gz, allowed by the CSP's style-src), and the module scripts, which run
 * after parsing anyway, moved to the end of the body between `<!--app-scripts-->` markers so the browser finds the
 * page's images before them, and a server-rendered page can swap them for {@link loadScriptsAfterPaint}.
 */
export function arrangeForFirstPaint(html: string, readCss: (href: string) => string | null): string {
  let out = html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (tag, href: string) => {
    const css = readCss(href);
    return css === null ? tag : `<style>${css.replace(/<\//g, '<\\/')}</style>`;
  });
  const scripts: string[] = [];
  out = out.replace(/\s*<(script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g, (tag) => {
    scripts.push(tag.trim());
    return '';
  });
  if (!scripts.length) return out;
  return out.replace('</body>', `${SCRIPTS_START}\n    ${scripts.join('\n    ')}\n    ${SCRIPTS_END}\n  </body>`);
}

const SCRIPTS_START = '<!--app-scripts-->';
const SCRIPTS_END = '<!--/app-scripts-->';
/** Module preloads the boot script inserts in one task (see {@link loadScriptsAfterPaint}). */
export const PRELOADS_PER_TASK = 3;

/**
 * A server-rendered page is whole without its JavaScript, so the scripts that hydrate it start after the browser
 * has painted it (its first contentful paint): on a slow phone the markup shows while the bundle downloads and runs,
 * instead of the browser running the bundle first when it arrives with the HTML. A hidden tab paints nothing, so
 * there the scripts start at once. The shell of a client-rendered page keeps its plain tags: nothing to paint first.
 */
export function loadScriptsAfterPaint(html: string, nonce: string, chunks: readonly string[] = []): string {
  const start = html.indexOf(SCRIPTS_START);
  const end = html.indexOf(SCRIPTS_END, start);
  if (start < 0 || end < 0) return html;
  const tags = html.slice(start, end);
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(tags)?.[1];
  if (!entry) return html;
  // The entry's imports, then the rendered page's chunks (their order is the order the browser asks for them).
  const preloads = [...new Set([...[...tags.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => m[1]), ...chunks])];
  const n = nonce ? ` nonce="${escapeHtml(nonce)}"` : '';
  // The paint is known to have happened when the browser reports its first contentful paint (it reports the
  // frame as presented, not merely drawn); where paint timing is missing, a frame and a task stand in for it. A
  // page that never paints content still starts after 3 s. The entry is asked for first; the preloads follow a
  // three to a task, because the browser starts each one's fetch as it is inserted (about 1 ms apiece on a desktop,
  // four times that on a phone, and 3-4 ms apiece on a desktop with DevTools attached: six in a task measured 21 ms
  // under Lighthouse, past a phone's 50 ms once slowed down). The next task is a message, not a timer: chained
  // timers are held back 4 ms each after the fifth, and the last preloads then started after the entry arrived.
  const boot =
    `(function(d,e,p){var done=0;function go(){if(done)return;done=1;` +
    `var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=e;d.body.appendChild(s);var i=0;` +
    `var q=typeof MessageChannel==='function'?new MessageChannel():null;function more(){` +
    `for(var n=0;n<${PRELOADS_PER_TASK}&&i<p.length;n++,i++){var l=d.createElement('link');` +
    `l.rel='modulepreload';l.crossOrigin='';l.href=p[i];d.head.appendChild(l)}` +
    `if(i<p.length){if(q)q.port2.postMessage(0);else setTimeout(more,0)}}if(q)q.port1.onmessage=more;more()}` +
    `if(d.visibilityState==='hidden')return go();var P=typeof PerformanceObserver==='function'&&PerformanceObserver;` +
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){new P(function(l,o){` +
    `if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}}).observe({type:'paint',buffered:true});` +
    `setTimeout(go,3000)}else requestAnimationFrame(function(){setTimeout(go,0)})})` +
    `(document,${safeJson(entry)},${safeJson(preloads)})`;
  return `${html.slice(0, start)}<script${n}>${boot}</script>${html.slice(end + SCRIPTS_END.length)}`;
}

// JSON inside <script> must not close the tag.
const safeJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

export function renderHead(meta: PageMeta, origin: string, pathname: string, nonce = ''): string {
  // The CSP allows no inline script without this response's nonce (README "Security"), data blocks included.
  const n = nonce ? ` nonce="${escapeHtml(nonce)}"` : '';
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description || DEFAULT_DESCRIPTION)}" />`,
    meta.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<link rel="canonical" href="${escapeHtml(origin + pathname)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<script type="application/ld+json" id="ld-organization"${n}>${safeJson(organizationJsonLd(origin))}</script>`,
    `<script type="application/ld+json" id="ld-website"${n}>${safeJson(websiteJsonLd(origin))}</script>`,
    ...(meta.jsonLd ?? []).map((data) => `<script type="application/ld+json"${n}>${safeJson(data)}</script>`),
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** Loads the server-render entry built beside `clientDir`; null when there is none (tests, development). */
export async function loadServerRenderer(clientDir: string | null): Promise<ServerRenderer | null> {
  if (!clientDir) return null;
  const entry = path.resolve(clientDir, '..', 'ssr', 'server-render.js');
  if (!existsSync(entry)) return null;
  try {
    return (await import(pathToFileURL(entry).href)) as ServerRenderer;
  } catch (error) {
    // The store still serves every page (rendered in the browser) with a broken render entry; said loudly.
    console.error(`[ssr] could not load ${entry}; pages will be rendered in the browser`, error);
    return null;
  }
}

/**
 * The static meta of an address from the route table's facts. Without them (no render entry: a build without its
 * server half) every page gets the store's own head and the browser renders it.
 */
export const staticMeta = (facts: RouteFacts | null): PageMeta => ROUTE_META[facts?.meta ?? 'home'];

/**
 * Whether the page is rendered on the server with the shopper's own data (a personal render, docs/decisions/010):
 * its in-process calls carry the request's cookies and its HTML is private and never stored.
 */
export const rendersShopperData = (facts: RouteFacts | null): boolean => facts?.render === 'shopper';

/** SPEC §9: the 992px breakpoint, guessed from the request (client hint first): the server renders that layout. */
export function requestsDesktop(headers: Record<string, string | string[] | undefined>): boolean {
  const hint = headers['sec-ch-ua-mobile'];
  if (typeof hint === 'string') return hint.trim() !== '?1';
  const ua = String(headers['user-agent'] ?? '');
  return !/Mobi|Android|iPhone|iPad|iPod/i.test(ua);
}

export interface PageDocument {
  statusCode: number;
  /** Set when the page answered with a redirect. */
  redirect: string | null;
  /** The document in order: the head and opening tags, the app's markup (streamed), the state and closing tags. */
  parts: (string | Readable)[];
}

export interface RenderOptions {
  nonce?: string;
  /**
   * What the route table says of the address (src/app/routes.tsx, through the render entry). Null without a render
   * entry: the store's default head, a 200 and the shell, the browser rendering whatever the address is.
   */
  facts?: RouteFacts | null;
  ssr?: {
    renderer: ServerRenderer;
    transport: RenderTransport;
    /** The transport carries the shopper's cookies ({@link rendersShopperData}). */
    personal?: boolean;
    /** The client build's manifest: the rendered page's chunks are preloaded with the entry's. */
    manifest?: ChunkManifest | null;
    desktop: boolean;
    signal?: AbortSignal;
  } | null;
  /**
   * The address names nothing (an unknown product, brand or category): a 404 with the not-found page's head, not
   * indexed; the browser's app then lands on the not-found page as it does for any unknown item (SPEC §8).
   */
  notFound?: boolean;
  /** Called when the server render fails: the shell is sent instead and the browser renders. */
  onRenderError?: (error: unknown) => void;
  /** Told the data a rendered page showed loading, which the browser then loads itself. */
  onIncomplete?: (missing: string[]) => void;
}

const ROOT = '<div id="root"></div>';

export async function renderPage(
  template: string,
  url: URL,
  resolvers: readonly MetaResolver[],
  options: RenderOptions = {},
): Promise<PageDocument> {
  const nonce = options.nonce ?? '';
  if (options.notFound) {
    const html = template.replace('<!--app-head-->', renderHead(ROUTE_META.notFound, url.origin, url.pathname, nonce));
    return { statusCode: 404, redirect: null, parts: [html] };
  }
  const facts = options.facts ?? null;
  const meta = await pageMeta(resolvers, url, facts, url.origin);
  const html = template.replace('<!--app-head-->', renderHead(meta, url.origin, url.pathname, nonce));
  const statusCode = facts && !facts.known ? 404 : 200;
  const ssr = options.ssr;
  const at = html.indexOf(ROOT);
  // Signed-in and payment pages stay client-rendered behind their guards: their first paint is the shopper's own
  // data, which the server does not render (docs/decisions/010).
  if (!ssr || at < 0 || !facts || facts.render === 'client') return { statusCode, redirect: null, parts: [html] };
  try {
    const result = await ssr.renderer.render(url, {
      transport: ssr.transport,
      personal: ssr.personal ?? false,
      desktop: ssr.desktop,
      signal: ssr.signal,
    });
    if (result.redirect) return { statusCode: result.status, redirect: result.redirect, parts: [] };
    if (!result.body) return { statusCode, redirect: null, parts: [html] };
    if (result.missing?.length) options.onIncomplete?.(result.missing);
    const n = nonce ? ` nonce="${escapeHtml(nonce)}"` : '';
    const hydration = ssr.manifest ? withModuleChunks(result.state, ssr.manifest, result.modules) : result.state;
    const state = `<script type="application/json" id="${ssr.renderer.HYDRATION_STATE_ID}"${n}>${safeJson(hydration)}</script>`;
    return {
      statusCode,
      redirect: null,
      parts: [
        html.slice(0, at),
        '<div id="root">',
        result.body,
        `</div>${state}`,
        loadScriptsAfterPaint(html.slice(at + ROOT.length), nonce, ssr.manifest ? chunksOf(ssr.manifest, result.modules) : []),
      ],
    };
  } catch (error) {
    options.onRenderError?.(error);
    return { statusCode, redirect: null, parts: [html] };
  }
}
