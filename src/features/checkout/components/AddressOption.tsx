import type { CartAddress } from '../../../../schemas/account.ts';
import { deliveryDaysText } from '../../../../schemas/delivery.ts';
import * as css from './AddressOption.css.ts';

const TYPE_LABELS = { 1: 'Office', 2: 'Home', 3: 'Other' } as const;

/** One saved address as a radio choice; an address we cannot deliver to says so and cannot be chosen. */
export function AddressOption({ address: a, checked, onSelect }: { address: CartAddress; checked: boolean; onSelect(): void }) {
  return (
    <li>
      <label className={css.option} data-testid="address-option" data-address-id={a.address_id}>
        <input
          type="radio"
          name="address"
          className={css.radio}
          checked={checked}
          disabled={!a.serviceable}
          onChange={onSelect}
          aria-describedby={`address-${a.address_id}`}
        />
        <span id={`address-${a.address_id}`}>
          <span className={css.name}>
            {a.full_name} <span className={css.muted}>· {TYPE_LABELS[a.address_type]}</span>
          </span>
          <br />
          {a.address}
          {a.landmark ? `, ${a.landmark}` : ''}, {a.city}, {a.state} – {a.pincode}
          <br />
          <span className={css.muted}>
            Mobile: {a.c_code} {a.mobile}
            {a.serviceable && !a.cod_available ? ' · Pay on delivery not available here' : ''}
          </span>
          {a.serviceable && a.delivery_days ? (
            <>
              <br />
              <span className={css.estimate} data-testid="address-delivery-estimate">
                {deliveryDaysText(a.delivery_days)}
              </span>
            </>
          ) : null}
          {!a.serviceable && (
            <>
              <br />
              <span className={css.warn}>We do not deliver to this pincode yet</span>
            </>
          )}
        </span>
      </label>
    </li>
  );
}
