import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { InstrumentDetails, OfferListData, SavedCardView } from '../../../../schemas/payment.ts';
import { formatPaise } from '../../../../schemas/money.ts';
import { PAY_ON_DELIVERY, PAYMENT_METHODS } from '../../../../schemas/payment-rules.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { PageSkeleton } from '../../../ui/Skeleton.tsx';
import { card } from '../../../ui/theme/global.css.ts';
import { checkoutApi } from '../api.ts';
import { offerLabel, PaymentMethods } from '../components/PaymentMethods.tsx';
import { takeResumed, useFunnelPage } from '../funnel.tsx';
import { StickyAction } from '../components/StickyAction.tsx';
import * as css from './CheckoutPage.css.ts';
import { StepLoadError } from '../components/StepLoadError.tsx';
import { useToast } from '../../../ui/Toast.tsx';
import { errorMessage } from '../../../../machines/checkout-rules.ts';
import { PaymentClosed } from '../components/PaymentClosed.tsx';

/**
 * The amount to pay and the bank offers under each method, as the server prices them for this order and the
 * instrument chosen (offer-list, the same rule the attempt charges by: SPEC §6 bank offers). `current` is false
 * while an answer for the latest choice is awaited, so the Pay button never shows an amount the gateway would not
 * charge. A failure leaves the offers out and the order's total, which is then what a payment without one charges.
 */
function usePayable(orderId: string | undefined, code: number | undefined, instrument: InstrumentDetails) {
  const [quote, setQuote] = useState<{ key: string; data: OfferListData | null } | null>(null);
  const type = PAYMENT_METHODS.find((m) => m.code === code)?.instrument ?? undefined;
  // A card prefix counts from its sixth digit (schemas/payment.ts card_bin).
  const bin = instrument.card_bin && instrument.card_bin.length >= 6 ? instrument.card_bin : undefined;
  const bank = type === 'netbanking' ? instrument.bank : undefined;
  const wallet = type === 'wallet' ? instrument.wallet : undefined;
  const key = JSON.stringify([orderId, type, bank, wallet, type === 'card' ? bin : undefined]);
  useEffect(() => {
    if (!orderId) return;
    let live = true;
    checkoutApi
      .offerList(orderId, { instrument: type, bank, wallet, card_bin: type === 'card' ? bin : undefined })
      .then((res) => live && setQuote({ key, data: res.data }))
      .catch(() => live && setQuote({ key, data: null }));
    return () => {
      live = false;
    };
  }, [key, orderId, type, bank, wallet, bin]);
  return { data: quote?.data ?? null, current: quote?.key === key };
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
  const quote = usePayable(orderId, paymentMethod, instrument);

  if (snapshot.matches('recovering')) return <PageSkeleton />;
  if (snapshot.matches('closed')) return <PaymentClosed state={paymentState} error={error} />;
  if (snapshot.matches('recoverFailed'))
    return <StepLoadError title="Payment" state="payment-error" message={error} onRetry={() => send({ type: 'RELOAD' })} />;
  if (snapshot.matches({ payment: 'loadFailed' }))
    return <StepLoadError title="Payment" state="payment-error" message={error} onRetry={() => send({ type: 'RELOAD' })} />;
  if (!methods || snapshot.matches({ payment: 'loading' })) return <PageSkeleton />;

  const paying = snapshot.matches({ payment: 'paying' }) || snapshot.matches('redirecting');
  const chosen = methods.methods.find((m) => m.code === paymentMethod);
  // Pay on delivery takes the order's total; an online method what the server prices for its instrument.
  const online = paymentMethod !== undefined && paymentMethod !== PAY_ON_DELIVERY;
  const payable = online && quote.data ? quote.data.payable : methods.amount;
  const applied = online && quote.current ? (quote.data?.best ?? null) : null;
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
            offers={quote.data?.methods ?? []}
            applied={applied}
            gateway={methods.gateway}
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
        {applied && (
          <p style={{ margin: 0 }} data-testid="summary-offer">
            {offerLabel(applied)} <span>−{formatPaise(applied.discount)}</span>
          </p>
        )}
        <p style={{ margin: 0 }}>
          Amount payable <span className={css.total}>{formatPaise(payable)}</span>
        </p>
        {methods.expires_at && (
          <p className={css.muted}>
            Pay by {new Date(methods.expires_at).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' })} to keep your items.
          </p>
        )}
        <StickyAction
          disabled={!chosen?.available || busy || (online && !quote.current)}
          busy={paying}
          onClick={() => send({ type: 'PAY' })}
        >
          {paymentMethod === PAY_ON_DELIVERY ? 'Place order (pay on delivery)' : `Pay ${formatPaise(payable)}`}
        </StickyAction>
      </aside>
    </div>
  );
}
