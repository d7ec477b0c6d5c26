import type { PassengerSeats } from '@flybook/schemas/booking';

/**
 * The seats a booking may take, with their price (CHF), by label: the free ones, and with
 * `includeOwn` those the booking being changed already holds.
 */
export function bookableSeatPrices(map: PassengerSeats, includeOwn = false): Map<string, number> {
  const seats = new Map<string, number>();
  for (const section of map.sections) {
    for (const [rowIndex, row] of section.rowLabels.entries()) {
      for (const [columnIndex, column] of section.columnLabels.entries()) {
        const state = section.seats[rowIndex]?.[columnIndex];
        if (state === 'free' || (includeOwn && state === 'own'))
          seats.set(`${row}${column}`, section.prices[rowIndex]?.[columnIndex] ?? 0);
      }
    }
  }
  return seats;
}
