import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adultPriceWithFees, type PricingPassenger, priceReservation, type TariffPrice } from './pricing.ts';

// Economy of the demo rate: CHF 189 one way, CHF 159 per direction on a round trip.
const economy: TariffPrice = {
  priceStandard: 18_900,
  priceRound: 15_900,
  priceChildPercent: 75,
  priceInfantPercent: 10,
  airportFee: 3_450,
  fuelFee: 2_500,
};

describe('priceReservation', () => {
  it('charges the standard fare one way and the round fare per direction on a round trip', () => {
    const adult: PricingPassenger = { ageType: 'adult' };
    expect(priceReservation([{ flightId: 1, price: economy }], [adult]).total).toBe(18_900 + 3_450 + 2_500);
    const roundTrip = priceReservation(
      [
        { flightId: 1, price: economy },
        { flightId: 2, price: economy },
      ],
      [adult],
    );
    expect(roundTrip.costForPassengers[0]?.flightsCosts.map((cost) => cost.base)).toEqual([15_900, 15_900]);
    expect(roundTrip.total).toBe(2 * (15_900 + 3_450 + 2_500));
  });

  it('gives children their percentage with fees and infants theirs without fees or seat', () => {
    const cost = priceReservation(
      [{ flightId: 7, price: economy }],
      [
        { ageType: 'child', seatPrices: new Map([[7, 1_500]]) },
        { ageType: 'infant', seatPrices: new Map([[7, 1_500]]) },
      ],
    );
    const [child, infant] = cost.costForPassengers;
    expect(child?.flightsCosts[0]).toEqual({
      flightId: 7,
      base: 14_175, // 75 % of 189.00
      airportFee: 3_450,
      fuelFee: 2_500,
      seat: 1_500,
      optionsCosts: [],
      total: 14_175 + 3_450 + 2_500 + 1_500,
    });
    expect(infant?.flightsCosts[0]).toMatchObject({ base: 1_890, airportFee: 0, fuelFee: 0, seat: 0 });
    expect(cost.total).toBe(child!.total + infant!.total);
  });

  it('rounds a percentage half away from zero to the Rappen', () => {
    const odd = { ...economy, priceStandard: 10_001, priceChildPercent: 50 };
    expect(
      priceReservation([{ flightId: 1, price: odd }], [{ ageType: 'child' }]).costForPassengers[0]
        ?.flightsCosts[0]?.base,
    ).toBe(5_001);
  });

  it('adds options per flight to that flight only', () => {
    const cost = priceReservation(
      [
        { flightId: 1, price: economy },
        { flightId: 2, price: economy },
      ],
      [{ ageType: 'adult', optionPrices: new Map([[2, [{ optionId: 3, price: 4_000 }]]]) }],
    );
    expect(cost.costForPassengers[0]?.flightsCosts.map((flight) => flight.optionsCosts)).toEqual([
      [],
      [{ optionId: 3, price: 4_000 }],
    ]);
    expect(cost.total).toBe(2 * (15_900 + 3_450 + 2_500) + 4_000);
  });

  it('always totals exactly the sum of its parts', () => {
    const money = fc.integer({ min: 0, max: 1_000_000 });
    const percent = fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100);
    const price = fc.record({
      priceStandard: money,
      priceRound: money,
      priceChildPercent: percent,
      priceInfantPercent: percent,
      airportFee: money,
      fuelFee: money,
    });
    const passenger = fc.record({
      ageType: fc.constantFrom('adult' as const, 'child' as const, 'infant' as const),
      seat: money,
      option: money,
    });
    fc.assert(
      fc.property(
        fc.array(price, { minLength: 1, maxLength: 2 }),
        fc.array(passenger, { minLength: 1, maxLength: 9 }),
        (prices, people) => {
          const flights = prices.map((p, index) => ({ flightId: index + 1, price: p }));
          const cost = priceReservation(
            flights,
            people.map((person) => ({
              ageType: person.ageType,
              seatPrices: new Map(flights.map((flight) => [flight.flightId, person.seat])),
              optionPrices: new Map([[1, [{ optionId: 1, price: person.option }]]]),
            })),
          );
          let sum = 0;
          for (const [index, passengerCost] of cost.costForPassengers.entries()) {
            const person = people[index]!;
            let passengerSum = 0;
            for (const flight of passengerCost.flightsCosts) {
              const parts =
                flight.base +
                flight.airportFee +
                flight.fuelFee +
                flight.seat +
                flight.optionsCosts.reduce((total, option) => total + option.price, 0);
              expect(flight.total).toBe(parts);
              if (person.ageType === 'infant')
                expect(flight.seat + flight.airportFee + flight.fuelFee).toBe(0);
              passengerSum += flight.total;
            }
            expect(passengerCost.total).toBe(passengerSum);
            sum += passengerSum;
          }
          expect(cost.total).toBe(sum);
        },
      ),
    );
  });
});

describe('the price shown next to a tariff', () => {
  const entry = { priceStandard: 189.9, priceRound: 159.95, airportFee: 32.1, fuelFee: 18.05 };

  it('is the adult fare with airport and fuel fee, the round fare on return trips, exact to the Rappen', () => {
    expect(adultPriceWithFees(entry, false)).toBe(24005);
    expect(adultPriceWithFees(entry, true)).toBe(21010);
  });
});
