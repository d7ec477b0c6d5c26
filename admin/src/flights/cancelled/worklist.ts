/** The worklist's query keys: an action refreshes both the flights and their bookings. */
export const WORKLIST_KEY = ['cancelled-flights'] as const;
