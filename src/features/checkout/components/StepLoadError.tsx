import { button, card } from '../../../ui/theme/global.css.ts';
import * as css from '../pages/CheckoutPage.css.ts';

/** A funnel step whose data did not load: the step's title, the message, and Try again (the machine's RELOAD). */
export function StepLoadError({
  title,
  state,
  message,
  onRetry,
}: {
  title: string;
  state: string;
  message: string | null;
  onRetry(): void;
}) {
  return (
    <section className={card} data-testid="checkout-step" data-state={state}>
      <h1 className={css.title}>{title}</h1>
      <p className={css.alert} role="alert">
        {message}
      </p>
      <button type="button" className={button} onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}
