import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { SuggestOption } from '../suggest.ts';
import { visuallyHidden } from '../../../ui/theme/global.css.ts';
import * as css from './HeaderSearch.css.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { Img } from '../../../ui/Img.tsx';

// The header search box with suggestions while typing: an ARIA 1.2 combobox (arrows move through the options,
// Enter opens one, Escape closes then clears). Suggestions code loads on first focus, not with the shell.

type SuggestModule = typeof import('../suggest.ts');
let suggestModule: Promise<SuggestModule> | null = null;
const loadSuggest = () => {
  suggestModule ??= import('../suggest.ts');
  return suggestModule;
};

const DEBOUNCE_MS = 180;
const GROUPS: Array<[SuggestOption['kind'], string]> = [
  ['recent', 'Recent search'],
  ['product', 'Products'],
  ['brand', 'Brands'],
  ['category', 'Categories'],
  ['search', ''],
];

export function HeaderSearch() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const onSearchPage = pathname === '/search';
  const urlTerm = onSearchPage ? (params.get('q') ?? params.get('query') ?? '') : '';
  const [q, setQ] = useState(urlTerm);
  const [options, setOptions] = useState<SuggestOption[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inflight = useRef<AbortController | null>(null);

  // A term typed before the app hydrated becomes the state's, so suggestions and the submit start from it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== q) setQ(typed);
  }, []);
  // The box shows the term of the search page it is on (and follows back / forward there).
  useEffect(() => {
    if (onSearchPage) setQ(urlTerm);
  }, [onSearchPage, urlTerm]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      inflight.current?.abort();
    },
    [],
  );

  const show = (next: SuggestOption[]) => {
    setOptions(next);
    setActive(-1);
    setOpen(next.length > 0);
  };

  const suggest = (term: string) => {
    if (timer.current) clearTimeout(timer.current);
    inflight.current?.abort();
    const t = term.trim();
    if (!t) {
      void loadSuggest().then((m) => show(m.recentOptions()));
      return;
    }
    timer.current = setTimeout(async () => {
      const m = await loadSuggest();
      if (t.length < m.MIN_QUERY) return show([]);
      const controller = new AbortController();
      inflight.current = controller;
      try {
        const s = await m.fetchSuggestions(t, controller.signal);
        if (!controller.signal.aborted) show(m.suggestionOptions(s, t));
      } catch {
        // Suggestions are a convenience: on failure the box still searches on Enter.
      }
    }, DEBOUNCE_MS);
  };

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const go = (url: string) => {
    close();
    if (timer.current) clearTimeout(timer.current);
    inflight.current?.abort();
    input.current?.blur();
    navigate(url);
  };

  const activeOption = open && active >= 0 ? options[active] : undefined;
  const optionId = (o: SuggestOption) => `${id}-${o.id}`;

  return (
    // A real GET form (SPEC §2 search address, /search?q=…): tapped before the app has hydrated, or with no
    // JavaScript, the browser itself opens the search page; once hydrated the app takes the submit over.
    <form
      role="search"
      action="/search"
      method="get"
      style={{ position: 'relative' }}
      onSubmit={(e) => {
        e.preventDefault();
        if (activeOption) return go(activeOption.url);
        // The box's own value: a term typed before the app hydrated is in the box, not yet in the state.
        const term = (input.current?.value ?? q).trim();
        // The same encoding as the search page's own URL (URLSearchParams), so one search has one address.
        if (term) go(`/search?${new URLSearchParams({ q: term })}`);
      }}
    >
      <label htmlFor={`${id}-input`} className={visuallyHidden}>
        Search products and brands
      </label>
      <span className={css.searchIcon}>
        <Icon name="search" size={20} />
      </span>
      <input
        ref={input}
        id={`${id}-input`}
        name="q"
        className={css.searchField}
        type="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
        enterKeyHint="search"
        value={q}
        placeholder="Search whey, creatine, brands…"
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        onChange={(e) => {
          setQ(e.target.value);
          suggest(e.target.value);
        }}
        onFocus={() => suggest(q)}
        onBlur={close}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            if (!open) {
              if (options.length) setOpen(true);
              return;
            }
            const n = options.length;
            setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % n : a <= 0 ? n - 1 : a - 1));
          } else if (e.key === 'Escape') {
            if (open) {
              e.preventDefault();
              close();
            } else if (q) {
              e.preventDefault();
              setQ('');
            }
          } else if (e.key === 'Tab') {
            close();
          }
        }}
      />
      <div id={listId} role="listbox" aria-label="Search suggestions" className={css.suggest} hidden={!open}>
        {open &&
          GROUPS.map(([kind, title]) => {
            const inGroup = options.filter((o) => o.kind === kind);
            if (!inGroup.length) return null;
            return (
              <div key={kind} role="group" aria-label={title || 'Search'}>
                {title && (
                  <div className={css.suggestHead} role="presentation">
                    {title}
                  </div>
                )}
                {inGroup.map((o) => (
                  // biome-ignore lint/a11y/useFocusableInteractive: options of an aria-activedescendant combobox stay unfocusable; the input has the keyboard.
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles arrows and Enter for every option.
                  <div
                    key={o.id}
                    id={optionId(o)}
                    role="option"
                    aria-selected={activeOption === o}
                    aria-label={o.price ? `${o.label}, ${o.price}` : undefined}
                    className={css.suggestOption}
                    data-kind={o.kind}
                    // Keep focus in the box so the click lands before blur closes the list.
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => go(o.url)}
                    onMouseEnter={() => setActive(options.indexOf(o))}
                  >
                    {o.image && <Img src={o.image} alt="" width={36} height={36} />}
                    <span className={css.suggestLabel}>{o.label}</span>
                    {o.price && <strong>{o.price}</strong>}
                  </div>
                ))}
              </div>
            );
          })}
      </div>
      <div role="status" className={visuallyHidden}>
        {open ? `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'} available` : ''}
      </div>
    </form>
  );
}
