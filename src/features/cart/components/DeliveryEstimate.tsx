import { type FormEvent, useEffect, useId, useState } from 'react';
import type { Serviceability, ServiceabilityResponse } from '../../../../schemas/account.ts';
import { DELIVERY_PINCODE_KEY, deliveryDate, deliveryDaysText, rememberDeliveryPincode } from '../../../../schemas/delivery.ts';
import { get } from '../../../api/client.ts';
import { messageOf } from '../../../api/resource.ts';
import * as css from './DeliveryEstimate.css.ts';

// The delivery estimate of the product page and the cart (docs/pincodes.md "Serviceability"): the shopper's
// pincode, remembered on this device, answers when an order would arrive and whether pay on delivery is offered.

const PINCODE = /^[1-9]\d{5}$/;

const serviceability = (pincode: string) =>
  get<typeof ServiceabilityResponse>(`/api/myAddress/pincode-serviceability?pincode=${encodeURIComponent(pincode)}`);

export function DeliveryEstimate() {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [editing, setEditing] = useState(true);
  const [answer, setAnswer] = useState<{ data: Serviceability; date: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async (pincode: string) => {
    if (!PINCODE.test(pincode)) return setError('Please enter a valid 6 digit pincode');
    setBusy(true);
    setError(null);
    try {
      const res = await serviceability(pincode);
      // The clock is read here, after the answer, never while rendering (the server renders this page).
      setAnswer({ data: res.data, date: res.data.delivery_days ? deliveryDate(res.data.delivery_days, new Date()) : null });
      setEditing(false);
      rememberDeliveryPincode(pincode);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  // The pincode remembered on this device answers at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render in the browser.
  useEffect(() => {
    let remembered: string | null = null;
    try {
      remembered = localStorage.getItem(DELIVERY_PINCODE_KEY);
    } catch {
      remembered = null;
    }
    if (remembered && PINCODE.test(remembered)) {
      setTyped(remembered);
      void check(remembered);
    }
  }, []);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void check(typed);
  };
  const data = answer?.data;
  return (
    <section className={css.panel} aria-labelledby={`${id}-h`} data-testid="delivery-estimate">
      <h2 id={`${id}-h`} className={css.heading}>
        Delivery
      </h2>
      {!editing && data ? (
        <div aria-live="polite">
          <p className={css.line}>
            {data.serviceable && answer.date ? (
              <>
                <span className={css.date}>Delivery by {answer.date}</span>{' '}
                <span className={css.muted}>to {[data.pincode, data.city].filter(Boolean).join(', ')}</span>
              </>
            ) : (
              <span>We do not deliver to pincode {data.pincode} yet.</span>
            )}
            <button type="button" className={css.change} onClick={() => setEditing(true)} aria-label="Change delivery pincode">
              Change
            </button>
          </p>
          {data.serviceable && data.delivery_days ? (
            <p className={css.line}>
              {deliveryDaysText(data.delivery_days)} ·{' '}
              {data.cod_available ? 'Pay on delivery available' : 'Pay on delivery not available here'}
            </p>
          ) : null}
        </div>
      ) : (
        <form className={css.form} onSubmit={onSubmit} noValidate>
          <label htmlFor={`${id}-pin`} className={css.muted}>
            Pincode
          </label>
          <input
            id={`${id}-pin`}
            name="delivery_pincode"
            className={css.input}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            value={typed}
            onChange={(e) => setTyped(e.target.value.replace(/\D/g, '').slice(0, 6))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-err` : undefined}
          />
          <button type="submit" className={css.check} disabled={busy} aria-busy={busy}>
            Check
          </button>
        </form>
      )}
      {error ? (
        <p id={`${id}-err`} className={css.error} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
