// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { clearResourceCache, seedResourceCache, useResource } from './resource.ts';

// A page hydrated with the server's answers (docs/decisions/010) must not render itself a second time when its
// resource hook's first effect finds the same answer in the cache: on a slow phone that second render of every
// product card was one long task right after the page appeared.

let renders = 0;
function Counted({ items }: { items: string[] }) {
  renders++;
  return <ul>{items.map((i) => <li key={i}>{i}</li>)}</ul>;
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
