import type { FlightBody } from '@flybook/schemas';
import type { TestApp } from './harness.ts';

/** The demo catalogue's ids the flight tests build on. */
export async function catalogueIds(t: TestApp, token: string) {
  const get = async (url: string) =>
    (await t.request({ method: 'GET', url: `/api/v1/${url}`, token })).body.items;
  const companies = await get('flight-company/entire-list');
  const templates = await get('aircraft-template-generic/list');
  const rates = await get('rate/entire-list');
  return {
    companyId: companies.find((company: { code: string }) => company.code === 'FB').id as number,
    a320Id: templates.find((template: { label: string }) => template.label.startsWith('Airbus A320'))
      .id as number,
    b737Id: templates.find((template: { label: string }) => template.label.startsWith('Boeing 737'))
      .id as number,
    rateId: rates[0].id as number,
  };
}

/** A valid flight body: FB ZRH → PRN on an A320 with economy and business seats. */
export const flightBody = (
  ids: Awaited<ReturnType<typeof catalogueIds>>,
  overrides: Partial<FlightBody> = {},
): FlightBody => ({
  flightCompany: { id: ids.companyId },
  number: 'FB4100',
  origin: { code: 'ZRH' },
  destination: { code: 'PRN' },
  departure: '2031-03-04T05:30:00Z',
  arrival: '2031-03-04T07:45:00Z',
  aircraftTemplate: { id: ids.a320Id },
  rate: { id: ids.rateId },
  seatsByTariff: [
    {
      tariffGroup: { id: 1 },
      totalSeats: 168,
      numberOfSeatsToSale: 150,
      costPerSeat: 90,
      agentSeatsLimit: 40,
    },
    { tariffGroup: { id: 3 }, totalSeats: 12, costPerSeat: 210, agentSeatsLimit: 2, onlineSeatsLimit: 4 },
  ],
  ...overrides,
});

/**
 * Makes flights through `POST flight` (as `token`), each with the next flight number from
 * `firstNumber` unless the overrides name one; fails the test when the API refuses.
 */
export function flightMaker(
  t: TestApp,
  token: string,
  ids: Awaited<ReturnType<typeof catalogueIds>>,
  firstNumber: number,
) {
  let next = firstNumber;
  return async (overrides: Partial<FlightBody> = {}): Promise<number> => {
    next += 1;
    const response = await t.api(
      'POST',
      'flight',
      token,
      flightBody(ids, { number: `FB${next}`, ...overrides }),
    );
    if (response.status !== 201) throw new Error(`flight not created: ${JSON.stringify(response.body)}`);
    return response.body.id as number;
  };
}
