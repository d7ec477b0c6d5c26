/**
 * Where an island sends the visitor, in one place: the page's own calls, and what component tests
 * watch (a test browser cannot open another page).
 */
export const leave = {
  /** To `url` in place of this page (Back does not return here). */
  replace: (url: string) => window.location.replace(url),
  /** To `url` as the next page. */
  assign: (url: string) => window.location.assign(url),
};
