import { allCalls, api, FlightCompanyBody, FreeTransactionBody } from '@flybook/schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badRequests, expectedOutcome, MISSING_IDS, requiresId, type Shape, shapeOf } from './bad-input.ts';

const field = (shape: Shape, name: string): Shape => {
  if (shape.kind !== 'object') throw new Error(`not an object: ${shape.kind}`);
  const found = shape.fields[name];
  if (!found) throw new Error(`no field ${name}`);
  return found.shape;
};

describe('the bad-input generator reads the schemas', () => {
  it('finds money, ids and limits in a body', () => {
    const body = shapeOf(FreeTransactionBody.extend({ description: z.string().trim().min(1).max(500) }));
    expect(field(body, 'amount')).toMatchObject({ kind: 'number', money: true, max: 1_000_000_000 });
    expect(field(body, 'debitAccountId')).toMatchObject({ kind: 'number', id: true, integer: true });
    expect(field(body, 'description')).toMatchObject({ kind: 'string', min: 1, max: 500 });
    expect(requiresId(body)).toBe(true);
    expect(requiresId(shapeOf(FlightCompanyBody))).toBe(false);
  });

  it('reads every part of every declared call into a shape it can generate for', () => {
    for (const call of allCalls()) {
      for (const part of [call.params, call.query, call.body]) {
        if (part) expect(shapeOf(part).kind, `${call.method} ${call.path}`).toBe('object');
      }
    }
  });

  it('plants defects the schemas refuse, and sends only made-up ids in requests they accept', () => {
    const call = api.reservation.cancel;
    const outcomes = fc
      .sample(badRequests(call, { plausibleAllowed: true }), { numRuns: 300, seed: 7 })
      .map((request) => ({ request, expected: expectedOutcome(call, request, false) }));
    const kinds = new Set(outcomes.map(({ expected }) => expected.kind));
    expect([...kinds]).toEqual(expect.arrayContaining(['accepted', 'invalid', 'transport']));
    for (const { request, expected } of outcomes) {
      if (request.planted === 'transport') expect(expected.kind).toBe('transport');
      if (expected.kind === 'accepted') expect(MISSING_IDS).toContain(Number(request.params.id));
    }
  });
});
