import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking } from '../../test/bookings.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('manager');
});
afterAll(() => t.close());

const config = (title: string, price = 25) => ({
  title: { de: `${title} DE`, en: title, fr: `${title} FR`, sq: `${title} SQ` },
  description: { de: 'Beschreibung', en: 'Description', fr: 'Description', sq: 'Përshkrim' },
  price,
});
const post = (payload: object, token = manager) =>
  t.request({ method: 'POST', url: '/api/v1/option', payload, token });

describe('options', () => {
  it('offers the two option types and creates an option in four languages', async () => {
    const types = await t.request({ method: 'GET', url: '/api/v1/option/type/entire-list', token: manager });
    expect(types.body.items.map((type: { code: string }) => type.code)).toEqual([
      'general',
      'travel-insurance',
    ]);
    const created = await post({
      code: 'PRIORITY',
      type: { id: 1 },
      configValues: config('Priority boarding', 15.5),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: 'PRIORITY',
      isActive: true,
      type: { code: 'general' },
      configValues: config('Priority boarding', 15.5),
    });
  });

  it('lists by code ascending, searches titles, and refuses duplicate codes and blank titles', async () => {
    const list = await t.request({ method: 'GET', url: '/api/v1/option/list', token: manager });
    const codes = list.body.items.map((o: { code: string }) => o.code);
    expect(codes).toEqual([...codes].sort());
    const search = await t.request({
      method: 'GET',
      url: '/api/v1/option/list?query=boarding',
      token: manager,
    });
    expect(search.body.items.map((o: { code: string }) => o.code)).toEqual(['PRIORITY']);
    const duplicate = await post({ code: 'PRIORITY', type: { id: 1 }, configValues: config('Again') });
    expect(duplicate.body.errors[0]).toMatchObject({ field: 'code', code: 'ERROR_NOT_UNIQUE' });
    const blank = await post({
      code: 'EMPTY',
      type: { id: 1 },
      configValues: { ...config('x'), title: { de: ' ', en: 'x', fr: 'x', sq: 'x' } },
    });
    expect(blank.body.errors[0]).toMatchObject({ field: 'configValues.title.de', code: 'ERROR_NOT_BLANK' });
  });

  it('keeps the type on edit: a different type is refused, none keeps it', async () => {
    const id = (await post({ code: 'LOUNGE', type: { id: 1 }, configValues: config('Lounge') })).body.id;
    const changeType = await t.request({
      method: 'PUT',
      url: `/api/v1/option/${id}`,
      token: manager,
      payload: { code: 'LOUNGE', type: { id: 2 }, configValues: config('Lounge') },
    });
    expect(changeType.status).toBe(422);
    expect(changeType.body.errors[0]).toMatchObject({
      field: 'type.id',
      code: 'ERROR_IMMUTABLE_PROPERTY_IS_CHANGED',
    });
    const edit = await t.request({
      method: 'PUT',
      url: `/api/v1/option/${id}`,
      token: manager,
      payload: { code: 'LOUNGE', isActive: false, configValues: config('Lounge access', 45) },
    });
    expect(edit.body).toMatchObject({
      type: { code: 'general' },
      isActive: false,
      configValues: { price: 45, title: { en: 'Lounge access' } },
    });
  });

  it('lists attachable options for an existing active rate and tariff only, publicly', async () => {
    const rateId = (await t.request({ method: 'GET', url: '/api/v1/rate/entire-list', token: manager })).body
      .items[0].id;
    const ok = await t.request({
      method: 'GET',
      url: `/api/v1/public/option/attach/list?config=${encodeURIComponent(JSON.stringify({ rateId, tariffId: 1 }))}`,
    });
    expect(ok.status).toBe(200);
    const codes = ok.body.items.map((o: { code: string }) => o.code);
    expect(codes).toContain('INSURANCE');
    expect(codes).not.toContain('LOUNGE'); // inactive
    const unknownRate = await t.request({
      method: 'GET',
      url: `/api/v1/public/option/attach/list?config=${encodeURIComponent('{"rateId":999,"tariffId":1}')}`,
    });
    expect(unknownRate.body.items).toEqual([]);
    const notJson = await t.request({ method: 'GET', url: '/api/v1/public/option/attach/list?config=nope' });
    expect(notJson.status).toBe(422);
    expect(notJson.body.errors[0]).toMatchObject({ field: 'config', code: 'ERROR_FORMAT' });
  });

  it('checks roles and logs changes', async () => {
    const agent = await t.login('agent');
    expect((await t.request({ method: 'GET', url: '/api/v1/option/list', token: agent })).status).toBe(403);
    expect(
      (await post({ code: 'AGENT', type: { id: 1 }, configValues: config('Agent') }, agent)).status,
    ).toBe(403);
    const admin = await t.login('admin');
    const log = await t.request({
      method: 'GET',
      url: '/api/v1/entity-log/list?entityType=option&sortOrder=ASC',
      token: admin,
    });
    expect(log.body.items.map((e: { operationType: string }) => e.operationType)).toEqual([
      'create',
      'create',
      'update',
    ]);
    expect(log.body.items[2].changedFields.sort()).toEqual(['isActive', 'price', 'title']);
  });

  it('deletes an option no booking holds, and refuses one a ticket holds with 409', async () => {
    const spare = await post({ code: 'SPARE', type: { id: 1 }, configValues: config('Spare') });
    const url = `/api/v1/option/${spare.body.id}`;
    const agent = await t.login('agent');
    expect((await t.request({ method: 'DELETE', url, token: agent })).status).toBe(403);
    expect((await t.request({ method: 'DELETE', url, token: manager })).status).toBe(204);
    expect((await t.request({ method: 'GET', url, token: manager })).status).toBe(404);

    // An option a booked ticket holds stays: the booking's price names it.
    const held = await post({ code: 'HELD', type: { id: 1 }, configValues: config('Held') });
    const flights = await t.request({
      method: 'GET',
      url: '/api/v1/flight/list?status[]=created&pageSize=1',
      token: manager,
    });
    const booked = await t.api('POST', 'reservation', manager, booking(flights.body.items[0].id));
    expect(booked.status).toBe(201);
    await t.database.db.execute(
      sql`insert into ticket_options (ticket_id, option_id, price)
        select t.id, ${held.body.id}, 2500 from tickets t
        join reservation_passengers p on p.id = t.passenger_id where p.reservation_id = ${booked.body.id} limit 1`,
    );
    const refused = await t.request({
      method: 'DELETE',
      url: `/api/v1/option/${held.body.id}`,
      token: manager,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('ERROR_IN_USE');
    expect(
      (await t.request({ method: 'GET', url: `/api/v1/option/${held.body.id}`, token: manager })).status,
    ).toBe(200);
  });
});
