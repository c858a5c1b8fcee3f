import { useCallback, useEffect, useState } from 'react';
import type { StaffReview } from '../../../../../schemas/staff.ts';
import type { Paging } from '../../../../../schemas/staff-catalogue.ts';
import { decideReview } from '../../api.ts';
import { reviewQueuePage } from '../../api-catalogue.ts';
import { css } from '../console-styles.ts';
import { DataTable, indiaTime, messageOf, Pager, Status, type StatusLine } from '../shared.tsx';

// Reviews: the moderation queue (docs/decisions/019). Reviews publish at once; staff publish or hide each one,
// which takes it out of the queue. The decided lists let a hidden review be published again, and the reverse.

type QueueState = 'awaiting' | 'published' | 'hidden';
const STATES: Array<{ value: QueueState; label: string }> = [
  { value: 'awaiting', label: 'Awaiting a decision' },
  { value: 'hidden', label: 'Hidden' },
  { value: 'published', label: 'Published' },
];

export default function Reviews() {
  const [state, setState] = useState<QueueState>('awaiting');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<StaffReview[] | null>(null);
  const [paging, setPaging] = useState<Paging | null>(null);
  const [status, setStatus] = useState<StatusLine>(null);
  const load = useCallback(async (which: QueueState, at: number) => {
    setRows(null);
    try {
      const { data } = await reviewQueuePage(which, at);
      setRows(data.reviews);
      setPaging(data.paging);
    } catch (e) {
      setRows([]);
      setStatus({ kind: 'error', text: messageOf(e) });
    }
  }, []);
  useEffect(() => {
    void load(state, page);
  }, [load, state, page]);
  const decide = async (row: StaffReview, decision: 'published' | 'hidden') => {
    try {
      const answer = await decideReview(row.review_id, decision);
      // A decided review leaves this list: the queue, or the list of the other decision.
      setRows((all) => all?.filter((r) => r.review_id !== row.review_id) ?? null);
      setStatus({ kind: 'saved', text: answer.message });
    } catch (e) {
      setStatus({ kind: 'error', text: messageOf(e) });
    }
  };
  return (
    <section aria-labelledby="ops-reviews">
      <h1 id="ops-reviews" className={css.heading}>
        Reviews
      </h1>
      <div className={css.filters}>
        <label className={css.field}>
          Show
          <select
            className={css.input}
            value={state}
            onChange={(e) => {
              setState(e.target.value as QueueState);
              setPage(1);
            }}
          >
            {STATES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Status status={status} />
      <DataTable
        label="Reviews"
        columns={['Written', 'Product', 'Author', 'Stars', 'Review', 'Status', { label: 'Actions', hidden: true }]}
        rows={rows}
        rowKey={(r) => r.review_id}
        empty={state === 'awaiting' ? 'No reviews await a decision.' : 'No reviews here.'}
        cells={(row) => [
          indiaTime(row.created_at),
          row.product_name,
          row.author_name,
          `${row.rating} / 5`,
          <div key="text">
            {row.title && <strong>{row.title}</strong>}
            <p className={css.minor}>{row.body}</p>
            {row.photo_count > 0 && <small>{row.photo_count} photo(s)</small>}
          </div>,
          row.status === 'hidden' ? 'Hidden' : 'Published',
          <span key="actions" className={css.searchRow}>
            {state !== 'published' && (
              <button type="button" className={css.button} onClick={() => decide(row, 'published')}>
                Publish
                <span className="ops-hidden">
                  {' '}
                  review {row.review_id} by {row.author_name}
                </span>
              </button>
            )}
            {state !== 'hidden' && (
              <button type="button" className={css.danger} onClick={() => decide(row, 'hidden')}>
                Hide
                <span className="ops-hidden">
                  {' '}
                  review {row.review_id} by {row.author_name}
                </span>
              </button>
            )}
          </span>,
        ]}
      />
      {paging && <Pager page={paging.page} pages={paging.pages} total={paging.total} onPage={setPage} />}
    </section>
  );
}
