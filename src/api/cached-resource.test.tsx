// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { clearResourceCache, seedResourceCache, useCachedResource as useResource } from './cached-resource.ts';

// A page hydrated with the server's answers (docs/decisions/010) must not render itself a second time when its
// resource hook's first effect finds the same answer in the cache: on a slow phone that second render of every
// product card was one long task right after the page appeared.

let renders = 0;
function Counted({ items }: { items: string[] }) {
  renders++;
  return (
    <ul>
      {items.map((i) => (
        <li key={i}>{i}</li>
      ))}
    </ul>
  );
}
function Page({ load }: { load: () => Promise<string[]> }) {
  const { data } = useResource('/api/listing/shop', load);
  return data ? <Counted items={data} /> : <p>Loading…</p>;
}

beforeEach(() => {
  clearResourceCache();
  renders = 0;
});

test('an answer the first render already showed is not set again by the effect, nor fetched', async () => {
  seedResourceCache([['/api/listing/shop', ['whey', 'creatine']]]);
  const load = vi.fn(async () => ['fetched']);
  const view = render(<Page load={load} />);
  await act(async () => {});
  expect(view.container.textContent).toBe('wheycreatine');
  expect(renders).toBe(1);
  expect(load).not.toHaveBeenCalled();
});

test('without a cached answer the page loads and renders what came', async () => {
  const load = vi.fn(async () => ['fetched']);
  const view = render(<Page load={load} />);
  await act(async () => {});
  expect(load).toHaveBeenCalledTimes(1);
  expect(view.container.textContent).toBe('fetched');
});

// Render counters of the components below (reset by each test).
let idleRenders = 0;
let draws = 0;
let answer: (v: string[]) => void = () => {};

function Idle() {
  idleRenders++;
  const r = useResource<string[]>(null, async () => ['never']);
  return <p>{r.loading ? 'loading' : 'idle'}</p>;
}

function Shown({ text }: { text: string }) {
  draws++;
  return <p>{text}</p>;
}

function Loading() {
  const r = useResource<string[]>('/api/listing/brand', () => new Promise((resolve) => (answer = resolve)));
  return <Shown text={r.loading ? 'loading' : (r.data?.join() ?? '')} />;
}

test('a hook with nothing to load (null key) does not render its component again from its first effect', async () => {
  idleRenders = 0;
  const view = render(<Idle />);
  await act(async () => {});
  expect(view.container.textContent).toBe('idle');
  expect(idleRenders).toBe(1);
});

test('loading a key draws the page twice, loading then the answer: the effect does not set "loading" again', async () => {
  draws = 0;
  const view = render(<Loading />);
  await act(async () => {});
  expect(view.container.textContent).toBe('loading');
  expect(draws).toBe(1);
  await act(async () => answer(['whey']));
  expect(view.container.textContent).toBe('whey');
  expect(draws).toBe(2);
});
