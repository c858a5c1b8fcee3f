import { type FormEvent, useState } from 'react';
import type { StaffCoupon } from '../../../../../../schemas/staff.ts';
import { decimalRupees, formatPaise } from '../../../../../../schemas/money.ts';
import { createCoupon, listCoupons, saveCoupon } from '../../../api.ts';
import { css } from '../../console-styles.ts';
import { DataTable, indiaTime, messageOf, Status, toPaise, useConsoleList } from '../../shared.tsx';
import { indiaLocalInput, instantFromIndiaLocal } from '../../../../../../schemas/dates.ts';

// Promotions: the coupons the cart's rules read (docs/decisions/019). Amounts are typed in rupees and sent in
// paise; a percent coupon's value is whole percent. The server refuses an impossible rule and names the field.

const empty = {
  code: '',
  description: '',
  kind: 'percent',
  value: '',
  max_discount: '',
  min_cart: '0',
  per_customer_limit: '',
  usage_limit: '',
  starts_at: '',
  ends_at: '',
  active: true,
};
type Draft = typeof empty;

const draftOf = (c: StaffCoupon): Draft => ({
  code: c.code,
  description: c.description,
  kind: c.kind,
  value: c.kind === 'percent' ? String(c.value) : decimalRupees(c.value),
  max_discount: c.max_discount === null ? '' : decimalRupees(c.max_discount),
  min_cart: decimalRupees(c.min_cart),
  per_customer_limit: c.per_customer_limit === null ? '' : String(c.per_customer_limit),
  usage_limit: c.usage_limit === null ? '' : String(c.usage_limit),
  starts_at: indiaLocalInput(c.starts_at),
  ends_at: indiaLocalInput(c.ends_at),
  active: c.active,
});

/** What the form sends: an amount that is not a number is sent as typed, so the server names the field. */
function bodyOf(d: Draft) {
  const money = (text: string) => (text.trim() === '' ? null : (toPaise(text) ?? text));
  const count = (text: string) => (text.trim() === '' ? null : Number(text));
  return {
    description: d.description,
    kind: d.kind,
    value: d.kind === 'percent' ? Number(d.value) : money(d.value),
    max_discount: money(d.max_discount),
    min_cart: money(d.min_cart) ?? 0,
    per_customer_limit: count(d.per_customer_limit),
    usage_limit: count(d.usage_limit),
    starts_at: instantFromIndiaLocal(d.starts_at),
    ends_at: instantFromIndiaLocal(d.ends_at),
    active: d.active,
  };
}

const fetchCoupons = async () => (await listCoupons()).data.coupons;

export default function Coupons({ canEdit }: { canEdit: boolean }) {
  const { rows, status, setStatus, load } = useConsoleList(fetchCoupons);
  const [draft, setDraft] = useState<Draft>(empty);
  const [editing, setEditing] = useState<string | null>(null);
  const set = (field: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const answer = editing ? await saveCoupon(editing, bodyOf(draft)) : await createCoupon({ code: draft.code, ...bodyOf(draft) });
      setStatus({ kind: 'saved', text: answer.message });
      setDraft(empty);
      setEditing(null);
      await load();
    } catch (err) {
      setStatus({ kind: 'error', text: messageOf(err) });
    }
  };
  const field = (label: string, name: keyof Draft, props: Record<string, unknown> = {}) => (
    <label className={css.field}>
      {label}
      <input className={css.input} value={String(draft[name])} onChange={set(name)} {...props} />
    </label>
  );
  return (
    <section aria-labelledby="ops-promotions">
      <h1 id="ops-promotions" className={css.heading}>
        Coupons
      </h1>
      <Status status={status} />
      {canEdit && (
        <form className={css.card} aria-label={editing ? `Edit coupon ${editing}` : 'New coupon'} onSubmit={submit}>
          <h2 className={css.subheading}>{editing ? `Edit coupon ${editing}` : 'New coupon'}</h2>
          <div className={css.filters}>
            {!editing && field('Code', 'code', { required: true, autoCapitalize: 'characters' })}
            {field('Description', 'description', { required: true })}
            <label className={css.field}>
              Kind
              <select className={css.input} value={draft.kind} onChange={set('kind')}>
                <option value="percent">Percent off</option>
                <option value="flat">Flat ₹ off</option>
              </select>
            </label>
            {field(draft.kind === 'percent' ? 'Percent' : 'Amount off (₹)', 'value', { required: true, inputMode: 'decimal' })}
            {field('Largest discount (₹)', 'max_discount', { inputMode: 'decimal' })}
            {field('Minimum cart (₹)', 'min_cart', { inputMode: 'decimal' })}
            {field('Uses per customer', 'per_customer_limit', { inputMode: 'numeric' })}
            {field('Uses in all', 'usage_limit', { inputMode: 'numeric' })}
            {field('Starts (India time)', 'starts_at', { type: 'datetime-local', required: true })}
            {field('Ends (India time)', 'ends_at', { type: 'datetime-local', required: true })}
          </div>
          <button className={css.button} type="submit">
            {editing ? 'Save coupon' : 'Create coupon'}
          </button>
          {editing && (
            <button
              className={css.ghost}
              type="button"
              onClick={() => {
                setEditing(null);
                setDraft(empty);
              }}
            >
              Cancel
            </button>
          )}
        </form>
      )}
      <DataTable
        label="Coupons"
        columns={['Code', 'Description', 'Discount', 'Minimum cart', 'Used', 'Ends', { label: 'Action', hidden: true }]}
        rows={rows}
        rowKey={(r) => r.code}
        empty="No coupons yet."
        cells={(row) => [
          row.code,
          row.description,
          row.kind === 'percent'
            ? `${row.value}%${row.max_discount === null ? '' : ` up to ${formatPaise(row.max_discount)}`}`
            : formatPaise(row.value),
          formatPaise(row.min_cart),
          row.usage_limit === null ? row.used : `${row.used} / ${row.usage_limit}`,
          indiaTime(row.ends_at),
          canEdit && (
            <button
              key="edit"
              type="button"
              className={css.button}
              onClick={() => {
                setEditing(row.code);
                setDraft(draftOf(row));
              }}
            >
              Edit<span className="ops-hidden"> coupon {row.code}</span>
            </button>
          ),
        ]}
      />
    </section>
  );
}
