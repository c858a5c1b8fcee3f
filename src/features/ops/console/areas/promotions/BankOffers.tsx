import { type FormEvent, useState } from 'react';
import { BANK_INSTRUMENTS, type StaffBankOffer } from '../../../../../../schemas/staff.ts';
import { decimalRupees, formatPaise } from '../../../../../../schemas/money.ts';
import { createBankOffer, listBankOffers, saveBankOffer } from '../../../promotions-api.ts';
import { css } from '../../console-styles.ts';
import { DataTable, errorData, indiaTime, messageOf, Status, toPaise, useConsoleList } from '../../shared.tsx';
import { indiaLocalInput, instantFromIndiaLocal } from '../../../../../../schemas/dates.ts';

// Bank offers: what the cart lists and the payment checks against the card, bank or UPI app used
// (server/modules/cart/bank-offers.ts). Amounts are typed in rupees and sent in paise; a card offer names its BINs
// (the card's first 6 to 8 digits). An edit names the version it started from: if someone saved meanwhile, the
// server answers with the current offer and the form reloads it.

const INSTRUMENT_LABELS: Record<(typeof BANK_INSTRUMENTS)[number], string> = {
  card: 'Card',
  netbanking: 'Net banking',
  upi: 'UPI',
  wallet: 'Wallet',
};

const empty = {
  bank: '',
  instrument: 'card',
  card_bins: '',
  description: '',
  kind: 'percent',
  value: '',
  max_discount: '',
  min_cart: '0',
  starts_at: '',
  ends_at: '',
  active: true,
};
type Draft = typeof empty;

const draftOf = (o: StaffBankOffer): Draft => ({
  bank: o.bank,
  instrument: o.instrument,
  card_bins: o.card_bins.join(', '),
  description: o.description,
  kind: o.kind,
  value: o.kind === 'percent' ? String(o.value) : decimalRupees(o.value),
  max_discount: o.max_discount === null ? '' : decimalRupees(o.max_discount),
  min_cart: decimalRupees(o.min_cart),
  starts_at: indiaLocalInput(o.starts_at),
  ends_at: indiaLocalInput(o.ends_at),
  active: o.active,
});

/** What the form sends: an amount that is not a number is sent as typed, so the server names the field. */
function bodyOf(d: Draft) {
  const money = (text: string) => (text.trim() === '' ? null : (toPaise(text) ?? text));
  return {
    bank: d.bank,
    instrument: d.instrument,
    card_bins: d.card_bins
      .split(/[\s,]+/)
      .map((b) => b.trim())
      .filter(Boolean),
    description: d.description,
    kind: d.kind,
    value: d.kind === 'percent' ? Number(d.value) : money(d.value),
    max_discount: money(d.max_discount),
    min_cart: money(d.min_cart) ?? 0,
    starts_at: instantFromIndiaLocal(d.starts_at),
    ends_at: instantFromIndiaLocal(d.ends_at),
    active: d.active,
  };
}

const discountOf = (o: StaffBankOffer) =>
  o.kind === 'percent' ? `${o.value}%${o.max_discount === null ? '' : ` up to ${formatPaise(o.max_discount)}`}` : formatPaise(o.value);

const fetchBankOffers = async () => (await listBankOffers()).data.bank_offers;

export default function BankOffers({ canEdit }: { canEdit: boolean }) {
  const { rows, status, setStatus, load } = useConsoleList(fetchBankOffers);
  const [draft, setDraft] = useState<Draft>(empty);
  const [editing, setEditing] = useState<StaffBankOffer | null>(null);
  const set = (field: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));
  const reset = () => {
    setEditing(null);
    setDraft(empty);
  };
  const save = async (offer: StaffBankOffer | null, body: ReturnType<typeof bodyOf>) => {
    try {
      const answer = offer ? await saveBankOffer(offer.id, { ...body, expected_version: offer.version }) : await createBankOffer(body);
      setStatus({ kind: 'saved', text: answer.message });
      reset();
      await load();
    } catch (err) {
      setStatus({ kind: 'error', text: messageOf(err) });
      // A stale edit: show what is saved now, so the editor decides again from it.
      const current = errorData<{ current?: StaffBankOffer }>(err)?.current;
      if (current && offer) {
        setEditing(current);
        setDraft(draftOf(current));
        await load();
      }
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(editing, bodyOf(draft));
  };
  const field = (label: string, name: keyof Draft, props: Record<string, unknown> = {}) => (
    <label className={css.field}>
      {label}
      <input className={css.input} value={String(draft[name])} onChange={set(name)} {...props} />
    </label>
  );
  const title = editing ? `Edit bank offer ${editing.bank}` : 'New bank offer';
  return (
    <section aria-labelledby="ops-bank-offers">
      <h1 id="ops-bank-offers" className={css.heading}>
        Bank offers
      </h1>
      <Status status={status} />
      {canEdit && (
        <form className={css.card} aria-label={editing ? 'Edit bank offer' : 'New bank offer'} onSubmit={submit}>
          <h2 className={css.subheading}>{title}</h2>
          <div className={css.filters}>
            {field('Bank', 'bank', { required: true, placeholder: 'HDFC Bank, Any UPI' })}
            <label className={css.field}>
              Paid with
              <select className={css.input} value={draft.instrument} onChange={set('instrument')}>
                {BANK_INSTRUMENTS.map((i) => (
                  <option key={i} value={i}>
                    {INSTRUMENT_LABELS[i]}
                  </option>
                ))}
              </select>
            </label>
            {draft.instrument === 'card' && field('Card BINs (6–8 digits, comma separated)', 'card_bins', { inputMode: 'numeric' })}
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
            {field('Minimum order (₹)', 'min_cart', { inputMode: 'decimal' })}
            {field('Starts (India time)', 'starts_at', { type: 'datetime-local', required: true })}
            {field('Ends (India time)', 'ends_at', { type: 'datetime-local', required: true })}
            <label className={css.check}>
              <input type="checkbox" checked={draft.active} onChange={(e) => setDraft((d) => ({ ...d, active: e.target.checked }))} />
              Active
            </label>
          </div>
          <div className={css.searchRow}>
            <button className={css.button} type="submit">
              {editing ? 'Save bank offer' : 'Create bank offer'}
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
        label="Bank offers"
        columns={['Bank', 'Paid with', 'Discount', 'Minimum order', 'Ends', 'State', { label: 'Actions', hidden: true }]}
        rows={rows}
        rowKey={(r) => r.id}
        empty="No bank offers yet."
        cells={(row) => [
          <>
            {row.bank}
            <br />
            <small>{row.description}</small>
          </>,
          `${INSTRUMENT_LABELS[row.instrument as keyof typeof INSTRUMENT_LABELS] ?? row.instrument}${row.card_bins.length ? ` (${row.card_bins.join(', ')})` : ''}`,
          discountOf(row),
          formatPaise(row.min_cart),
          indiaTime(row.ends_at),
          row.active ? 'Active' : 'Off',
          canEdit && (
            <div key="actions" className={css.searchRow}>
              <button
                type="button"
                className={css.button}
                onClick={() => {
                  setEditing(row);
                  setDraft(draftOf(row));
                }}
              >
                Edit<span className="ops-hidden"> bank offer {row.description}</span>
              </button>
              {row.active && (
                <button type="button" className={css.danger} onClick={() => void save(row, { ...bodyOf(draftOf(row)), active: false })}>
                  Deactivate<span className="ops-hidden"> bank offer {row.description}</span>
                </button>
              )}
            </div>
          ),
        ]}
      />
    </section>
  );
}
