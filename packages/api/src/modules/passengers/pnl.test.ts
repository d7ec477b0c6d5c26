import { PNL_LINE_LENGTH } from '@flybook/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentBody } from '../../test/agents.ts';
import { bookTravellers, type TestTraveller } from '../../test/bookings.ts';
import { catalogueIds, flightMaker } from '../../test/flights.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let manager: string;
let agent: string;
let otherAgent: string;
let flightId: number;
const reservations: Record<
  string,
  { id: number; recordLocator: string; passengers: { id: number; firstName: string }[] }
> = {};

const api: TestApp['api'] = (...args) => t.api(...args);

/** A booking on the flight by a user (staff bill, agents pay later); seats as given. */
async function book(key: string, token: string, people: TestTraveller[], tariffId = 1) {
  reservations[key] = await bookTravellers(t, token, flightId, people, {
    tariffId,
    terms: token === manager ? 'bill' : 'later',
    email: `${key}@example.test`,
  });
}

const pnl = async (token = manager) => {
  const response = await api('GET', `flight/${flightId}/passenger/list/pnl`, token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const send = (body: object, token = manager) =>
  api('POST', `flight/${flightId}/passenger/list/pnl/message`, token, body);
/** The message without its communications reference (the minute it was made). */
const withoutTimestamp = (text: string) => text.replace(/^(\.[A-Z]{7}) \d{6}$/m, '$1');
const linesOf = (text: string) => text.split('\n');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  manager = await t.login('manager');
  agent = await t.login('agent');
  const ids = await catalogueIds(t, manager);
  flightId = await flightMaker(
    t,
    manager,
    ids,
    6300,
  )({
    departure: '2031-10-02T05:30:00Z',
    arrival: '2031-10-02T07:45:00Z',
  });
  const countries = (await api('GET', 'country/entire-list', admin)).body.items;
  const created = await api(
    'POST',
    'agent',
    admin,
    agentBody(countries.find((c: { code: string }) => c.code === 'CH').id),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  otherAgent = await t.login('dardania@example.test', 'agency-pass');

  await book('berisha', manager, [
    { firstName: 'Arben', lastName: 'Berisha', seatLabel: '14A' },
    { firstName: 'Vjosa', lastName: 'Berisha', seatLabel: '14B' },
    { firstName: 'Drita', lastName: 'Berisha', ageType: 'child', birthday: '2022-05-05', seatLabel: '14C' },
    { firstName: 'Luan', lastName: 'Berisha', ageType: 'infant', birthday: '2031-01-01' },
  ]);
  await book('hoxha', manager, [{ firstName: 'Mira', lastName: 'Hoxha', seatLabel: '2A' }], 4);
  await book('krasniqi', agent, [{ firstName: 'Endrit', lastName: 'Krasniqi' }]);
  await book('shala', otherAgent, [
    { firstName: 'Nora', lastName: 'Shala' },
    { firstName: 'Kai', lastName: 'Shala' },
  ]);
});
afterAll(() => t.close());

describe('the PNL of a flight', () => {
  it("lists the own passengers by destination and class, not the agents'", async () => {
    const own = await pnl();
    expect(own).toMatchObject({ total: 5, parts: 1, adl: null, adlChanges: 0, lastMessage: null });
    const lines = linesOf(own.pnl);
    expect(lines.slice(2, 4)).toEqual(['PNL', 'FB6301/02OCT ZRH PART1']);
    // Economy Light is class L, apart from Classic's Y (printed even when zero).
    expect(lines).toEqual(expect.arrayContaining(['-PRN001C', '1HOXHA/MIRAMR', '-PRN000Y', '-PRN003L']));
    expect(lines).toContain('1BERISHA/ARBENMR-A3');
    // The booking's .L/ element is its record locator, the reference the travellers hold.
    const berisha = reservations.berisha!.recordLocator;
    expect(berisha).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(lines[lines.indexOf('1BERISHA/ARBENMR-A3') + 1]).toBe(`.L/${berisha}`);
    expect(own.pnl).toContain('.R/INFT HK1 01JAN31 BERISHA/LUANMSTR');
    expect(own.pnl).toContain('.R/CHLD HK1 05MAY22');
    expect(own.pnl).not.toContain('KRASNIQI');
    expect(own.pnl).not.toContain('SHALA');
    expect(lines.at(-1)).toBe('ENDPNL');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(PNL_LINE_LENGTH);
  });

  it('gives each external agent a PNL of their passengers, most passengers first', async () => {
    const response = await api('GET', `flight/${flightId}/passenger/list/pnl-external`, manager);
    expect(response.status).toBe(200);
    const items = response.body.items;
    expect(
      items.map((item: { agent: { company: string }; total: number }) => [item.agent.company, item.total]),
    ).toEqual([
      ['Dardania Reisen', 2],
      [expect.any(String), 1],
    ]);
    expect(items[0].pnl).toContain('1SHALA/KAIMR-A2');
    expect(items[0].pnl).not.toContain('BERISHA');
    expect(items[1].pnl).toContain('1KRASNIQI/ENDRITMR');
    expect(items[1].pnl).toContain('-PRN000C');
  });

  it('is read with the passenger list role; sending needs the PNL role', async () => {
    expect((await api('GET', `flight/${flightId}/passenger/list/pnl`, agent)).status).toBe(403);
    expect((await api('GET', `flight/${flightId}/passenger/list/pnl-external`, agent)).status).toBe(403);
    expect((await api('GET', 'flight/999999/passenger/list/pnl', manager)).status).toBe(404);
    const managerId = (await api('GET', 'user/me', manager)).body.id;
    const user = (await api('GET', `user/${managerId}`, admin)).body;
    await api('PUT', `user/${managerId}`, admin, {
      id: managerId,
      group: { id: user.group.id },
      allowedSpecialRoles: [],
      deniedSpecialRoles: ['ROLE_FLIGHT_PASSENGER_PNL'],
    });
    try {
      expect((await send({ type: 'PNL' })).status).toBe(403);
      expect((await api('GET', `flight/${flightId}/passenger/list/pnl`, manager)).status).toBe(200);
    } finally {
      await api('PUT', `user/${managerId}`, admin, {
        id: managerId,
        group: { id: user.group.id },
        allowedSpecialRoles: [],
        deniedSpecialRoles: [],
      });
    }
  });
});

describe('sending PNL and ADL', () => {
  it('needs a PNL before an ADL, per list', async () => {
    const early = await send({ type: 'ADL' });
    expect(early.status).toBe(409);
    expect(early.body.errors[0].code).toBe('ERROR_PNL_NOT_SENT');
    const noAgent = await send({ type: 'PNL', agentId: (await api('GET', 'user/me', manager)).body.id });
    expect(noAgent.status).toBe(404);
  });

  it('records the PNL as sent, after which the ADL of an unchanged list is NIL', async () => {
    const before = await pnl();
    const sent = await send({ type: 'PNL' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({
      type: 'PNL',
      agent: null,
      total: 5,
      user: { displayName: expect.any(String) },
    });
    expect(withoutTimestamp(sent.body.text)).toBe(withoutTimestamp(before.pnl));
    const after = await pnl();
    expect(after.lastMessage).toMatchObject({ id: sent.body.id, type: 'PNL' });
    expect(linesOf(after.adl)).toEqual(expect.arrayContaining(['ADL', 'NIL', 'ENDADL']));
    expect(after.adlChanges).toBe(0);
  });

  it('computes the ADL against the last message sent, and the next one against that ADL', async () => {
    // Arben moves, Mira cancels, a new booking arrives.
    const arben = reservations.berisha!.passengers.find((p) => p.firstName === 'Arben')!.id;
    expect(
      (await api('PUT', `flight/${flightId}/passenger/${arben}/seat`, manager, { seatLabel: '15A' })).status,
    ).toBe(200);
    expect(
      (await api('POST', `reservation/${reservations.hoxha!.id}/cancel`, manager, { fee: 0 })).status,
    ).toBe(200);
    await book('rexhepi', manager, [{ firstName: 'Blerta', lastName: 'Rexhepi', seatLabel: '20F' }]);

    const pending = await pnl();
    expect(pending.adlChanges).toBe(3);
    const lines = linesOf(pending.adl);
    expect(lines).toEqual(
      expect.arrayContaining([
        '-PRN000C',
        'DEL',
        '1HOXHA/MIRAMR',
        '-PRN004L',
        'ADD',
        '1REXHEPI/BLERTAMR',
        'CHG',
      ]),
    );
    expect(lines[lines.indexOf('CHG') + 1]).toBe('1BERISHA/ARBENMR-A3');
    expect(pending.adl).toContain('.R/RQST HK1 15A');

    const adl = await send({ type: 'ADL' });
    expect(adl.status).toBe(201);
    expect(adl.body).toMatchObject({ type: 'ADL', total: 3 });
    expect(withoutTimestamp(adl.body.text)).toBe(withoutTimestamp(pending.adl));
    const next = await pnl();
    expect(next.adlChanges).toBe(0);
    expect(next.lastMessage.type).toBe('ADL');

    const history = await api('GET', `flight/${flightId}/passenger/list/pnl/message/list`, manager);
    expect(history.body.items.map((item: { type: string }) => item.type)).toEqual(['ADL', 'PNL']);
  });

  it("keeps each agent's list apart", async () => {
    const agentId = (await api('GET', 'user/me', otherAgent)).body.id;
    const sent = await send({ type: 'PNL', agentId });
    expect(sent.body).toMatchObject({
      type: 'PNL',
      agent: { id: agentId, company: 'Dardania Reisen' },
      total: 2,
    });
    // The agent's list has an originator of its own, so the DCS keeps it apart from the own list.
    const [, origin] = /^\.([A-Z0-9]{7}) \d{6}$/m.exec(sent.body.text)!;
    expect(origin).toMatch(/^ZRH\d[0-9A-Z]FB$/);
    expect((await pnl()).pnl).toMatch(/^\.ZRHRMFB \d{6}$/m);
    // Group codes are the flight's: A went to the Berisha booking in the own list, so Shala gets B.
    expect(sent.body.text).toContain('1SHALA/KAIMR-B2');
    const own = await pnl();
    expect(own.pnl).toContain('1BERISHA/ARBENMR-A3');
    const external = (await api('GET', `flight/${flightId}/passenger/list/pnl-external`, manager)).body.items;
    expect(external.find((item: { agent: { id: number } }) => item.agent.id === agentId)).toMatchObject({
      adlChanges: 0,
      lastMessage: { type: 'PNL' },
    });
    const messages = await api(
      'GET',
      `flight/${flightId}/passenger/list/pnl/message/list?agentId=${agentId}`,
      manager,
    );
    expect(messages.body.items).toHaveLength(1);
    // The own list's history is its own.
    expect((await pnl()).lastMessage.type).toBe('ADL');
  });

  it("heads every list with the airline company's PNL settings", async () => {
    const companies = await api('GET', 'flight-company/list?query=FB', manager);
    const company = companies.body.items.find((item: { code: string }) => item.code === 'FB');
    const put = await api('PUT', `flight-company/${company.id}`, admin, {
      name: company.name,
      code: 'FB',
      isActive: true,
      pnlOriginator: 'ZRHRPFB',
      pnlAddresses: ['ZRHKKFB', 'ZRHDCXS'],
    });
    expect(put.status).toBe(200);
    try {
      expect(linesOf((await pnl()).pnl).slice(0, 2)).toEqual([
        'QU ZRHKKFB ZRHDCXS',
        expect.stringMatching(/^\.ZRHRPFB \d{6}$/),
      ]);
      const external = (await api('GET', `flight/${flightId}/passenger/list/pnl-external`, manager)).body
        .items;
      for (const item of external) {
        expect(linesOf(item.pnl)[0]).toBe('QU ZRHKKFB ZRHDCXS');
        expect(linesOf(item.pnl)[1]).toMatch(/^\.ZRH\d[0-9A-Z]FB \d{6}$/);
      }
    } finally {
      await api('PUT', `flight-company/${company.id}`, manager, {
        name: company.name,
        code: 'FB',
        isActive: true,
      });
    }
  });
});
