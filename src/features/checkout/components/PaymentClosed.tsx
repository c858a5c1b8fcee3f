import { Link } from 'react-router-dom';
import type { PaymentStateData } from '../../../../schemas/payment.ts';
import { button, buttonSecondary, card } from '../../../ui/theme/global.css.ts';
import * as css from '../pages/CheckoutPage.css.ts';

const HEADINGS: Partial<Record<PaymentStateData['state'], string>> = {
  expired: 'Payment not received',
  cancelled: 'Order cancelled',
};

/**
 * SPEC §4.7: the payment page of an order that cannot be paid (expired, cancelled, not in this account, none
 * waiting): what the server says, and where to go — never a page that waits for nothing.
 */
export function PaymentClosed({ state, error }: { state: PaymentStateData | null; error: string | null }) {
  const heading = state ? (HEADINGS[state.state] ?? 'Nothing to pay') : error ? 'Order not found' : 'No order is waiting for payment';
  return (
    <section className={`${card} ${css.column}`} data-testid="checkout-step" data-state="payment-closed">
      <h1 className={css.title}>{heading}</h1>
      <p className={state ? css.notice : css.alert} role={state ? 'status' : 'alert'}>
        {state ? state.message : (error ?? 'You have no order waiting for payment. Your orders are in My Orders.')}
      </p>
      <div className={css.row}>
        {state ? (
          <Link to={state.next} className={button}>
            View order {state.order_id}
          </Link>
        ) : (
          <Link to="/account/order" className={button}>
            My Orders
          </Link>
        )}
        <Link to="/cart" className={buttonSecondary}>
          Go to cart
        </Link>
      </div>
    </section>
  );
}
