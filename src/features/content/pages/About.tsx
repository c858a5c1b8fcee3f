import { Link } from 'react-router-dom';
import { card } from '../../../ui/theme/global.css.ts';

const PROMISES = [
  [
    'Sourced from brands',
    'We buy directly from brands and their authorised importers. Every import carries its importer and brand certificates, which you can check on our authenticity page.',
  ],
  ['Stored right', 'Climate-controlled warehouses keep proteins and vitamins away from heat and humidity until they are shipped, sealed.'],
  ['Checked by you', 'Scratch codes and batch numbers can be verified with the brand. If anything looks wrong, we take it back.'],
] as const;

export default function AboutPage() {
  return (
    <article style={{ maxWidth: 860 }}>
      <h1>About Kasrat</h1>
      <p>
        Kasrat — Hindi for exercise — has sold authentic sports nutrition and health supplements to shoppers across India since December
        2016. We started in Delhi because fake whey was everywhere and nobody could tell which tub was real. Today we ship whey proteins,
        gainers, creatine, pre-workouts, vitamins and healthy foods from the brands athletes trust, to every serviceable pincode in India.
      </p>
      <h2>Our promise</h2>
      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
        {PROMISES.map(([title, text]) => (
          <section key={title} className={card}>
            <h3>{title}</h3>
            <p style={{ margin: 0 }}>{text}</p>
          </section>
        ))}
      </div>
      <h2 style={{ marginTop: 32 }}>Visit or reach us</h2>
      <p>
        Head office: 3rd Floor, 14 Community Centre, Saket, New Delhi 110017. Customer care:{' '}
        <a href="tel:+911140001234">+91 11 4000 1234</a>, <a href="mailto:care@kasrat.test">care@kasrat.test</a>. Find a store near you with
        the <Link to="/store-locator">store locator</Link>, or verify a product on the <Link to="/authenticity">authenticity page</Link>.
      </p>
    </article>
  );
}
