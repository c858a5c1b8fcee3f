import { Link, Outlet, useLocation } from 'react-router-dom';
import * as css from '../../ui/Layout.css.ts';
import { container } from '../../ui/theme/global.css.ts';

const STEPS = [
  ['Cart', /^\/cart/],
  ['Address', /^\/(select-address|order-confirmation|add-new-address)/],
  ['Payment', /^\/(payment|retry-payment|pending-payment)/],
] as const;

/** The cart and payment layouts (SPEC §2): a slim header with the checkout steps, no store navigation. */
export function CheckoutLayout({ area }: { area: 'cart' | 'payment' }) {
  const { pathname } = useLocation();
  return (
    <>
      <header style={{ background: '#fff', borderBottom: '1px solid #d4ddd9' }}>
        <div className={`${container} ${css.slimHeader}`}>
          <Link to="/" aria-label="Kasrat home">
            <img src="/logo.svg" alt="Kasrat" width={128} height={32} />
          </Link>
          <ol className={css.steps} aria-label="Checkout steps">
            {STEPS.map(([label, re]) => (
              <li
                key={label}
                aria-current={re.test(pathname) ? 'step' : undefined}
                style={re.test(pathname) ? { color: '#0b6e4f', fontWeight: 700 } : undefined}
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
