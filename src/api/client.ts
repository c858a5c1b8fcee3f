import type { AxiosError, AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import type { z } from 'zod';
import { GENERIC_ERROR } from '../../schemas/constants.ts';
import type { RenderTransport } from '../../schemas/server-render.ts';

// The one HTTP client of the app (SPEC §7, §8). Adds x-request-id, normalises errors, and turns 401 / 404 /
// order-confirmation 409 into navigation. Pages never call axios directly.

/** SPEC §8: request errors are normalised to this shape; status defaults to 500. */
export interface NormalisedError {
  response: { data: { message: string; exists?: unknown; data?: unknown }; status: number };
  message: string;
}

export interface RequestOptions extends AxiosRequestConfig {
  /**
   * The call fills one section of a page: a 404 of a call listed as `on404: 'section'` in src/api/quiet-calls.ts
   * stays in the page. Which calls may stay, on 401 or 404, is that list's alone.
   */
  inSection?: boolean;
}

export { GENERIC_ERROR };
export const NETWORK_ERROR = 'Unable to connect. Please check your internet connection.';

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => {
  window.location.assign(to);
};
/** The router installs its navigate function at start-up so redirects keep the single-page app. */
export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

// axios is not on the first-paint path: its module loads with the first request (and is preloaded once the
// browser is idle), so the shell paints without it.
let httpModule: Promise<typeof import('./http.ts')> | null = null;
const loadHttp = () => {
  // A load that failed (a dropped connection) is tried again by the next call, not remembered.
  httpModule ??= import('./http.ts').catch((error: unknown) => {
    httpModule = null;
    throw error;
  });
  return httpModule;
};
/** The axios instance, loaded on demand (multipart uploads and other calls the JSON helpers do not cover). */
export const httpClient = (): Promise<AxiosInstance> => loadHttp().then((m) => m.http);

type ResponseListener = (url: string | undefined, data: unknown) => void;
const responseListeners = new Set<ResponseListener>();
/** Calls `fn` with the URL and body of every successful answer; returns the unsubscribe function. */
export function onResponse(fn: ResponseListener): () => void {
  responseListeners.add(fn);
  return () => responseListeners.delete(fn);
}
const notify = (res: AxiosResponse) => {
  for (const fn of responseListeners) {
    try {
      fn(res.config?.url, res.data);
    } catch (error) {
      console.warn('[api] response listener failed', error);
    }
  }
};

export function normaliseError(error: unknown): NormalisedError {
  const e = error as AxiosError<{ message?: string; data?: { exists?: unknown }; exists?: unknown }>;
  const status = e?.response?.status ?? 500;
  const body = e?.response?.data;
  const serverMessage = typeof body?.message === 'string' && body.message ? body.message : null;
  const message = serverMessage ?? (e?.response ? GENERIC_ERROR : e?.code === 'ERR_NETWORK' ? NETWORK_ERROR : GENERIC_ERROR);
  const exists = body?.exists ?? body?.data?.exists;
  // A 4xx's own data stays with it: a stale edit's 409 carries the values saved now (docs/decisions/019).
  const data = body?.data && typeof body.data === 'object' && status < 500 ? { data: body.data } : {};
  return { response: { data: { message, ...(exists !== undefined ? { exists } : {}), ...data }, status }, message };
}

/** Answers calls in-process while the server renders a page (docs/decisions/010); errors take axios's shape. */
let serverTransport: RenderTransport | null = null;
/** Server rendering only: the app's calls are answered by the server itself, and errors never navigate. */
export function setServerTransport(fn: RenderTransport): void {
  serverTransport = fn;
}

async function viaServer<T>(config: RequestOptions, transport: RenderTransport): Promise<AxiosResponse<T>> {
  const method = (config.method ?? 'GET').toUpperCase();
  if ((method !== 'GET' && method !== 'POST') || !config.url) throw normaliseError(null);
  const { status, data } = await transport(config.url, method === 'POST' ? { method, body: config.data ?? {} } : undefined);
  const res = { data, status, statusText: '', headers: {}, config } as AxiosResponse<T>;
  if (status >= 400) throw normaliseError({ response: res });
  return res;
}

type HttpModule = Awaited<ReturnType<typeof loadHttp>>;

/** SPEC §2, §8: a 401 or 404 navigates unless src/api/quiet-calls.ts lists the call (it loads with axios). */
function follow(m: HttpModule, normalised: NormalisedError, url: string, options: RequestOptions): void {
  const target = m.redirectFor(normalised.response.status, url, options);
  if (target) navigate(target);
  if (normalised.response.status === 401 && m.quietCall(url)?.on401 === 'blank') normalised.response.data.message = '';
}

async function send<T>(config: RequestOptions): Promise<AxiosResponse<T>> {
  if (serverTransport) return viaServer<T>(config, serverTransport);
  let m: HttpModule | null = null;
  try {
    m = await loadHttp();
    const res = await m.http.request<T>(config);
    notify(res);
    return res;
  } catch (error) {
    const normalised = normaliseError(error);
    // Without the HTTP module (its load failed) no request was made, so there is no answer to follow.
    if (m) follow(m, normalised, config.url ?? '', config);
    throw normalised;
  }
}

// Responses are checked where they are made: every route declares its response schema (server/http/docs.ts,
// CONTRIBUTING "How to add a server call"). The browser keeps only the inferred type — the schema is a type
// argument (`get<typeof XResponse>(url)`), so zod and the app's schemas stay off the first load
// (docs/decisions/008).
type Answer<S extends z.ZodType> = z.infer<S>;

/** GET; the answer typed by its response schema (`get<typeof XResponse>(url)`). */
export async function get<S extends z.ZodType>(url: string, options: RequestOptions = {}): Promise<Answer<S>> {
  return (await send<Answer<S>>({ ...options, method: 'GET', url })).data;
}

export async function post<S extends z.ZodType>(url: string, body: unknown, options: RequestOptions = {}): Promise<Answer<S>> {
  return (await send<Answer<S>>({ ...options, method: 'POST', url, data: body })).data;
}

export async function put<S extends z.ZodType>(url: string, body: unknown, options: RequestOptions = {}): Promise<Answer<S>> {
  return (await send<Answer<S>>({ ...options, method: 'PUT', url, data: body })).data;
}

export async function del<S extends z.ZodType>(url: string, options: RequestOptions = {}): Promise<Answer<S>> {
  return (await send<Answer<S>>({ ...options, method: 'DELETE', url })).data;
}

/**
 * SPEC §7: a GET that gives up after `timeout` ms (default 1500), logs, and yields null data instead of failing,
 * for non-essential page sections.
 */
export async function timedGet<T>(url: string, options: RequestOptions & { timeout?: number } = {}): Promise<{ data: T | null }> {
  if (serverTransport) return { data: (await viaServer<T>({ ...options, method: 'GET', url }, serverTransport)).data };
  // The timeout counts the request, not the one-time load of the HTTP module.
  const m = await loadHttp();
  const { http } = m;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeout ?? 1500);
  try {
    const res = await http.request<T>({ ...options, method: 'GET', url, signal: controller.signal });
    notify(res);
    return { data: res.data };
  } catch (error) {
    if ((error as { __CANCEL__?: boolean })?.__CANCEL__ || (error as AxiosError)?.code === 'ERR_CANCELED') {
      console.warn(`[api] ${url} timed out after ${options.timeout ?? 1500} ms`);
      return { data: null };
    }
    const normalised = normaliseError(error);
    follow(m, normalised, url, options);
    throw normalised;
  } finally {
    clearTimeout(timer);
  }
}
