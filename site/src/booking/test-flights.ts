import { type BookableFlight, BookableFlightSchema } from '@flybook/schemas/booking';

/**
 * For the booking tests only: a flight as the public search lists it. Parsed with the schema, so
 * the tests break here (not in some stored-draft assertion) when the listing's shape changes.
 */
export function testFlight(id: number, departure = '2026-12-19T07:00:00.000Z'): BookableFlight {
  const words = (text: string) => ({ de: text, en: text, fr: text, sq: text });
  const airport = (code: string) => ({
    code,
    name: words(code),
    city: words(code),
    timezone: 'Europe/Zurich',
  });
  return BookableFlightSchema.parse({
    id,
    number: `FB${id}`,
    departure,
    arrival: departure,
    origin: airport('ZRH'),
    destination: airport('PRN'),
    flightCompany: { name: 'Flybook', code: 'FB' },
    status: 'created',
    isActive: true,
    isBookedOut: false,
    rate: {
      id: 1,
      priceList: [
        {
          tariff: { id: 1, group: { id: 1 }, name: words('Economy'), isActive: true },
          priceRound: 199,
          priceStandard: 249,
          fuelFee: 20,
          airportFee: 30,
          hasAvailableSeats: true,
        },
      ],
    },
    aircraftTemplate: { id: 1 },
    seatsByTariff: [{ tariffGroup: { id: 1 }, seatsForSale: 100, booked: 3, free: 97, left: 97 }],
  });
}
