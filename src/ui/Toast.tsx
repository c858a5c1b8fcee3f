import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import * as css from './Toast.css.ts';

// SPEC §8: error popups disappear after 3 to 5 seconds (3 for most, 5 for the login error); an error scrolls
// the page to the top. SPEC §4: a success alert shows as a fixed toast.
export type ToastKind = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}
interface ToastApi {
  show(message: string, kind?: ToastKind, durationMs?: number): void;
}

const ToastContext = createContext<ToastApi>({ show: () => {} });
export const useToast = (): ToastApi => useContext(ToastContext);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (message: string, kind: ToastKind = 'info', durationMs = 3000) => {
      if (!message) return;
      const id = next.current++;
      setToasts((list) => [...list.slice(-2), { id, kind, message }]);
      if (kind === 'error' && typeof window !== 'undefined') window.scrollTo?.({ top: 0, behavior: 'smooth' });
      setTimeout(() => dismiss(id), durationMs);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={css.region} aria-live="polite">
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
