import { Link } from 'react-router-dom';
import { card } from '../../../ui/theme/global.css.ts';
import * as css from '../components/content.css.ts';

// /affiliate (SPEC §1 affiliate programme): how creators and coaches earn on the orders they refer.
const STEPS = [
  ['Apply', 'Write to affiliates@kasrat.test with your channel or gym and an audience estimate. We answer within 3 working days.'],
  ['Share', 'You get a personal link and coupon code. Every order placed through them is tracked to you, on web and in the app.'],
  ['Earn', 'Earn 5% of the order value (before shipping) on delivered orders, paid monthly to your bank account.'],
] as const;

export default function AffiliatePage() {
  return (
    <article className={css.page}>
      <header>
        <h1>Affiliate Programme</h1>
        <p className={css.lead}>Recommend authentic supplements to your followers and earn on every delivered order.</p>
      </header>
      <ol className={css.grid}>
        {STEPS.map(([title, text]) => (
          <li key={title} className={card}>
            <h2 style={{ fontSize: 18, marginTop: 0 }}>{title}</h2>
            <p style={{ margin: 0 }}>{text}</p>
          </li>
        ))}
      </ol>
      <p>
        Returns and cancelled orders do not earn. Questions? See the <Link to="/help-center">help centre</Link>.
      </p>
    </article>
  );
}
