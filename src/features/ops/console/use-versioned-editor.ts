import { useCallback, useState } from 'react';
import { errorData, messageOf, type StatusLine } from './shared.tsx';

// The console's editors of versioned promotions (coupons, bank offers, free gifts, the delivery charge, sale pages;
// docs/decisions/019) share one save: an edit names the version its editor saw; a stale one is a 409 carrying the
// row as saved now, which the editor then shows (with the server's message naming what changed) so the marketer
// decides again from it, never overwriting a colleague's change unseen.

export interface VersionedEditorOptions<Row extends { version: number }, Draft> {
  /** The form of a new row. */
  empty: Draft;
  /** The form of an existing row. */
  draftOf: (row: Row) => Draft;
  onStatus: (status: StatusLine) => void;
  /** Reloads the list after a save or a stale edit. */
  reload?: () => Promise<void>;
  /** After a save: back to a new row (a list's editor, the default) or keep editing the saved row (a single rule). */
  afterSave?: 'reset' | 'keep';
}

export interface VersionedEditor<Row extends { version: number }, Draft> {
  draft: Draft;
  setDraft: (update: Draft | ((d: Draft) => Draft)) => void;
  /** The row being edited; null for a new one. */
  editing: Row | null;
  edit: (row: Row) => void;
  reset: () => void;
  /**
   * Saves: `send` gets the version `row` was seen at (null for a new row) and makes the call. Answers whether it
   * saved; the status line says what happened.
   */
  save: (row: Row | null, send: (expectedVersion: number | null) => Promise<{ message: string; data: Row }>) => Promise<boolean>;
}

export function useVersionedEditor<Row extends { version: number }, Draft>({
  empty,
  draftOf,
  onStatus,
  reload,
  afterSave = 'reset',
}: VersionedEditorOptions<Row, Draft>): VersionedEditor<Row, Draft> {
  const [draft, setDraft] = useState<Draft>(empty);
  const [editing, setEditing] = useState<Row | null>(null);
  const edit = useCallback(
    (row: Row) => {
      setEditing(row);
      setDraft(draftOf(row));
    },
    [draftOf],
  );
  const reset = useCallback(() => {
    setEditing(null);
    setDraft(empty);
  }, [empty]);
  const save = useCallback(
    async (row: Row | null, send: (expectedVersion: number | null) => Promise<{ message: string; data: Row }>) => {
      try {
        const answer = await send(row ? row.version : null);
        onStatus({ kind: 'saved', text: answer.message });
        if (afterSave === 'keep') edit(answer.data);
        else reset();
        await reload?.();
        return true;
      } catch (err) {
        onStatus({ kind: 'error', text: messageOf(err) });
        // A stale edit: show what is saved now, so the editor decides again from it.
        const current = errorData<{ current?: Row }>(err)?.current;
        if (current && row) {
          edit(current);
          await reload?.();
        }
        return false;
      }
    },
    [afterSave, edit, reset, reload, onStatus],
  );
  return { draft, setDraft, editing, edit, reset, save };
}
