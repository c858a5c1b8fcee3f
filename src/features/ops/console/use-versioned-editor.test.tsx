// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { normaliseError } from '../../../api/client.ts';
import type { StatusLine } from './shared.tsx';
import { useVersionedEditor } from './use-versioned-editor.ts';

// The console's one save of a versioned promotion (docs/decisions/019): the edit names the version its editor saw;
// a stale one (409) shows the server's message and loads the row as saved now into the form; a save resets it.

type Coupon = { code: string; value: number; version: number };
const empty = { value: '' };
const draftOf = (c: Coupon) => ({ value: String(c.value) });
const conflict = (current: Coupon) =>
  normaliseError({
    response: {
      status: 409,
      data: { status: 0, message: 'Someone else changed this coupon since you opened it (value).', data: { current } },
    },
  });

function setUp() {
  const statuses: StatusLine[] = [];
  const reload = vi.fn(async () => {});
  const hook = renderHook(() => useVersionedEditor<Coupon, typeof empty>({ empty, draftOf, onStatus: (s) => statuses.push(s), reload }));
  return { hook, statuses, reload };
}

test('an edit sends the version its editor saw; a save announces it, resets the form and reloads the list', async () => {
  const { hook, statuses, reload } = setUp();
  const row = { code: 'SAVE10', value: 10, version: 3 };
  act(() => hook.result.current.edit(row));
  expect(hook.result.current.draft).toEqual({ value: '10' });
  const send = vi.fn(async (_v: number | null) => ({ message: 'Coupon saved.', data: { ...row, value: 12, version: 4 } }));
  let saved = false;
  await act(async () => {
    saved = await hook.result.current.save(hook.result.current.editing, send);
  });
  expect(saved).toBe(true);
  expect(send).toHaveBeenCalledWith(3);
  expect(statuses).toEqual([{ kind: 'saved', text: 'Coupon saved.' }]);
  expect(hook.result.current.editing).toBeNull();
  expect(hook.result.current.draft).toEqual(empty);
  expect(reload).toHaveBeenCalledTimes(1);
});

test('a new row sends no version', async () => {
  const { hook } = setUp();
  const send = vi.fn(async (_v: number | null) => ({ message: 'Coupon created.', data: { code: 'NEW', value: 5, version: 1 } }));
  await act(async () => {
    await hook.result.current.save(null, send);
  });
  expect(send).toHaveBeenCalledWith(null);
});

test('a stale edit shows the message and loads the row as saved now, at its new version, for the next try', async () => {
  const { hook, statuses, reload } = setUp();
  const seen = { code: 'SAVE10', value: 10, version: 1 };
  const now = { code: 'SAVE10', value: 15, version: 2 };
  act(() => hook.result.current.edit(seen));
  act(() => hook.result.current.setDraft({ value: '20' }));
  let saved = true;
  await act(async () => {
    saved = await hook.result.current.save(seen, async () => {
      throw conflict(now);
    });
  });
  expect(saved).toBe(false);
  expect(statuses).toEqual([{ kind: 'error', text: 'Someone else changed this coupon since you opened it (value).' }]);
  expect(hook.result.current.editing).toEqual(now);
  expect(hook.result.current.draft).toEqual({ value: '15' });
  expect(reload).toHaveBeenCalledTimes(1);
  // The next save names the version now shown.
  const send = vi.fn(async (_v: number | null) => ({ message: 'Coupon saved.', data: { ...now, version: 3 } }));
  await act(async () => {
    await hook.result.current.save(hook.result.current.editing, send);
  });
  expect(send).toHaveBeenCalledWith(2);
});

test('any other failure keeps the draft as typed', async () => {
  const { hook, statuses } = setUp();
  const row = { code: 'SAVE10', value: 10, version: 1 };
  act(() => hook.result.current.edit(row));
  act(() => hook.result.current.setDraft({ value: 'abc' }));
  await act(async () => {
    await hook.result.current.save(row, async () => {
      throw normaliseError({ response: { status: 400, data: { status: 0, message: 'value: must be a number' } } });
    });
  });
  expect(statuses).toEqual([{ kind: 'error', text: 'value: must be a number' }]);
  expect(hook.result.current.draft).toEqual({ value: 'abc' });
  expect(hook.result.current.editing).toEqual(row);
});

test('a single rule keeps editing what was saved', async () => {
  const statuses: StatusLine[] = [];
  const hook = renderHook(() =>
    useVersionedEditor<Coupon, typeof empty>({ empty, draftOf, onStatus: (s) => statuses.push(s), afterSave: 'keep' }),
  );
  const row = { code: 'RULE', value: 10, version: 1 };
  act(() => hook.result.current.edit(row));
  await act(async () => {
    await hook.result.current.save(row, async () => ({ message: 'Saved.', data: { ...row, value: 11, version: 2 } }));
  });
  expect(hook.result.current.editing).toEqual({ ...row, value: 11, version: 2 });
  expect(hook.result.current.draft).toEqual({ value: '11' });
});
