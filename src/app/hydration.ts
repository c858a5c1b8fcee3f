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
  /**
   * The chunk of each route module the page hydrates (`src/features/catalogue/pages/Home.tsx` →
   * `/assets/Home-….js`), added by the server from the build's manifest (server/html.ts): the browser loads these
   * without the table of every module's chunks (src/app/page-modules.ts), which stays off the first load.
   */
  modules?: Record<string, string>;
}
