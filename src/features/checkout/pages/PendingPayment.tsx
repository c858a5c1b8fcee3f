import { useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../../../ui/meta.tsx';
import { button, card } from '../../../ui/theme/global.css.ts';
import { useFunnelPage } from '../funnel.tsx';
import * as css from './CheckoutPage.css.ts';

/** /pending-payment?orderId=: the gateway has not decided yet; the funnel asks again until it has. */
export default function PendingPaymentPage() {
  usePageMeta({ title: 'Payment pending', description: 'We are confirming your payment' });
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const { snapshot, send } = useFunnelPage((actor) => {
    if (orderId) actor.send({ type: 'PAYMENT_PENDING', order_id: orderId });
  });
  const gaveUp = snapshot.matches({ pending: 'gaveUp' });
  return (
    <section className={card} data-testid="checkout-step" data-state="pending">
      <h1 className={css.title}>Payment pending</h1>
      <p role="status" aria-live="polite">
        {gaveUp
          ? `We have not heard from your bank about order ${orderId} yet. If money left your account it is refunded automatically when the order is not confirmed.`
          : `We are confirming the payment for order ${orderId} with your bank. This page updates by itself.`}
      </p>
      {snapshot.context.error && <p className={css.alert}>{snapshot.context.error}</p>}
      {(gaveUp || snapshot.matches({ pending: 'waiting' })) && (
        <button type="button" className={button} onClick={() => send({ type: 'RELOAD' })}>
          Check again
        </button>
      )}
    </section>
  );
}
