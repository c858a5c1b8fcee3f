import { type CSSProperties, createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useInRouterContext, useLocation } from 'react-router-dom';
import * as css from './Toast.css.ts';

// SPEC §8: error popups disappear after 3 to 5 seconds (3 for most, 5 for the login error); an error scrolls
// the page to the top. SPEC §4: a success alert shows as a fixed toast.
export type ToastKind = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** When it was shown (ms): one shown by the action that leaves a page comes along to the next. */
  at: number;
}

/**
 * A toast shown this long before a new page commits came from the action that opened it ("Your review has been
 * updated", then the product page) and stays; older ones belong to the page left behind and go.
 */
const CARRIES_TO_NEXT_PAGE_MS = 1500;

/** Calls `onPage` whenever the address's path changes (not on the first render). */
function PathWatch({ onPage }: { onPage: () => void }) {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  const call = useRef(onPage);
  call.current = onPage;
  useEffect(() => {
    if (first.current === pathname) return;
    first.current = pathname;
    call.current();
  }, [pathname]);
  return null;
}

/** Where the toasts start: below the store's sticky header, so they never cover its search, cart and menu. */
function headerBottom(): number {
  const header = typeof document === 'undefined' ? null : document.querySelector('header');
  return header ? Math.max(0, Math.round(header.getBoundingClientRect().bottom)) : 0;
}
interface ToastApi {
  show(message: string, kind?: ToastKind, durationMs?: number): void;
}

const ToastContext = createContext<ToastApi>({ show: () => {} });
export const useToast = (): ToastApi => useContext(ToastContext);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [top, setTop] = useState(0);
  const next = useRef(1);
  const inRouter = useInRouterContext();
  const dropOldToasts = useCallback(() => {
    const now = Date.now();
    setToasts((list) => list.filter((t) => now - t.at < CARRIES_TO_NEXT_PAGE_MS));
  }, []);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (message: string, kind: ToastKind = 'info', durationMs = 3000) => {
      if (!message) return;
      const id = next.current++;
      setTop(headerBottom());
      setToasts((list) => [...list.slice(-2), { id, kind, message, at: Date.now() }]);
      if (kind === 'error' && typeof window !== 'undefined') window.scrollTo?.({ top: 0, behavior: 'smooth' });
      setTimeout(() => dismiss(id), durationMs);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {inRouter && <PathWatch onPage={dropOldToasts} />}
      <div className={css.region} aria-live="polite" style={{ '--toast-top': `${top}px` } as CSSProperties}>
        {toasts.map((t) => (
          <div key={t.id} className={css.kind[t.kind]} role={t.kind === 'error' ? 'alert' : 'status'}>
            <span>{t.message}</span>
            <button type="button" className={css.close} aria-label="Dismiss" onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
