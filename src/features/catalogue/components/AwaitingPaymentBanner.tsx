import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPaise } from '../../../../schemas/money.ts';
import { payNowPath } from '../../../../schemas/payment-rules.ts';
import type { PaymentStateData } from '../../../../schemas/payment.ts';
import { useAuth } from '../../../api/auth.tsx';
import { button } from '../../../ui/theme/global.css.ts';
import { catalogueApi } from '../api.ts';
import * as css from './AwaitingPaymentBanner.css.ts';

/**
 * SPEC §4.7: while a signed-in shopper's order waits for payment, the home page says so with "Pay now". Asked in
 * the browser after the page is shown (the server renders the same home page for everyone); a failed call only
 * leaves the banner out.
 */
export function AwaitingPaymentBanner() {
  const { isAuthenticated } = useAuth();
  const [waiting, setWaiting] = useState<PaymentStateData | null>(null);
  useEffect(() => {
    if (!isAuthenticated) {
      setWaiting(null);
      return;
    }
    let live = true;
    catalogueApi
      .awaitingPayment()
      .then((s) => live && setWaiting(s?.state === 'awaiting_payment' ? s : null))
      .catch(() => live && setWaiting(null));
    return () => {
      live = false;
    };
  }, [isAuthenticated]);
  if (!waiting) return null;
  const until = waiting.expires_at
    ? new Date(waiting.expires_at).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' })
    : null;
  return (
    <section className={css.banner} aria-label="Order waiting for payment" data-testid="awaiting-payment">
      <p className={css.text}>
        Your order {waiting.order_id} is waiting for payment of {formatPaise(waiting.amount)}
        {until ? `. Pay by ${until} to keep your items.` : '.'}
      </p>
      <Link className={button} to={payNowPath(waiting.order_id)} aria-label={`Pay now for order ${waiting.order_id}`}>
        Pay now
      </Link>
    </section>
  );
}
