// SPEC / docs/architecture.md "Reporting": `?debug=events` turns the debug overlay on for the browser session;
// `?debug=off` turns it off again.
import type { KeyValueStorage } from '../../../events/storage.ts';

export const DEBUG_KEY = 'kasrat_debug';

export function debugRequested(search: string, session: KeyValueStorage | null): boolean {
  const wanted = new URLSearchParams(search).get('debug');
  try {
    if (wanted === 'events') session?.setItem(DEBUG_KEY, 'events');
    else if (wanted === 'off') session?.removeItem(DEBUG_KEY);
    return session?.getItem(DEBUG_KEY) === 'events' || wanted === 'events';
  } catch {
    return wanted === 'events';
  }
}
