// Staff read and type times in India time (datetime-local fields); the server takes ISO instants.

/** A datetime-local value (India time) from an ISO instant. */
export const localInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(new Date(iso).getTime() + 330 * 60_000);
  return d.toISOString().slice(0, 16);
};
export const isoFromLocal = (local: string) => (local ? `${local}:00+05:30` : '');
