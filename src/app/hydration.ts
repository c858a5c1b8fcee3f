// The hand-over from the server's render to the browser's hydration (docs/decisions/010).

/** The id of the JSON block the server writes after the app's markup. */
export const HYDRATION_STATE_ID = 'kasrat-state';

/** What the browser needs to hydrate exactly what the server rendered. */
export interface HydrationState {
  /** The viewport the server rendered for (SPEC §9 breakpoint). */
  desktop: boolean;
  /** The catalogue answers the render used, by resource key. */
  data: [string, unknown][];
  /**
   * The routes the server matched, by the ids the data router gives routes without one: their place in the route
   * tree ("0-3-1" is the second child of the fourth child of the first route). The browser loads their lazy pages
   * without matching the URL against every route a second time (the router does it once more as it starts).
   */
  routes?: string[];
}
