import { Link, Outlet } from 'react-router-dom';
import * as css from '../../ui/Layout.css.ts';
import { container } from '../../ui/theme/global.css.ts';

const STEPS = ['Cart', 'Address', 'Payment'] as const;

/**
 * The cart and payment layouts (SPEC §2): a slim header with the checkout steps, no store navigation. `step` is the
 * step its pages are, named by their layout route (src/app/routes.tsx); the cart's side pages are none.
 */
export function CheckoutLayout({ area, step }: { area: 'cart' | 'payment'; step?: (typeof STEPS)[number] }) {
  return (
    <>
      <header style={{ background: '#fff', borderBottom: '1px solid #d4ddd9' }}>
        <div className={`${container} ${css.slimHeader}`}>
          <Link to="/" aria-label="Kasrat home">
            <img src="/logo.svg" alt="Kasrat" width={128} height={32} />
          </Link>
          <ol className={css.steps} aria-label="Checkout steps">
            {STEPS.map((label) => (
              <li
                key={label}
                aria-current={label === step ? 'step' : undefined}
                style={label === step ? { color: '#0b6e4f', fontWeight: 700 } : undefined}
              >
                {label}
              </li>
            ))}
          </ol>
        </div>
      </header>
      <main id="main" className={css.main} data-layout={area}>
        <div className={container}>
          <Outlet />
        </div>
      </main>
    </>
  );
}
