import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { visuallyHidden } from '../theme/global.css.ts';

// The header search box. The catalogue issue adds suggestions while typing.
export function HeaderSearch() {
  const [params] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const navigate = useNavigate();
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        const term = q.trim();
        if (term) navigate(`/search?q=${encodeURIComponent(term)}`);
      }}
    >
      <label htmlFor="site-search" className={visuallyHidden}>
        Search products and brands
      </label>
      <input
        id="site-search"
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder="Search whey, creatine, brands…"
        autoComplete="off"
        style={{ width: '100%', minHeight: 44, padding: '0 14px', borderRadius: 10, border: '1px solid #98a2a0' }}
      />
    </form>
  );
}
