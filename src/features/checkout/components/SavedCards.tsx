import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { SavedCardView } from '../../../../schemas/payment.ts';
import { useFixedScroll } from '../../../ui/fixed-scroll.tsx';
import * as css from './SavedCards.css.ts';

// Saved cards inside the card method (docs/decisions/024-saved-cards.md): each by network, last four and expiry,
// paid with by choosing it (the gateway asks only for the CVV), removed after a confirmation; or a new card.

const two = (n: number) => String(n).padStart(2, '0');
export const cardLabel = (c: SavedCardView) => `${c.network} •••• ${c.last4}`;
export const expiryLabel = (c: SavedCardView) => `Expires ${two(c.expiry_month)}/${String(c.expiry_year).slice(-2)}`;

interface Props {
  cards: SavedCardView[];
  /** The saved card chosen, or null for a new card. */
  selectedId: number | null;
  disabled: boolean;
  onSelect(card: SavedCardView): void;
  onNewCard(): void;
  /** Resolves once the card is removed (the list then comes from the server); rejects with the message to show. */
  onRemove(card: SavedCardView): Promise<void>;
}

export function SavedCards({ cards, selectedId, disabled, onSelect, onNewCard, onRemove }: Props) {
  const [confirming, setConfirming] = useState<SavedCardView | null>(null);
  const [removing, setRemoving] = useState(false);
  return (
    <fieldset className={css.list} disabled={disabled} data-testid="saved-cards">
      <legend className={css.legend}>Your saved cards</legend>
      {cards.map((c) => (
        <div key={c.id} className={css.row} data-testid="saved-card">
          <label className={css.choice}>
            <input type="radio" name="card_choice" className={css.radio} checked={selectedId === c.id} onChange={() => onSelect(c)} />
            <span>
              {cardLabel(c)} <span className={css.expiry}>{expiryLabel(c)}</span>
            </span>
          </label>
          <button type="button" className={css.remove} onClick={() => setConfirming(c)} aria-label={`Remove ${cardLabel(c)}`}>
            Remove
          </button>
        </div>
      ))}
      <label className={css.choice}>
        <input type="radio" name="card_choice" className={css.radio} checked={selectedId === null} onChange={onNewCard} />
        Pay with a new card
      </label>
      {confirming && (
        <ConfirmRemove
          card={confirming}
          busy={removing}
          onCancel={() => setConfirming(null)}
          onConfirm={async () => {
            setRemoving(true);
            try {
              await onRemove(confirming);
              setConfirming(null);
            } catch {
              // The page tells why (a toast); the dialog stays for another try or a cancel.
            } finally {
              setRemoving(false);
            }
          }}
        />
      )}
    </fieldset>
  );
}

/** SPEC §4.6: the page stops scrolling while the dialog is open; Escape cancels; focus returns where it was. */
function ConfirmRemove({ card, busy, onCancel, onConfirm }: { card: SavedCardView; busy: boolean; onCancel(): void; onConfirm(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
  useFixedScroll();
  useEffect(() => {
    const back = document.activeElement;
    heading.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') cancel.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (back instanceof HTMLElement) back.focus();
    };
  }, []);
  return createPortal(
    <div className={css.backdrop}>
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="remove-card-title"
        aria-describedby="remove-card-text"
        className={css.dialog}
      >
        <h2 id="remove-card-title" ref={heading} tabIndex={-1} className={css.title}>
          Remove this card?
        </h2>
        <p id="remove-card-text" style={{ margin: 0 }}>
          {cardLabel(card)} will be removed from your saved cards. You can save it again the next time you pay with it.
        </p>
        <div className={css.actions}>
          <button type="button" className={css.button} onClick={onCancel} disabled={busy}>
            Keep card
          </button>
          <button type="button" className={`${css.button} ${css.danger}`} onClick={onConfirm} disabled={busy} aria-busy={busy}>
            {busy ? 'Removing…' : 'Remove card'}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
