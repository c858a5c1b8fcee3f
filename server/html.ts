import { existsSync, readFileSync } from 'node:fs';
import { DEFAULT_DESCRIPTION, isKnownPath, organizationJsonLd, type PageMeta, pageMeta, websiteJsonLd } from '../schemas/content.ts';

/** The CSP nonce of a response: server-rendering code writes it on every inline <script> it emits. */
export { cspNonce } from './http/security.ts';

// The server sends each page's title, description and JSON-LD in the HTML itself, so crawlers see them
// without running JavaScript (SPEC §7). The React app then takes over in the browser.

/** Resolves meta for dynamic pages (a product's name, a brand's title); null when it does not apply. */
export type MetaResolver = (pathname: string, query: URLSearchParams, origin: string) => Promise<PageMeta | null>;

const FALLBACK_TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><!--app-head--></head><body><div id="root"></div></body></html>`;

export function loadTemplate(clientDir: string | null): string {
  const file = clientDir ? `${clientDir}/index.html` : null;
  return file && existsSync(file) ? readFileSync(file, 'utf8') : FALLBACK_TEMPLATE;
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
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

export async function renderPage(
  template: string,
  url: URL,
  resolvers: readonly MetaResolver[],
  nonce = '',
): Promise<{ html: string; statusCode: number }> {
  let meta: PageMeta | null = null;
  for (const resolve of resolvers) {
    meta = await resolve(url.pathname, url.searchParams, url.origin).catch(() => null);
    if (meta) break;
  }
  const known = isKnownPath(url.pathname);
  meta ??= pageMeta(url.pathname);
  const html = template.replace('<!--app-head-->', renderHead(meta, url.origin, url.pathname, nonce));
  return { html, statusCode: known ? 200 : 404 };
}
