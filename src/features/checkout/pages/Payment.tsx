import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { BankOfferView } from '../../../../schemas/cart.ts';
import type { SavedCardView } from '../../../../schemas/payment.ts';
import { formatPaise } from '../../../../schemas/money.ts';
import { PAY_ON_DELIVERY, PAYMENT_METHODS } from '../../../../schemas/payment-rules.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { PageSkeleton } from '../../../ui/Skeleton.tsx';
import { card } from '../../../ui/theme/global.css.ts';
import { checkoutApi } from '../api.ts';
import { PaymentMethods } from '../components/PaymentMethods.tsx';
import { takeResumed, useFunnelPage } from '../funnel.tsx';
import { StickyAction } from '../components/StickyAction.tsx';
import * as css from './CheckoutPage.css.ts';
import { StepLoadError } from '../components/StepLoadError.tsx';
import { useToast } from '../../../ui/Toast.tsx';
import { errorMessage } from '../../../../machines/checkout-rules.ts';
import { PaymentClosed } from '../components/PaymentClosed.tsx';

/** Bank offers the server checks for this order and instrument (offer-list); a failure only hides them. */
function useBankOffers(orderId: string | undefined, code: number | undefined, bank?: string, cardBin?: string) {
  const [offers, setOffers] = useState<BankOfferView[]>([]);
  useEffect(() => {
    const instrument = PAYMENT_METHODS.find((m) => m.code === code)?.instrument;
    if (!orderId || !instrument) {
      setOffers([]);
      return;
    }
    let live = true;
    checkoutApi
      .offerList(orderId, instrument, bank, cardBin?.length === 6 ? cardBin : undefined)
      .then((res) => live && setOffers(res.data.offers))
      .catch(() => live && setOffers([]));
    return () => {
      live = false;
    };
  }, [orderId, code, bank, cardBin]);
  return offers;
}

/** The shopper's saved cards (docs/decisions/024-saved-cards.md); a failure only hides them. */
function useSavedCards() {
  const [cards, setCards] = useState<SavedCardView[]>([]);
  useEffect(() => {
    let live = true;
    checkoutApi
      .savedCards()
      .then((res) => live && setCards(res.data))
      .catch(() => live && setCards([]));
    return () => {
      live = false;
    };
  }, []);
  return [cards, setCards] as const;
}

/**
 * Funnel steps 4 and 5: /payment (SPEC §4 flow "direct", after order confirmation) and /retry-payment (flow
 * "otherwise", after a failed payment; a new attempt on the same order).
 */
export default function PaymentPage() {
  // SPEC §4.7: the order in the address is the one to pay; the funnel asks the server unless it is paying it now.
  const [params] = useSearchParams();
  const asked = params.get('orderId') ?? undefined;
  const { snapshot, send, busy } = useFunnelPage((actor) =>
    actor.send({ type: 'OPEN_PAYMENT', order_id: asked, resumed: takeResumed(actor) }),
  );
  const { methods, paymentMethod, instrument, error, orderId, flow, savedCardId, paymentState } = snapshot.context;
  // Back from the gateway may show this page from the back-forward cache, still "leaving": ask again.
  useEffect(() => {
    const shown = (e: PageTransitionEvent) => {
      if (e.persisted) send({ type: 'OPEN_PAYMENT', order_id: asked });
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, [send, asked]);
  const [savedCards, setSavedCards] = useSavedCards();
  const toast = useToast();
  const removeCard = useCallback(
    async (card: SavedCardView) => {
      try {
        setSavedCards((await checkoutApi.deleteSavedCard(card.id)).data);
        toast.show('Card removed', 'success');
        if (savedCardId === card.id) send({ type: 'SELECT_NEW_CARD' });
      } catch (e) {
        toast.show(errorMessage(e), 'error');
        throw e;
      }
    },
    [savedCardId, send, setSavedCards, toast],
  );
  usePageMeta({ title: flow === 'otherwise' ? 'Retry payment' : 'Payment', description: 'Choose how to pay for your order' });
  const offers = useBankOffers(orderId, paymentMethod, instrument.bank, instrument.card_bin);

  if (snapshot.matches('recovering')) return <PageSkeleton />;
  if (snapshot.matches('closed')) return <PaymentClosed state={paymentState} error={error} />;
  if (snapshot.matches('recoverFailed'))
    return <StepLoadError title="Payment" state="payment-error" message={error} onRetry={() => send({ type: 'RELOAD' })} />;
  if (snapshot.matches({ payment: 'loadFailed' }))
    return <StepLoadError title="Payment" state="payment-error" message={error} onRetry={() => send({ type: 'RELOAD' })} />;
  if (!methods || snapshot.matches({ payment: 'loading' })) return <PageSkeleton />;

  const paying = snapshot.matches({ payment: 'paying' }) || snapshot.matches('redirecting');
  const chosen = methods.methods.find((m) => m.code === paymentMethod);
  return (
    <div className={css.page} data-testid="checkout-step" data-state={flow === 'otherwise' ? 'retry-payment' : 'payment'}>
      <div className={css.column}>
        <h1 className={css.title}>{flow === 'otherwise' ? 'Retry payment' : 'Payment'}</h1>
        {paymentState && paymentState.attempts > 0 ? (
          <p className={css.notice} role="status">
            {paymentState.message}
          </p>
        ) : (
          flow === 'otherwise' && (
            <p className={css.notice}>Your last payment did not go through. Your order is kept; choose a way to pay again.</p>
          )
        )}
        {error && (
          <p className={css.alert} role="alert">
            {error}
          </p>
        )}
        <section className={card}>
          <PaymentMethods
            methods={methods.methods}
            selected={paymentMethod}
            instrument={instrument}
            offers={offers}
            disabled={busy}
            onSelect={(code, option) => send({ type: 'SELECT_METHOD', payment_method: code, option })}
            onInstrument={(i) => send({ type: 'SET_INSTRUMENT', instrument: i })}
            savedCards={savedCards}
            savedCardId={savedCardId}
            onSavedCard={(c) => send({ type: 'SELECT_SAVED_CARD', card_id: c.id, network: c.network })}
            onNewCard={() => send({ type: 'SELECT_NEW_CARD' })}
            onRemoveCard={removeCard}
          />
        </section>
      </div>
      <aside className={`${card} ${css.column}`} aria-label="Amount to pay">
        <p className={css.muted}>Order {methods.order_id}</p>
        <p style={{ margin: 0 }}>
          Amount payable <span className={css.total}>{formatPaise(methods.amount)}</span>
        </p>
        {methods.expires_at && (
          <p className={css.muted}>
            Pay by {new Date(methods.expires_at).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' })} to keep your items.
          </p>
        )}
        <StickyAction disabled={!chosen?.available || busy} busy={paying} onClick={() => send({ type: 'PAY' })}>
          {paymentMethod === PAY_ON_DELIVERY ? 'Place order (pay on delivery)' : `Pay ${formatPaise(methods.amount)}`}
        </StickyAction>
      </aside>
    </div>
  );
}
