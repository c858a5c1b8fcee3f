// The hand-over from the server's render to the browser's hydration (docs/decisions/010).

/** The id of the JSON block the server writes after the app's markup. */
export const HYDRATION_STATE_ID = 'kasrat-state';

/** What the browser needs to hydrate exactly what the server rendered. */
export interface HydrationState {
  /** The viewport the server rendered for (SPEC §9 breakpoint). */
  desktop: boolean;
  /** The catalogue answers the render used, by resource key. */
  data: [string, unknown][];
}
