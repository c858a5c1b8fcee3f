import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import * as css from './Section.css.ts';

/** A titled storefront section (home, offers, sale and landing pages), with an optional "see all" link. */
export function Section({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section className={css.section} aria-labelledby={id}>
      <div className={css.head}>
        <h2 id={id} className={css.title}>
          {title}
        </h2>
        {more && (
          <Link to={more.to} className={css.more}>
            {more.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
