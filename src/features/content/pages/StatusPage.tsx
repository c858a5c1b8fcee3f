import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { button, container } from '../../../ui/theme/global.css.ts';

/**
 * SPEC §2 generic error page: logo, heading, subheading, one call-to-action button. Every status page is shown
 * inside the store's layout, whose header carries the logo: the page itself shows none (a second one repeated it).
 */
export function StatusPage(props: {
  heading: string;
  subheading: ReactNode;
  action: { label: string; to: string; reload?: boolean };
  code?: string;
  /** More ways on from the page (the 404 page's search and categories), below its action. */
  children?: ReactNode;
}) {
  const { heading, subheading, action, code, children } = props;
  return (
    <div className={container} style={{ textAlign: 'center', padding: '32px 16px', maxWidth: 560 }}>
      {code && (
        <p aria-hidden="true" style={{ fontSize: 56, fontWeight: 800, color: '#0b6e4f', margin: 0 }}>
          {code}
        </p>
      )}
      <h1>{heading}</h1>
      <p style={{ color: '#4b5b55' }}>{subheading}</p>
      {action.reload ? (
        <button type="button" className={button} onClick={() => window.location.reload()}>
          {action.label}
        </button>
      ) : (
        <Link to={action.to} className={button}>
          {action.label}
        </Link>
      )}
      {children}
    </div>
  );
}
