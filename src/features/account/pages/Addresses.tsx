import { type FormEvent, useEffect, useState } from 'react';
import { fieldErrors } from '../../../ui/form-errors.ts';
import { type Address, ADDRESS_MESSAGES, ADDRESS_TYPES, AddressInput, type PincodeDetails } from '../../../../schemas/account.ts';
import { INDIA_STATES } from '../../../../schemas/india-states.ts';
import { useAuth } from '../../../api/auth.tsx';
import type { NormalisedError } from '../../../api/client.ts';
import { deliveryDaysText, rememberDeliveryPincode } from '../../../../schemas/delivery.ts';
import { keepAllowedCharacters } from '../../../../schemas/validation.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { addressApi } from '../api.ts';
import * as css from '../components/account.css.ts';
import { Alert, FieldFrame, PhoneField, TextField } from '../../../ui/form/Fields.tsx';
import { useResource } from '../../../api/page-resource.ts';
import { messageOf } from '../../../api/resource.ts';
import { useToast } from '../../../ui/Toast.tsx';
import { button, buttonSecondary } from '../../../ui/theme/global.css.ts';

// /account/addresses (SPEC §7 /api/myAddress): list, add, edit, delete; the pincode fills city and state, or the
// shopper types them for a pincode the directory does not list (docs/pincodes.md).

export type Draft = {
  address_id: number | null;
  full_name: string;
  mobile: string;
  pincode: string;
  address: string;
  landmark: string;
  city: string;
  state: string;
  address_type: 1 | 2 | 3;
  is_default: boolean;
};
export const EMPTY_ADDRESS: Draft = {
  address_id: null,
  full_name: '',
  mobile: '',
  pincode: '',
  address: '',
  landmark: '',
  city: '',
  state: '',
  address_type: 2,
  is_default: false,
};
const TYPE_LABELS: Record<1 | 2 | 3, string> = { 1: 'Office', 2: 'Home', 3: 'Other' };

