// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { Link, Outlet, type RouteObject, useNavigate } from 'react-router-dom';
import { AppRouterProvider, createAppRouter } from './browser-router.tsx';

// docs/decisions/008: the browser's router keeps what the store used of the data router: a lazy page is loaded
// before the URL changes, back/forward restores the scroll position, a render error shows the error page.

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Page = (name: string) => () => <h1>{name}</h1>;

let crash = false;
function Crashing() {
  if (crash) throw new Error('boom');
  return <h1>Stable</h1>;
}

let go: ReturnType<typeof useNavigate> | null = null;
function Grab() {
  go = useNavigate();
  return <h1>Grab</h1>;
}

type LazyPage = { Component: ComponentType };

function setup(lazyPages: Record<string, Promise<LazyPage>>, win: Window = window) {
  const routes: RouteObject[] = [
    {
      element: (
        <>
          <nav>
            <Link to="/a">to a</Link>
            <Link to="/b">to b</Link>
            <Link to="/b#deep">to b deep</Link>
          </nav>
          <Outlet />
        </>
      ),
      children: [
        { path: '/', Component: Page('Home') },
        { path: '/crash', Component: Crashing },
        ...Object.entries(lazyPages).map(([path, page]) => ({ path, lazy: () => page })),
      ],
    },
  ];
  const router = createAppRouter(routes, win);
  const view = render(<AppRouterProvider router={router} fallback={(e) => <h1>Oops: {String(e)}</h1>} />);
  return { router, view };
}

let scrolls: number[];
beforeEach(() => {
  window.history.replaceState(null, '', '/');
  window.sessionStorage.clear();
  scrolls = [];
  window.scrollTo = ((_x: number, y: number) => {
    scrolls.push(y);
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  }) as typeof window.scrollTo;
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  crash = false;
});

test("a link's page is loaded before the URL changes; the old page stays meanwhile", async () => {
  const a = deferred<LazyPage>();
  const { router } = setup({ '/a': a.promise });
  expect(screen.getByRole('heading').textContent).toBe('Home');
  await act(async () => screen.getByText('to a').click());
  expect(window.location.pathname).toBe('/');
  expect(screen.getByRole('heading').textContent).toBe('Home');
  await act(async () => a.resolve({ Component: Page('A') }));
  expect(window.location.pathname).toBe('/a');
  expect(screen.getByRole('heading').textContent).toBe('A');
  expect(router.state.action).toBe('PUSH');
});

test('a navigation started later wins over one still loading', async () => {
  const a = deferred<LazyPage>();
  const b = deferred<LazyPage>();
  setup({ '/a': a.promise, '/b': b.promise });
  await act(async () => screen.getByText('to a').click());
  await act(async () => screen.getByText('to b').click());
  await act(async () => b.resolve({ Component: Page('B') }));
  await act(async () => a.resolve({ Component: Page('A') }));
  expect(window.location.pathname).toBe('/b');
  expect(screen.getByRole('heading').textContent).toBe('B');
});

test('a new page starts at the top, back returns to where the shopper was', async () => {
  setup({ '/a': Promise.resolve({ Component: Page('A') }) });
  window.scrollTo(0, 640);
  await act(async () => screen.getByText('to a').click());
  expect(screen.getByRole('heading').textContent).toBe('A');
  expect(scrolls.at(-1)).toBe(0);
  await act(async () => {
    window.history.back();
    await new Promise((r) => window.addEventListener('popstate', r, { once: true }));
  });
  await act(async () => {});
  expect(window.location.pathname).toBe('/');
  expect(screen.getByRole('heading').textContent).toBe('Home');
  expect(scrolls.at(-1)).toBe(640);
});

test("the entry a document opens with has the key 'default'; each navigation inside the store its own", async () => {
  const { router } = setup({ '/a': Promise.resolve({ Component: Page('A') }) });
  expect(router.state.location.key).toBe('default');
  await act(() => router.navigate('/a'));
  expect(router.state.location.key).not.toBe('default');
  await act(() => router.navigate('/'));
  expect(router.state.location.key).not.toBe('default');
});

test('a reloaded page returns to where the shopper was on it', async () => {
  window.history.replaceState({ usr: null, key: 'k1', idx: 0 }, '', '/');
  window.sessionStorage.setItem('kasrat-scroll-positions', JSON.stringify({ k1: 480 }));
  setup({});
  expect(scrolls).toEqual([480]);
});

test('a new document opens at the top, not where the previous document was left', async () => {
  const first = setup({});
  window.scrollTo(0, 900);
  window.dispatchEvent(new Event('pagehide'));
  first.view.unmount();
  // The next document (the gateway's return, a link from a message) opens with no history state of its own.
  window.history.replaceState(null, '', '/');
  scrolls = [];
  setup({});
  expect(scrolls).toEqual([]);
});

test('a reloaded document keeps its own position', async () => {
  const first = setup({});
  window.scrollTo(0, 300);
  window.dispatchEvent(new Event('pagehide'));
  first.view.unmount();
  scrolls = [];
  setup({});
  expect(scrolls).toEqual([300]);
});

test('a new document with a #hash opens at its target', async () => {
  window.history.replaceState(null, '', '/#deep');
  const target = document.createElement('div');
  target.id = 'deep';
  document.body.append(target);
  const into = vi.fn();
  target.scrollIntoView = into;
  setup({});
  expect(into).toHaveBeenCalledTimes(1);
  target.remove();
});

test('navigating to the URL already shown replaces its entry', async () => {
  const { router } = setup({});
  const length = window.history.length;
  await act(() => router.navigate('/'));
  expect(window.history.length).toBe(length);
  expect(router.state.action).toBe('REPLACE');
});

test("useNavigate's state reaches the new location", async () => {
  const { router } = setup({ '/a': Promise.resolve({ Component: Grab }) });
  await act(() => router.navigate('/a'));
  await act(async () => go?.('/?x=1', { replace: true, state: { from: '/a' } }));
  await act(async () => {});
  expect(`${window.location.pathname}${window.location.search}`).toBe('/?x=1');
  expect(router.state.location.state).toEqual({ from: '/a' });
  expect(router.state.action).toBe('REPLACE');
});

test('a render error shows the error page; the next navigation renders the app again', async () => {
  const { router } = setup({});
  crash = true;
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  await act(() => router.navigate('/crash'));
  spy.mockRestore();
  expect(screen.getByRole('heading').textContent).toBe('Oops: Error: boom');
  crash = false;
  await act(() => router.navigate('/'));
  expect(screen.getByRole('heading').textContent).toBe('Home');
});

test('a page that fails to load is left to the browser', async () => {
  const assign = vi.fn();
  const real = window.location;
  const location = {
    assign,
    get pathname() {
      return real.pathname;
    },
    get search() {
      return real.search;
    },
    get hash() {
      return real.hash;
    },
    get origin() {
      return real.origin;
    },
  };
  const win = new Proxy(window, {
    get: (w, p) => {
      if (p === 'location') return location;
      const v = Reflect.get(w, p);
      return typeof v === 'function' ? v.bind(w) : v;
    },
  });
  const { router } = setup({ '/a': Promise.reject(new TypeError('Failed to fetch dynamically imported module')) }, win);
  await act(() => router.navigate('/a?x=1'));
  expect(assign).toHaveBeenCalledWith('/a?x=1');
  expect(window.location.pathname).toBe('/');
  expect(screen.getByRole('heading').textContent).toBe('Home');
});
