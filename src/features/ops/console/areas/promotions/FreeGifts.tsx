import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { StaffDeliveryRule, StaffFreebie } from '../../../../../../schemas/staff.ts';
import { decimalRupees, formatPaise } from '../../../../../../schemas/money.ts';
import { createFreebie, listDeliveryRules, listFreebies, saveDeliveryRule, saveFreebie } from '../../../promotions-api.ts';
import { css } from '../../console-styles.ts';
import { DataTable, errorData, messageOf, Status, type StatusLine, toPaise, useConsoleList } from '../../shared.tsx';

// Free gifts (the cart offers one once its value reaches the gift's threshold: server/modules/cart/freebie-rules.ts)
// and the delivery charge (free from a cart value, else a fixed charge). Amounts in sent in paise. An edit
// names the version it started from; a stale one reloads the current values with the server's message.

const emptyGift = { variant_id: '', threshold: '', title: '', active: true };
type GiftDraft = typeof emptyGift;
const giftDraftOf = (f: StaffFreebie): GiftDraft => ({
  variant_id: String(f.variant_id),
  threshold: decimalRupees(f.threshold),
  title: f.title,
  active: f.active,
});
const giftBody = (d: GiftDraft) => ({
  variant_id: d.variant_id.trim() === '' ? null : Number(d.variant_id),
  threshold: toPaise(d.threshold) ?? d.threshold,
  title: d.title,
  active: d.active,
});

function DeliveryCharge({ canEdit, onStatus }: { canEdit: boolean; onStatus: (s: StatusLine) => void }) {
  const [rule, setRule] = useState<StaffDeliveryRule | null | undefined>(undefined);
  const [draft, setDraft] = useState({ free_from: '', charge: '' });
  const show = useCallback((r: StaffDeliveryRule | null) => {
    setRule(r);
    if (r) setDraft({ free_from: decimalRupees(r.free_from), charge: decimalRupees(r.charge) });
  }, []);
  const load = useCallback(async () => {
    try {
      const rules = (await listDeliveryRules()).data.delivery_rules;
      show(rules.find((r) => r.active) ?? null);
    } catch (e) {
      setRule(null);
      onStatus({ kind: 'error', text: messageOf(e) });
    }
  }, [show, onStatus]);
  useEffect(() => {
    void load();
  }, [load]);
  if (rule === undefined) return <p>Loading…</p>;
  if (rule === null) return <p>No delivery charge is set: delivery is free.</p>;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const answer = await saveDeliveryRule(rule.id, {
        free_from: toPaise(draft.free_from) ?? draft.free_from,
        charge: toPaise(draft.charge) ?? draft.charge,
        expected_version: rule.version,
      });
      onStatus({ kind: 'saved', text: answer.message });
      show(answer.data);
    } catch (err) {
      onStatus({ kind: 'error', text: messageOf(err) });
      const current = errorData<{ current?: StaffDeliveryRule }>(err)?.current;
      if (current) show(current);
    }
  };
  return (
    <form className={css.card} aria-label="Delivery charge" onSubmit={submit}>
      <h2 className={css.subheading}>Delivery charge</h2>
      <p className={css.minor}>
        Now: free from {formatPaise(rule.free_from)}, else {formatPaise(rule.charge)}.
      </p>
      {canEdit && (
        <>
          <div className={css.filters}>
            <label className={css.field}>
              Free delivery from (₹)
              <input
                className={css.input}
                inputMode="decimal"
                required
                value={draft.free_from}
                onChange={(e) => setDraft((d) => ({ ...d, free_from: e.target.value }))}
              />
            </label>
            <label className={css.field}>
              Delivery charge below it (₹)
              <input
                className={css.input}
                inputMode="decimal"
                required
                value={draft.charge}
                onChange={(e) => setDraft((d) => ({ ...d, charge: e.target.value }))}
              />
            </label>
          </div>
          <div>
            <button className={css.button} type="submit">
              Save delivery charge
            </button>
          </div>
        </>
      )}
    </form>
  );
}

const fetchFreeGifts = async () => (await listFreebies()).data.freebies;

export default function FreeGifts({ canEdit }: { canEdit: boolean }) {
  const { rows, status, setStatus, load } = useConsoleList(fetchFreeGifts);
  const [draft, setDraft] = useState<GiftDraft>(emptyGift);
  const [editing, setEditing] = useState<StaffFreebie | null>(null);
  const set = (field: keyof GiftDraft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));
  const reset = () => {
    setEditing(null);
    setDraft(emptyGift);
  };
  const save = async (gift: StaffFreebie | null, body: ReturnType<typeof giftBody>) => {
    try {
      const answer = gift ? await saveFreebie(gift.id, { ...body, expected_version: gift.version }) : await createFreebie(body);
      setStatus({ kind: 'saved', text: answer.message });
      reset();
      await load();
    } catch (err) {
      setStatus({ kind: 'error', text: messageOf(err) });
      const current = errorData<{ current?: StaffFreebie }>(err)?.current;
      if (current && gift) {
        setEditing(current);
        setDraft(giftDraftOf(current));
        await load();
      }
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(editing, giftBody(draft));
  };
  return (
    <section aria-labelledby="ops-free-gifts">
      <h1 id="ops-free-gifts" className={css.heading}>
        Free gifts and delivery
      </h1>
      <Status status={status} />
      <DeliveryCharge canEdit={canEdit} onStatus={setStatus} />
      {canEdit && (
        <form className={css.card} aria-label={editing ? 'Edit free gift' : 'New free gift'} onSubmit={submit}>
          <h2 className={css.subheading}>{editing ? `Edit free gift ${editing.title}` : 'New free gift'}</h2>
          <div className={css.filters}>
            <label className={css.field}>
              Gift variant ID
              <input className={css.input} inputMode="numeric" required value={draft.variant_id} onChange={set('variant_id')} />
            </label>
            <label className={css.field}>
              Title
              <input className={css.input} required value={draft.title} onChange={set('title')} />
            </label>
            <label className={css.field}>
              Cart value to qualify (₹)
              <input className={css.input} inputMode="decimal" required value={draft.threshold} onChange={set('threshold')} />
            </label>
            <label className={css.check}>
              <input type="checkbox" checked={draft.active} onChange={(e) => setDraft((d) => ({ ...d, active: e.target.checked }))} />
              Active
            </label>
          </div>
          <div className={css.searchRow}>
            <button className={css.button} type="submit">
              {editing ? 'Save free gift' : 'Create free gift'}
            </button>
            {editing && (
              <button className={css.tab} type="button" onClick={reset}>
                Cancel
              </button>
            )}
          </div>
        </form>
      )}
      <DataTable
        label="Free gifts"
        columns={['Gift', 'Product', 'Cart value to qualify', 'State', { label: 'Actions', hidden: true }]}
        rows={rows}
        rowKey={(r) => r.id}
        empty="No free gifts yet."
        cells={(row) => [
          row.title,
          `${row.product_name} (${row.sku}, variant ${row.variant_id})`,
          formatPaise(row.threshold),
          row.active ? 'Active' : 'Off',
          canEdit && (
            <button
              key="edit"
              type="button"
              className={css.button}
              onClick={() => {
                setEditing(row);
                setDraft(giftDraftOf(row));
              }}
            >
              Edit<span className="ops-hidden"> free gift {row.title}</span>
            </button>
          ),
        ]}
      />
    </section>
  );
}