export default function AddressesPage() {
  usePageMeta(null);
  const list = useResource(() => addressApi.list().then((r) => r.data));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();

  const remove = async (id: number) => {
    try {
      const res = await addressApi.remove(id);
      list.set(res.data);
      setConfirming(null);
      toast.show(res.message, 'success');
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <article>
      <h1>My Addresses</h1>
      <Alert kind="error">{error ?? list.error}</Alert>
      {draft ? (
        <AddressForm
          draft={draft}
          onCancel={() => setDraft(null)}
          onSaved={(message) => {
            setDraft(null);
            toast.show(message, 'success');
            void list.reload();
          }}
        />
      ) : (
        <button type="button" className={button} onClick={() => setDraft(EMPTY_ADDRESS)}>
          Add new address
        </button>
      )}
      {list.loading && !list.data ? <p role="status">Loading your addresses…</p> : null}
      {list.data && list.data.length === 0 && !draft ? <p>You have no saved addresses yet.</p> : null}
      <ul style={{ listStyle: 'none', padding: 0, marginTop: 24 }}>
        {(list.data ?? []).map((a) => (
          <li key={a.address_id} className={css.panel} data-testid="address-card">
            <p style={{ margin: 0, fontWeight: 600 }}>
              {a.full_name} <span className={css.hint}>· {TYPE_LABELS[a.address_type]}</span>
              {a.is_default ? <span className={css.hint}> · Default</span> : null}
            </p>
            <p style={{ margin: '4px 0' }}>
              {a.address}
              {a.landmark ? `, ${a.landmark}` : ''}, {a.city}, {a.state} – {a.pincode}
            </p>
            <p className={css.hint}>
              Mobile: {a.c_code} {a.mobile}
            </p>
            {confirming === a.address_id ? (
              <div className={css.row} role="group" aria-label="Confirm delete">
                <span>Delete this address?</span>
                <button type="button" className={button} onClick={() => remove(a.address_id)}>
                  Yes, delete
                </button>
                <button type="button" className={css.linkButton} onClick={() => setConfirming(null)}>
                  No
                </button>
              </div>
            ) : (
              <div className={css.row}>
                <button
                  type="button"
                  className={css.linkButton}
                  onClick={() => setDraft(toDraft(a))}
                  aria-label={`Edit address of ${a.full_name}, ${a.pincode}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className={css.linkButton}
                  onClick={() => setConfirming(a.address_id)}
                  aria-label={`Delete address of ${a.full_name}, ${a.pincode}`}
                >
                  Delete
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </article>
  );
}

const toDraft = (a: Address): Draft => ({
  address_id: a.address_id,
  full_name: a.full_name,
  mobile: a.mobile,
  pincode: a.pincode,
  address: a.address,
  landmark: a.landmark ?? '',
  city: a.city,
  state: a.state,
  address_type: a.address_type,
  is_default: a.is_default,
});

/**
 * The address form (also the checkout's /add-new-address): pincode lookup fills city and state and says when we
 * cannot deliver and in how many days we can; a pincode it does not find lets the shopper type them. A new address
 * starts with the account's name and mobile, and the first one is the default (the API makes it so).
 */
export function AddressForm({
  draft,
  onCancel,
  onSaved,
}: {
  draft: Draft;
  onCancel(): void;
  onSaved(message: string, address: Address): void;
}) {
  const [d, setD] = useState<Draft>(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pin, setPin] = useState<{ loading: boolean; data: PincodeDetails | null; error: string | null; unlisted: boolean }>({
    loading: false,
    data: null,
    error: null,
    unlisted: false,
  });
  const [first, setFirst] = useState(false);
  const { user } = useAuth();
  const isNew = draft.address_id === null;
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setD((x) => ({ ...x, [key]: value }));

  // A new address is the account holder's until they change it: their name and mobile are filled in.
  useEffect(() => {
    if (!isNew || !user) return;
    setD((x) => ({
      ...x,
      full_name: x.full_name || user.customer_name,
      mobile: x.mobile || (/^\d{10}$/.test(user.customer_mobile ?? '') ? (user.customer_mobile as string) : ''),
    }));
  }, [isNew, user]);

  // The first address is the default whatever the box says (the API makes it so): the box says so too.
  useEffect(() => {
    if (!isNew) return;
    let live = true;
    addressApi
      .list()
      .then((res) => {
        if (!live || res.data.length > 0) return;
        setFirst(true);
        setD((x) => ({ ...x, is_default: true }));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [isNew]);

  // Six digits look the pincode up; city and state come from the answer. A valid pincode the directory does not
  // list is not an error: the shopper types the city and chooses the state (docs/pincodes.md).
  useEffect(() => {
    if (!/^\d{6}$/.test(d.pincode)) {
      setPin({ loading: false, data: null, error: null, unlisted: false });
      return;
    }
    let live = true;
    setPin((p) => ({ ...p, loading: true }));
    addressApi
      .pincode(d.pincode)
      .then((res) => {
        if (!live) return;
        setPin({ loading: false, data: res.data, error: null, unlisted: false });
        setD((x) => ({ ...x, city: res.data.city, state: res.data.state }));
      })
      .catch((err) => {
        if (!live) return;
        const unlisted = (err as NormalisedError).response?.status === 404;
        setPin({ loading: false, data: null, error: unlisted ? null : messageOf(err), unlisted });
        // The saved address keeps what was typed for it; anything the lookup filled in for another pincode goes.
        if (unlisted && !(draft.address_id && d.pincode === draft.pincode))
          setD((x) => ({ ...x, city: '', state: INDIA_STATES.some((s) => s.name === x.state) ? x.state : '' }));
      });
    return () => {
      live = false;
    };
  }, [d.pincode, draft.address_id, draft.pincode]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      address_id: d.address_id,
      full_name: d.full_name.trim(),
      mobile: d.mobile,
      c_code: '+91',
      pincode: d.pincode,
      address: d.address.trim(),
      landmark: d.landmark.trim() || null,
      city: d.city,
      state: d.state,
      address_type: d.address_type,
      is_default: d.is_default,
    };
    const invalid = fieldErrors(AddressInput, body);
    if (Object.keys(invalid).length) return setErrors(invalid);
    setErrors({});
    setBusy(true);
    try {
      const res = await addressApi.save(body);
      rememberDeliveryPincode(res.data.pincode);
      onSaved(res.message, res.data);
    } catch (err) {
      setFormError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className={css.panel} aria-label={d.address_id ? 'Edit address' : 'Add new address'}>
      <h2>{d.address_id ? 'Edit address' : 'Add new address'}</h2>
      <TextField
        label="Full name"
        name="full_name"
        autoComplete="name"
        maxLength={50}
        value={d.full_name}
        onChange={(v) => set('full_name', v)}
        error={errors.full_name}
      />
      <PhoneField label="Mobile number" name="mobile" value={d.mobile} onChange={(v) => set('mobile', v)} error={errors.mobile} />
      <TextField
        label="Pincode"
        name="pincode"
        inputMode="numeric"
        maxLength={6}
        value={d.pincode}
        onChange={(v) => set('pincode', keepAllowedCharacters('number', v).slice(0, 6))}
        error={errors.pincode ?? pin.error}
        hint={
          pin.loading
            ? 'Looking up pincode…'
            : pin.data
              ? pincodeHint(pin.data)
              : pin.unlisted
                ? 'We could not find this pincode. Please type your city and choose your state.'
                : undefined
        }
      />
      <TextField
        label="Address (house no., building, street, area)"
        name="address"
        multiline
        maxLength={250}
        value={d.address}
        onChange={(v) => set('address', keepAllowedCharacters('address', v))}
        error={errors.address}
      />
      <TextField
        label="Landmark (optional)"
        name="landmark"
        maxLength={100}
        value={d.landmark}
        onChange={(v) => set('landmark', keepAllowedCharacters('landmark', v))}
        error={errors.landmark}
      />
      <div className={css.row}>
        <TextField
          label="City"
          name="city"
          autoComplete="address-level2"
          maxLength={60}
          value={d.city}
          disabled={!pin.unlisted}
          onChange={(v) => set('city', v)}
          error={errors.city}
        />
        {pin.unlisted ? (
          <FieldFrame label="State" error={errors.state}>
            {(id, describedBy) => (
              <div className={css.control}>
                <select
                  id={id}
                  name="state"
                  className={css.input}
                  autoComplete="address-level1"
                  value={d.state}
                  onChange={(e) => set('state', e.target.value)}
                  aria-invalid={errors.state ? true : undefined}
                  aria-describedby={describedBy}
                >
                  <option value="">Choose state</option>
                  {INDIA_STATES.map((s) => (
                    <option key={s.code} value={s.name}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </FieldFrame>
        ) : (
          <TextField label="State" name="state" value={d.state} disabled onChange={() => {}} error={errors.state} />
        )}
      </div>
      <fieldset style={{ border: 'none', padding: 0, margin: '0 0 16px' }}>
        <legend className={css.label}>Address type</legend>
        <div className={css.row}>
          {([1, 2, 3] as const).map((t) => (
            <label key={t} className={css.checkbox} style={{ marginBottom: 0 }}>
              <input
                type="radio"
                name="address_type"
                value={ADDRESS_TYPES[t]}
                checked={d.address_type === t}
                onChange={() => set('address_type', t)}
              />
              <span>{TYPE_LABELS[t]}</span>
            </label>
          ))}
        </div>
        {errors.address_type ? <p className={css.error}>{errors.address_type}</p> : null}
      </fieldset>
      <label className={css.checkbox}>
        <input
          type="checkbox"
          name="is_default"
          checked={d.is_default || first}
          disabled={first}
          onChange={() => set('is_default', !d.is_default)}
        />
        <span>{first ? 'Your first address is your default address' : 'Make this my default address'}</span>
      </label>
      {!pin.unlisted && (errors.city || errors.state) ? <p className={css.error}>{ADDRESS_MESSAGES.pincode}</p> : null}
      <Alert kind="error">{formError}</Alert>
      <div className={css.row}>
        <button type="submit" className={button} disabled={busy} aria-busy={busy}>
          Save address
        </button>
        <button type="button" className={buttonSecondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** "Bengaluru, Karnataka · Delivers in 3–6 days · Pay on delivery available" (docs/pincodes.md "Serviceability"). */
function pincodeHint(p: PincodeDetails): string {
  if (!p.serviceable) return `${p.city}, ${p.state} · We do not deliver here yet`;
  const parts = [`${p.city}, ${p.state}`];
  if (p.delivery_days) parts.push(deliveryDaysText(p.delivery_days));
  parts.push(p.cod_available ? 'Pay on delivery available' : 'Pay on delivery not available here');
  return parts.join(' · ');
}
