import { Link, useParams } from 'react-router-dom';
import { formatPaise } from '../../../../schemas/money.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { PageSkeleton } from '../../../ui/Skeleton.tsx';
import { button, buttonSecondary, card } from '../../../ui/theme/global.css.ts';
import { useFunnelPage } from '../funnel.tsx';
import * as css from './CheckoutPage.css.ts';
import { StepLoadError } from '../components/StepLoadError.tsx';

/** /order-failed/{orderId}: why the payment failed, and a retry on the same order (SPEC §4 flow "otherwise"). */
export default function OrderFailedPage() {
  usePageMeta({ title: 'Payment failed', description: 'Your payment did not go through' });
  const { orderId = '' } = useParams();
  const { snapshot, send, busy } = useFunnelPage((actor) => actor.send({ type: 'PAYMENT_FAILED', order_id: orderId }));
  const failure = snapshot.context.failure;

  if (snapshot.matches({ failed: 'loadFailed' }))
    return (
      <StepLoadError
        title="Payment failed"
        state="failed-error"
        message={snapshot.context.error}
        onRetry={() => send({ type: 'RELOAD' })}
      />
    );
  if (!failure || failure.order_id !== orderId || snapshot.matches({ failed: 'loading' })) return <PageSkeleton />;

  return (
    <section className={`${card} ${css.column}`} data-testid="checkout-step" data-state="failed">
      <h1 className={css.title}>Payment failed</h1>
      <p className={css.alert} role="alert">
        The payment of {formatPaise(failure.amount)} for order {failure.order_id} did not go through
        {failure.reason ? `: ${failure.reason}` : '.'}
      </p>
      {failure.can_retry ? (
        <p className={css.muted}>No money was taken. Your items are kept for you while you try again.</p>
      ) : (
        <p className={css.muted}>
          This order can no longer be paid for. Its items are back in stock for everyone; you can order again from your cart.
        </p>
      )}
      <div className={css.row}>
        {failure.can_retry && (
          <button type="button" className={button} disabled={busy} onClick={() => send({ type: 'RETRY' })}>
            Retry payment
          </button>
        )}
        <Link to="/cart" className={buttonSecondary}>
          Go to cart
        </Link>
      </div>
    </section>
  );
}
