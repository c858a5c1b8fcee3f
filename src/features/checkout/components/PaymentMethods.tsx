import type { BankOfferView } from '../../../../schemas/cart.ts';
import { formatPaise } from '../../../../schemas/money.ts';
import type {
  ActivePaymentData,
  InstrumentDetails,
  PaymentMethodCode,
  PaymentOfferGroup,
  SavedCardView,
} from '../../../../schemas/payment.ts';
import { cardDigitsCarryOver } from '../../../../schemas/payment-rules.ts';
import * as css from './PaymentMethods.css.ts';
import { SavedCards } from './SavedCards.tsx';

/** Choices inside a method, for the sandbox and the bank-offer check (the gateway asks the rest). */
const BANKS = ['HDFC Bank', 'ICICI Bank', 'State Bank of India', 'Axis Bank', 'Kotak Mahindra Bank'];

interface Props {
  methods: ActivePaymentData['methods'];
  selected: PaymentMethodCode | undefined;
  instrument: InstrumentDetails;
  /** The bank offers under each online method (offer-list). */
  offers: PaymentOfferGroup[];
  /** The offer the chosen instrument qualifies for, shown as applied under its method. */
  applied: BankOfferView | null;
  /** The gateway the order pays through: whether its card form starts with the digits given here. */
  gateway?: ActivePaymentData['gateway'];
  disabled: boolean;
  onSelect(code: PaymentMethodCode, option?: string): void;
  onInstrument(instrument: InstrumentDetails): void;
  /** Saved cards (docs/decisions/024-saved-cards.md), offered inside the card method. */
  savedCards?: SavedCardView[];
  savedCardId?: number;
  onSavedCard?(card: SavedCardView): void;
  onNewCard?(): void;
  onRemoveCard?(card: SavedCardView): Promise<void>;
}

const OFFER_WORDS: Record<string, string> = { card: 'card', netbanking: 'net banking', upi: 'UPI', wallet: 'wallet' };

/** "HDFC card offer", "ICICI net banking offer", "UPI offer" (an "Any …" offer names no bank). */
export function offerLabel(o: Pick<BankOfferView, 'bank' | 'instrument'>): string {
  const bank = /^any\b/i.test(o.bank) ? '' : `${o.bank.replace(/\s+bank$/i, '')} `;
  return `${bank}${OFFER_WORDS[o.instrument] ?? o.instrument} offer`;
}

/** SPEC §9 payment methods (UPI, cards, net banking, wallets, pay on delivery) with what each needs. */
export function PaymentMethods(props: Props) {
  const { methods, selected, instrument, offers, applied, disabled, onSelect, onInstrument } = props;
  const savedCards = props.savedCards ?? [];
  const savedCardChosen = selected === 2 && props.savedCardId !== undefined;
  return (
    <fieldset className={css.list} disabled={disabled}>
      <legend className={css.legend}>Choose a payment method</legend>
      {methods.map((m) => {
        const id = `method-${m.code}`;
        const isSelected = selected === m.code;
        // SPEC §6 bank offers: each offer under the method it applies to; the chosen method's applied one first.
        const own = offers.find((g) => g.code === m.code)?.offers ?? [];
        const appliedHere = isSelected && applied && applied.instrument === m.instrument ? applied : null;
        return (
          <div key={m.code} className={css.method} data-testid="payment-method" data-code={m.code}>
            <label className={css.choice} htmlFor={id}>
              <input
                id={id}
                type="radio"
                name="payment_method"
                className={css.radio}
                value={m.code}
                checked={isSelected}
                disabled={!m.available}
                onChange={() => onSelect(m.code)}
                aria-describedby={m.reason ? `${id}-reason` : undefined}
              />
              {m.name}
            </label>
            {m.reason && (
              <p id={`${id}-reason`} className={css.reason}>
                {m.reason}
              </p>
            )}
            {m.code === 2 && m.options.length > 0 && (
              // SPEC §1: the accepted card networks.
              <p className={css.reason} data-testid="card-networks">
                We accept {m.options.join(', ')}
              </p>
            )}
            {isSelected && m.code === 2 && savedCards.length > 0 && (
              <SavedCards
                cards={savedCards}
                selectedId={savedCardChosen ? (props.savedCardId ?? null) : null}
                disabled={disabled}
                onSelect={(c) => props.onSavedCard?.(c)}
                onNewCard={() => props.onNewCard?.()}
                onRemove={(c) => props.onRemoveCard?.(c) ?? Promise.resolve()}
              />
            )}
            {isSelected && m.code === 1 && m.options.length > 0 && (
              <label className={css.detail}>
                UPI app
                <select
                  className={css.input}
                  value={instrument.upi_app ?? ''}
                  onChange={(e) => {
                    onInstrument({ upi_app: e.target.value || undefined });
                    if (e.target.value) onSelect(1, e.target.value);
                  }}
                >
                  <option value="">Any UPI app</option>
                  {m.options.map((o) => (
                    <option key={o}>{o}</option>
                  ))}
                </select>
              </label>
            )}
            {isSelected && m.code === 2 && !savedCardChosen && (
              <label className={css.detail}>
                First 6 to 8 digits of your card (for bank offers)
                <input
                  className={css.input}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={8}
                  aria-describedby={`${id}-bin-note`}
                  value={instrument.card_bin ?? ''}
                  onChange={(e) => {
                    const bin = e.target.value.replace(/\D/g, '').slice(0, 8);
                    onInstrument({ card_bin: bin || undefined });
                  }}
                />
                <span id={`${id}-bin-note`} className={css.reason}>
                  {props.gateway && cardDigitsCarryOver(props.gateway)
                    ? 'The secure card form starts with these digits: you type only the rest there.'
                    : 'Optional: the secure card form asks for the full number.'}
                </span>
              </label>
            )}
            {isSelected && (m.code === 3 || m.code === 6) && (
              <label className={css.detail}>
                {m.code === 3 ? 'Bank' : 'Wallet'}
                <select
                  className={css.input}
                  value={(m.code === 3 ? instrument.bank : instrument.wallet) ?? ''}
                  onChange={(e) => {
                    const v = e.target.value || undefined;
                    onInstrument(m.code === 3 ? { bank: v } : { wallet: v });
                    if (v) onSelect(m.code, v);
                  }}
                >
                  <option value="">Choose</option>
                  {(m.options.length > 0 ? m.options : m.code === 3 ? BANKS : []).map((o) => (
                    <option key={o}>{o}</option>
                  ))}
                </select>
              </label>
            )}
            {appliedHere && (
              <p className={css.applied} data-testid="applied-offer">
                {offerLabel(appliedHere)}: −{formatPaise(appliedHere.discount)}
              </p>
            )}
            {own.length > 0 && (
              <ul className={css.offers} aria-label={`Bank offers for ${m.name}`} data-testid="method-offers">
                {own.map((o) => (
                  <li key={o.id} className={css.offer}>
                    {o.bank}: {o.description}
                    {isSelected && o.id !== appliedHere?.id && o.reason && <span className={css.offerReason}>{o.reason}</span>}
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
