import { airportLocalTime, officeDayOf } from '@flybook/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('manager');
});
afterAll(() => t.close());

const list = async (query: string) =>
  (await t.request({ method: 'GET', url: `/api/v1/flight/list?pageSize=500&${query}`, token: manager })).body;

describe('the demo timetable', () => {
  it('flies twelve flights a week between Switzerland and the Balkans for the next 60 days, as sequences', async () => {
    const all = await list('');
    const days = (all.items as { departure: string }[]).map((flight) => Date.parse(flight.departure));
    expect(Math.min(...days)).toBeGreaterThan(Date.now());
    expect(Math.max(...days)).toBeLessThan(Date.now() + 61 * 86_400_000);
    expect(all.total).toBeGreaterThanOrEqual(100);

    const from = officeDayOf(new Date(Date.now() + 8 * 86_400_000));
    const to = officeDayOf(new Date(Date.now() + 14 * 86_400_000));
    const week = await list(`departureFrom=${from}&departureTo=${to}`);
    expect(week.total).toBe(12);
    const routes = new Set(
      week.items.map(
        (f: { origin: { code: string }; destination: { code: string } }) =>
          `${f.origin.code}-${f.destination.code}`,
      ),
    );
    expect(routes).toEqual(
      new Set([
        'ZRH-PRN',
        'PRN-ZRH',
        'BSL-PRN',
        'PRN-BSL',
        'GVA-OHD',
        'OHD-GVA',
        'ZRH-SKP',
        'SKP-ZRH',
        'BSL-TIA',
        'TIA-BSL',
      ]),
    );
    expect(week.items.every((flight: { sequence: unknown }) => flight.sequence !== null)).toBe(true);
    const zrh = week.items.find((f: { number: string }) => f.number === 'FB100');
    expect(airportLocalTime(zrh.departure, 'Europe/Zurich').time).toBe('06:30');
    expect(
      zrh.seatsByTariff.find((s: { tariffGroup: { id: number } }) => s.tariffGroup.id === 1),
    ).toMatchObject({
      allotted: 20,
    });
  });

  it('has the demo agent’s first two ZRH–PRN allotments invoiced and the others open', async () => {
    const agent = await t.login('agent');
    const get = async (url: string) =>
      (await t.request({ method: 'GET', url: `/api/v1/${url}`, token: agent })).body;
    const invoices = await get('agent/allotment/invoice/list');
    expect(invoices.total).toBe(1);
    const [invoice] = invoices.items;
    expect(invoice).toMatchObject({
      title: 'Allotments ZRH–PRN, first two flights',
      status: 'pending',
      seats: 40,
      total: 6000,
      totalPaid: 0,
      agent: { displayName: 'Alpen Reisen GmbH' },
    });
    expect(invoice.allotments.map((row: { flight: { number: string } }) => row.flight.number)).toEqual([
      'FB100',
      'FB100',
    ]);
    const open = await get('agent/allotment/list?invoicedStatus=open&pageSize=500');
    expect(open.total).toBeGreaterThan(10);
    const first = await get('agent/allotment/list?pageSize=3');
    expect(first.items.map((row: { invoice: { id: number } | null }) => row.invoice?.id ?? null)).toEqual([
      invoice.id,
      invoice.id,
      null,
    ]);
    expect((await get('agent/allotment/invoice/balance')).outstanding).toBe(6000);
  });
});
