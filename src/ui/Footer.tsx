import { requestConsentSettings } from '../../events/consent.ts';
import { indiaWall } from '../../schemas/dates.ts';
import { Link } from 'react-router-dom';
import { container } from './theme/global.css.ts';
import * as css from './Layout.css.ts';
import { FooterGrievance } from './FooterGrievance.tsx';

/** SPEC §9: the footer year is read in India time (offset 330 minutes); 2024 if the clock is unusable. */
export function footerYear(now: Date = new Date()): number {
  const t = now.getTime();
  if (!Number.isFinite(t)) return 2024;
  return indiaWall(t).getUTCFullYear();
}

const COLUMNS: Array<[string, Array<[string, string]>]> = [
  [
    'Kasrat',
    [
      ['About us', '/about'],
      ['Store locator', '/store-locator'],
      ['Retailer programme', '/retailer-details'],
      ['Authenticity', '/authenticity'],
    ],
  ],
  [
    'Shop',
    [
      ['All brands', '/brands'],
      ['All categories', '/all-categories'],
      ['Top 10', '/top-10'],
      ['Offers & coupons', '/offers-coupons/'],
      ['Free gifts', '/freebies'],
    ],
  ],
  [
    'Help',
    [
      ['Help centre', '/help-center'],
      ['Contact us', '/help-center/contact-us'],
      ['Track order', '/account/order'],
      ['My account', '/account/'],
    ],
  ],
];

export function Footer() {
  return (
    <footer className={css.footer}>
      <div className={container}>
        <div className={css.footerGrid}>
          {COLUMNS.map(([heading, links]) => (
            <nav key={heading} aria-label={heading}>
              <h2 className={css.footerHeading}>{heading}</h2>
              {links.map(([label, to]) => (
                <Link key={to} to={to} className={css.footerLink}>
                  {label}
                </Link>
              ))}
            </nav>
          ))}
          <div>
            <h2 className={css.footerHeading}>Customer care</h2>
            <p style={{ margin: 0 }}>
              <a className={css.footerLink} href="tel:+911140001234">
                +91 11 4000 1234
              </a>
              <a className={css.footerLink} href="mailto:care@kasrat.test">
                care@kasrat.test
              </a>
            </p>
          </div>
          <FooterGrievance />
        </div>
        {/* SPEC §4.8: the cookie notice can always be answered again. */}
        <button type="button" className={css.footerButton} onClick={requestConsentSettings}>
          Cookie settings
        </button>
        <p style={{ marginTop: 24, fontSize: 14 }}>
          © {footerYear()} Kasrat. 100% authentic supplements, sourced from brands and authorised importers.
        </p>
      </div>
    </footer>
  );
}
