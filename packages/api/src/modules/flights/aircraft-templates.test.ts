import { SEAT_FLAGS } from '@flybook/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const small = (overrides: object = {}) => ({
  label: 'Dash 8 test',
  sections: [
    {
      tariffGroup: { id: 1 },
      rowLabels: ['1', '2'],
      columnLabels: ['A', 'B'],
      seats: [
        [0, SEAT_FLAGS.absent],
        [SEAT_FLAGS.reserved, 0],
      ],
      prices: [
        [12.5, 0],
        [10, 10],
      ],
      rowsWithExitDoors: ['2'],
    },
  ],
  ...overrides,
});

describe('aircraft templates', () => {
  it('ships the seeded fleet with the seat counts of real aircraft', async () => {
    const list = await t.request({
      method: 'GET',
      url: '/api/v1/aircraft-template-generic/list',
      token: admin,
    });
    const seats = Object.fromEntries(
      list.body.items.map((tpl: { label: string; seatsByTariffGroup: { seats: number }[] }) => [
        tpl.label,
        tpl.seatsByTariffGroup.reduce((sum, group) => sum + group.seats, 0),
      ]),
    );
    expect(seats).toEqual({
      'Airbus A320 (12 C / 168 Y)': 180,
      'ATR 72-600 (70 Y)': 70,
      'Boeing 737-800 (189 Y)': 189,
    });
    const a320 = list.body.items.find((tpl: { label: string }) => tpl.label.startsWith('Airbus'));
    expect(a320.seatsByTariffGroup).toEqual([
      { tariffGroup: { id: 3 }, seats: 12 },
      { tariffGroup: { id: 1 }, seats: 168 },
    ]);
    const full = await t.request({
      method: 'GET',
      url: `/api/v1/aircraft-template-generic/${a320.id}`,
      token: admin,
    });
    expect(full.body.sections[1].rowsWithExitDoors).toEqual(['11', '12']);
    expect(full.body.sections[1].prices[7][0]).toBe(30); // row 11, an exit row
  });

  it('stores a template with flags and CHF prices and gives it back unchanged', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/aircraft-template-generic',
      token: admin,
      payload: small(),
    });
    expect(created.status).toBe(201);
    const read = await t.request({
      method: 'GET',
      url: `/api/v1/aircraft-template-generic/${created.body.id}`,
      token: admin,
    });
    expect(read.body).toEqual({ id: created.body.id, ...small() });
    const updated = await t.request({
      method: 'PUT',
      url: `/api/v1/aircraft-template-generic/${created.body.id}`,
      token: admin,
      payload: small({ label: 'Dash 8 test v2' }),
    });
    expect(updated.body.label).toBe('Dash 8 test v2');
    const log = await t.request({
      method: 'GET',
      url: '/api/v1/entity-log/list?entityType=aircraftTemplate',
      token: admin,
    });
    expect(log.body.items[0]).toMatchObject({ operationType: 'update', changedFields: ['label'] });
  });

  it('refuses matrices that do not fit the labels, bad seat labels, twice-used seats and unknown classes', async () => {
    const post = (payload: object) =>
      t.request({ method: 'POST', url: '/api/v1/aircraft-template-generic', token: admin, payload });
    const shape = await post(small({ label: 'x1', sections: [{ ...small().sections[0], seats: [[0, 0]] }] }));
    expect(shape.status).toBe(422);
    expect(shape.body.errors[0]).toMatchObject({ field: 'sections.0.seats', code: 'ERROR_SEAT_MAP_SHAPE' });
    const label = await post(
      small({ label: 'x2', sections: [{ ...small().sections[0], columnLabels: ['a', 'B'] }] }),
    );
    expect(label.body.errors[0]).toMatchObject({ field: 'sections.0.columnLabels.0', code: 'ERROR_PATTERN' });
    const twice = await post(small({ label: 'x3', sections: [small().sections[0], small().sections[0]] }));
    expect(twice.body.errors[0]).toMatchObject({ field: 'sections', code: 'ERROR_SEAT_LABEL_NOT_UNIQUE' });
    const group = await post(
      small({ label: 'x4', sections: [{ ...small().sections[0], tariffGroup: { id: 9 } }] }),
    );
    expect(group.body.errors[0]).toMatchObject({
      field: 'sections.0.tariffGroup.id',
      code: 'ERROR_NOT_FOUND',
    });
    const price = await post(
      small({
        label: 'x5',
        sections: [
          {
            ...small().sections[0],
            prices: [
              [12.555, 0],
              [1, 1],
            ],
          },
        ],
      }),
    );
    expect(price.body.errors[0]).toMatchObject({
      field: 'sections.0.prices.0.0',
      code: 'ERROR_MONEY_PRECISION',
    });
  });

  it('lets managers list and read but not change templates', async () => {
    const manager = await t.login('manager');
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/aircraft-template-generic/list', token: manager }))
        .status,
    ).toBe(200);
    const create = await t.request({
      method: 'POST',
      url: '/api/v1/aircraft-template-generic',
      token: manager,
      payload: small({ label: 'm' }),
    });
    expect(create.status).toBe(403);
  });

  it('deletes a template no flight uses, refuses one a flight flies with 409, and logs it', async () => {
    const list = await t.request({
      method: 'GET',
      url: '/api/v1/aircraft-template-generic/list',
      token: admin,
    });
    const flights = await t.request({ method: 'GET', url: '/api/v1/flight/list?pageSize=1', token: admin });
    const flown = flights.body.items[0].aircraftTemplate.id;
    expect(list.body.items.map((item: { id: number }) => item.id)).toContain(flown);
    const used = await t.request({
      method: 'DELETE',
      url: `/api/v1/aircraft-template/${flown}`,
      token: admin,
    });
    expect(used.status).toBe(409);
    expect(used.body.errors[0].code).toBe('ERROR_IN_USE');
    const still = await t.request({
      method: 'GET',
      url: `/api/v1/aircraft-template-generic/${flown}`,
      token: admin,
    });
    expect(still.status).toBe(200);

    const made = await t.request({
      method: 'POST',
      url: '/api/v1/aircraft-template-generic',
      token: admin,
      payload: small({ label: 'Spare ATR' }),
    });
    const url = `/api/v1/aircraft-template/${made.body.id}`;
    const manager = await t.login('manager');
    expect((await t.request({ method: 'DELETE', url, token: manager })).status).toBe(403);
    expect((await t.request({ method: 'DELETE', url, token: admin })).status).toBe(204);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/v1/aircraft-template-generic/${made.body.id}`,
          token: admin,
        })
      ).status,
    ).toBe(404);
    expect((await t.request({ method: 'DELETE', url, token: admin })).status).toBe(404);
    const log = await t.request({
      method: 'GET',
      url: `/api/v1/entity-log/list?entityType=aircraftTemplate&query=${made.body.id}`,
      token: admin,
    });
    expect(log.body.items.map((entry: { operationType: string }) => entry.operationType)).toContain('delete');
  });
});
