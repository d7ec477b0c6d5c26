/** Browser storage keys the site shares with the back office (same origin). */

/** The chosen interface language. */
export const LOCALE_STORAGE_KEY = 'flybook.locale';

/** The login state, version 0.1 (spec 01 §3): `{ token }`. */
export const SESSION_STORAGE_KEY = 'flybook.session.v0.1';

/** The public booking in progress (site only), so a reload or the payment page loses nothing. */
export const BOOKING_STORAGE_KEY = 'flybook.booking.v1';

/** Set (in sessionStorage) when the server ended the session with a 401: the login says it expired. */
export const SESSION_EXPIRED_KEY = 'flybook.session.expired';
