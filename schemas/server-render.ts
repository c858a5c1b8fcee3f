// The contract between the server and its render entry (docs/decisions/010): the server (server/html.ts) loads the
// entry the client build makes beside it (src/app/server-render.tsx) and calls it. Neither may import the other
// (CONTRIBUTING.md, import rules), so both take the shapes from here. Types only.
import type { Readable } from 'node:stream';
import type { RouteMetaName } from './content.ts';

/**
 * How the server sends a route's page (docs/decisions/010): `public` rendered as an anonymous shopper, the same HTML
 * for everyone; `shopper` rendered with the request's cookies, its HTML private (the page is the shopper's own data
 * and nothing else); `client` the shell, the browser rendering the page (signed-in and payment pages).
 */
export type RenderMode = 'public' | 'shopper' | 'client';

/** What the route table (src/app/routes.tsx) says of an address before anything renders. */
export interface RouteFacts {
  /** False when only the catch-all route matches: the not-found page, answered with a 404. */
  known: boolean;
  render: RenderMode;
  /**
   * The page's static meta (schemas/content.ts ROUTE_META); a module's resolver may give a dynamic one. It names the
   * kind of page (`product`, `brand`, …), which is how the server's modules know a page without spelling its address.
   */
  meta: RouteMetaName;
  /** The route the address matched; null when none did. */
  route: MatchedRoute | null;
}

/** A matched route: its whole pattern as the table writes it (`/product/:slug`) and the address's params, decoded. */
export interface MatchedRoute {
  pattern: string;
  params: Readonly<Record<string, string>>;
}

/**
 * How a render's calls reach the API in-process, answering as the API would. The render only reads, but SPEC §7
 * has some reads as POSTs (the cart list, the mini cart, the freebie list).
 */
export type RenderTransport = (url: string, init?: { method: 'POST'; body: unknown }) => Promise<{ status: number; data: unknown }>;

export interface RenderOptions {
  /** Answers the app's calls in-process (with the shopper's cookies when `personal`). */
  transport: RenderTransport;
  /** The render may load and show the shopper's own data (src/api/prefetch.ts); its HTML is private. */
  personal?: boolean;
  /** The viewport the request comes from (client hints or the user agent). */
  desktop: boolean;
  /** Aborts the render when the connection goes. */
  signal?: AbortSignal;
}

export interface RenderResult<State = unknown> {
  /** The app's markup; null when the route answered with a redirect. */
  body: Readable | null;
  status: number;
  redirect: string | null;
  /** What the browser hydrates with, written into the page. */
  state: State;
  /** The source modules of the pages rendered (src/app/routes.tsx RouteHandle): the server preloads their chunks. */
  modules: string[];
  /** Data the page showed loading because its route's loader did not load it (failed, too slow, or not asked). */
  missing?: string[];
}

/** What the render entry exports. */
export interface ServerRenderer {
  HYDRATION_STATE_ID: string;
  /** What the route table says of `pathname`. */
  routeFacts(pathname: string): RouteFacts;
  render(url: URL, options: RenderOptions): Promise<RenderResult>;
}
