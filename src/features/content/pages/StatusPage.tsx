import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { button, container } from '../../../ui/theme/global.css.ts';

/** SPEC §2 generic error page: logo, heading, subheading, one call-to-action button. */
export function StatusPage(props: {
  heading: string;
  subheading: ReactNode;
  action: { label: string; to: string; reload?: boolean };
  code?: string;
}) {
  const { heading, subheading, action, code } = props;
  return (
    <div className={container} style={{ textAlign: 'center', padding: '32px 16px', maxWidth: 560 }}>
      <img src="/logo.svg" alt="Kasrat" width={160} height={40} style={{ marginBottom: 24 }} />
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
    </div>
  );
}
