import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { STORE_SECTIONS } from '../../../ui/Header.tsx';
import { button, visuallyHidden } from '../../../ui/theme/global.css.ts';
import * as css from './NotFound.css.ts';
import { StatusPage } from './StatusPage.tsx';

/** Ways on from a missing page: search the store (/search?q=, SPEC §2) or open one of its sections. */
function FindSomethingElse() {
  const id = useId();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const submit = (e: FormEvent) => {
    const term = q.trim();
    e.preventDefault();
    if (term) navigate(`/search?q=${encodeURIComponent(term)}`);
  };
  return (
    <>
      {/* A plain GET form: it searches before the page's script has loaded, too. */}
      <form role="search" action="/search" method="get" onSubmit={submit} className={css.search}>
        <label htmlFor={`${id}-q`} className={visuallyHidden}>
          Search the store
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Search the store"
          className={css.input}
        />
        <button type="submit" className={button}>
          Search
        </button>
      </form>
      <nav aria-label="Sections of the store" className={css.sections}>
        <ul className={css.sectionList}>
          {STORE_SECTIONS.map(([label, to]) => (
            <li key={to}>
              <Link to={to} className={css.sectionLink}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

export function NotFoundPage() {
  return (
    <StatusPage
      code="404"
      heading="Page not found"
      subheading="The page you are looking for has moved or does not exist. Our supplements are still here."
      action={{ label: 'Continue Shopping', to: '/' }}
    >
      <FindSomethingElse />
    </StatusPage>
  );
}
export default NotFoundPage;
