import type { FoundCheckIn } from '@flybook/schemas/check-in';

/**
 * A booking open for check-in, for the page's tests: flight 7 Zurich → Pristina; Anna (10) in 1A,
 * who paid CHF 20 for her seat, with baby Lina (12) on her lap; Ben (11) checked in already in 1B.
 * Free: 1C (CHF 20), 2B and 2C (free of charge), 2D (CHF 35, dearer than Anna paid); 2A taken.
 */
export const CHECK_IN_BOOKING: FoundCheckIn = {
  reservationId: 42,
  recordLocator: 'KX7P2M',
  flights: [
    {
      id: 7,
      number: 'FB101',
      airlineName: 'Flybook',
      origin: { code: 'ZRH', name: 'Zurich', timezone: 'Europe/Zurich' },
      destination: { code: 'PRN', name: 'Pristina', timezone: 'Europe/Belgrade' },
      departure: '2026-11-28T05:30:00.000Z',
      closesAt: '2026-11-28T04:30:00.000Z',
      seatMap: [
        {
          tariffGroup: { id: 1 },
          rowLabels: ['1', '2'],
          columnLabels: ['A', 'B', 'C', 'D'],
          seats: [
            ['own', 'own', 'free', 'disabled'],
            ['taken', 'free', 'free', 'free'],
          ],
          prices: [
            [20, 20, 20, 20],
            [0, 0, 0, 35],
          ],
          rowsWithExitDoors: [],
        },
      ],
    },
  ],
  passengers: [
    {
      id: 10,
      name: 'Anna Müller',
      firstName: 'Anna',
      lastName: 'Müller',
      ageType: 'adult',
      infantOf: null,
      checkedIn: false,
      seat: '1A',
      tickets: [{ flightId: 7, checkedIn: false, seat: '1A', sequenceNumber: null, paidSeatPrice: 20 }],
    },
    {
      id: 11,
      name: 'Ben Müller',
      firstName: 'Ben',
      lastName: 'Müller',
      ageType: 'adult',
      infantOf: null,
      checkedIn: true,
      seat: '1B',
      tickets: [{ flightId: 7, checkedIn: true, seat: '1B', sequenceNumber: 1, paidSeatPrice: 20 }],
    },
    {
      id: 12,
      name: 'Lina Müller',
      firstName: 'Lina',
      lastName: 'Müller',
      ageType: 'infant',
      infantOf: 10,
      checkedIn: false,
      seat: null,
      tickets: [{ flightId: 7, checkedIn: false, seat: null, sequenceNumber: null, paidSeatPrice: 0 }],
    },
  ],
};
