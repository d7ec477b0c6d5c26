import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { QueryBoolean } from './common.ts';
import { readQuery } from './query.ts';

const Query = z.object({
  status: z.array(z.enum(['a', 'b'])).default(['a']),
  ids: z.array(z.coerce.number()).optional(),
  interval: z.object({ from: z.string().optional(), to: z.string().optional() }).optional(),
  isActive: QueryBoolean.default(true),
  text: z.string().optional(),
});

describe('readQuery', () => {
  it('reads one value of an array field as one item, and keeps arrays as they are', () => {
    expect(readQuery(Query, { status: 'b', ids: ['1', '2'] })).toEqual({ status: ['b'], ids: ['1', '2'] });
    expect(Query.parse(readQuery(Query, { status: 'b' })).status).toEqual(['b']);
  });

  it('drops blank values at any depth, so defaults apply and filters stay off', () => {
    const read = readQuery(Query, {
      status: [''],
      ids: ['', '3'],
      interval: { from: '', to: '2031-01-01' },
      isActive: '',
      text: '',
    });
    expect(read).toEqual({ ids: ['3'], interval: { to: '2031-01-01' } });
    expect(Query.parse(read)).toMatchObject({ status: ['a'], isActive: true });
  });

  it('leaves fields it does not know and values of other shapes to the schema', () => {
    expect(readQuery(Query, { other: 'x', status: { 0: 'a' } })).toEqual({ other: 'x', status: { 0: 'a' } });
    expect(readQuery(undefined, { a: '', b: 'c' })).toEqual({ b: 'c' });
  });
});
