// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { useResource } from './page-resource.ts';

// SPEC §4 data stores: loading, then data (error cleared) or an error (data cleared); an older answer never
// overwrites a newer one.

test('loads when the page opens, then holds the data', async () => {
  const { result } = renderHook(() => useResource(async () => 'answer'));
  expect(result.current).toMatchObject({ loading: true, data: null, error: null });
  await waitFor(() => expect(result.current).toMatchObject({ loading: false, data: 'answer', error: null }));
});

test('a failure is shown in words and clears the data', async () => {
  let fail = false;
  const { result } = renderHook(() =>
    useResource(async () => {
      if (fail) throw new Error('The server is busy');
      return 'answer';
    }),
  );
  await waitFor(() => expect(result.current.data).toBe('answer'));
  fail = true;
  await act(async () => {
    await result.current.reload();
  });
  expect(result.current).toMatchObject({ loading: false, data: null, error: 'The server is busy' });
});

test('set replaces the data after a change the page made', async () => {
  const { result } = renderHook(() => useResource(async () => 'answer'));
  await waitFor(() => expect(result.current.data).toBe('answer'));
  act(() => result.current.set('changed'));
  expect(result.current).toMatchObject({ loading: false, data: 'changed' });
});

test('an older load answering last does not overwrite the newer one', async () => {
  const answers: Array<(v: string) => void> = [];
  const { result } = renderHook(() => useResource(() => new Promise<string>((resolve) => answers.push(resolve))));
  await waitFor(() => expect(answers).toHaveLength(1));
  act(() => {
    void result.current.reload();
  });
  await waitFor(() => expect(answers).toHaveLength(2));
  await act(async () => answers[1]?.('newer'));
  await act(async () => answers[0]?.('older'));
  expect(result.current.data).toBe('newer');
});
