import { Link } from 'react-router-dom';
import { useCachedResource } from '../api/cached-resource.ts';
import { grievanceOfficerResource } from './grievance-officer.ts';
import * as css from './Layout.css.ts';

/**
 * The grievance officer's name, designation and contact in the footer (Consumer Protection (E-Commerce) Rules, 2020,
 * rule 4(4); docs/grievance-redressal.md). Rendered with the page by the server; empty while it loads elsewhere.
 */
export function FooterGrievance() {
  const def = grievanceOfficerResource();
  const { data } = useCachedResource(def.key, def.load);
  return (
    <div data-testid="footer-grievance">
      <h2 className={css.footerHeading}>Grievance officer</h2>
      {data ? (
        <address style={{ fontStyle: 'normal' }}>
          <p style={{ margin: 0 }}>
            {data.name}, {data.designation}
          </p>
          <a className={css.footerLink} href={`mailto:${data.email}`}>
            {data.email}
          </a>
          <a className={css.footerLink} href={data.tel}>
            {data.phone}
          </a>
          <p style={{ margin: '4px 0', fontSize: 14 }}>{data.address}</p>
        </address>
      ) : null}
      <Link to="/help-center/grievance" className={css.footerLink}>
        Grievance redressal
      </Link>
    </div>
  );
}
