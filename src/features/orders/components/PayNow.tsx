import { Link } from 'react-router-dom';
import { payNowPath } from '../../../../schemas/payment-rules.ts';
import { button } from '../../../ui/theme/global.css.ts';
import * as css from './orders.css.ts';

/** SPEC §4.7: an order waiting for payment is paid from here, in this tab or any other, until `payBy`. */
export function PayNow({ orderId, payBy }: { orderId: string; payBy: string }) {
  const until = new Date(payBy).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' });
  return (
    <div className={css.actions} data-testid="pay-now">
      <Link className={button} to={payNowPath(orderId)} aria-label={`Pay now for order ${orderId}`}>
        Pay now
      </Link>
      <span className={css.muted}>Waiting for payment: pay by {until} to keep your items.</span>
    </div>
  );
}
