import { SEAT_FLAGS } from '@flybook/schemas';
import { describe, expect, it } from 'vitest';
import { fakeTemplates } from '../../test/fake-flight-form.ts';
import {
  parseColumns,
  parseExitRows,
  parseRows,
  rowsText,
  sectionsOf,
  TemplateFormSchema,
  type TemplateFormValues,
  templateFieldOf,
  templateFormValues,
  withSeats,
} from './aircraft-template-form.ts';

const codeOf = (parsed: ReturnType<typeof parseRows>) => (parsed.ok ? null : parsed.code);

describe('the template form fields', () => {
  it('reads rows as numbers and ranges, each once, at most 99', () => {
    expect(parseRows('1-3, 5 7–8')).toEqual({ ok: true, value: ['1', '2', '3', '5', '7', '8'] });
    expect(parseRows('12 - 14')).toEqual({ ok: true, value: ['12', '13', '14'] });
    // as the hint writes it, with non-breaking hyphens
    expect(parseRows('1\u20112')).toEqual({ ok: true, value: ['1', '2'] });
    expect(codeOf(parseRows(''))).toBe('ERROR_REQUIRED');
    expect(codeOf(parseRows('0-3'))).toBe('ERROR_FORMAT');
    expect(codeOf(parseRows('5-3'))).toBe('ERROR_FORMAT');
    expect(codeOf(parseRows('1a'))).toBe('ERROR_FORMAT');
    expect(parseRows('1-4, 3')).toEqual({
      ok: false,
      code: 'ERROR_SEAT_MAP_ROW_TWICE',
      params: { row: '3' },
    });
    expect(parseRows('1-100')).toEqual({
      ok: false,
      code: 'ERROR_SEAT_MAP_TOO_MANY_ROWS',
      params: { limit: 99 },
    });
  });

  it('reads every letter as a seat column, in any case, with free grouping', () => {
    expect(parseColumns('abc def')).toEqual({ ok: true, value: ['A', 'B', 'C', 'D', 'E', 'F'] });
    expect(parseColumns('A, C, D, F')).toEqual({ ok: true, value: ['A', 'C', 'D', 'F'] });
    expect(codeOf(parseColumns(' '))).toBe('ERROR_REQUIRED');
    expect(codeOf(parseColumns('A1'))).toBe('ERROR_FORMAT');
    expect(parseColumns('ABCA')).toMatchObject({
      code: 'ERROR_SEAT_MAP_COLUMN_TWICE',
      params: { column: 'A' },
    });
    expect(parseColumns('ABCDEFGHJKLMN')).toMatchObject({ code: 'ERROR_SEAT_MAP_TOO_MANY_COLUMNS' });
  });

  it('takes exit rows only among the section’s rows', () => {
    expect(parseExitRows('', ['1'])).toEqual({ ok: true, value: [] });
    expect(parseExitRows('11 12', ['10', '11', '12'])).toEqual({ ok: true, value: ['11', '12'] });
    expect(parseExitRows('13', ['11', '12'])).toEqual({
      ok: false,
      code: 'ERROR_SEAT_MAP_EXIT_ROW',
      params: { row: '13' },
    });
  });

  it('shows stored rows as ranges', () => {
    expect(rowsText(['1', '2', '3', '5', '7', '8'])).toBe('1-3, 5, 7-8');
    expect(rowsText([])).toBe('');
  });
});

describe('the template form values', () => {
  it('round-trips a stored template to the same body', () => {
    const [a320] = fakeTemplates();
    if (!a320) throw new Error('no template');
    const values = templateFormValues(a320, 1);
    expect(values.sections[0]).toEqual({ tariffGroupId: '3', rows: '1-3', columns: 'A C D F', exitRows: '' });
    const parsed = TemplateFormSchema.safeParse(values);
    expect(parsed.success && parsed.data).toEqual({ label: a320.label, sections: a320.sections });
  });

  it('keeps flags and prices of seats by label while the rows are retyped', () => {
    const values: TemplateFormValues = {
      label: 'Test',
      sections: [{ tariffGroupId: '1', rows: '1-2', columns: 'AB', exitRows: '' }],
      cells: {},
    };
    const [section] = sectionsOf(values).sections;
    if (!section) throw new Error('no section');
    const edited = {
      ...section,
      seats: [
        [SEAT_FLAGS.reserved, 0],
        [0, SEAT_FLAGS.absent],
      ],
      prices: [
        [25, 0],
        [0, 0],
      ],
    };
    const cells = withSeats(values.cells, [edited]);
    // row 2 goes away for a moment (a typo) and comes back: its hidden seat is still hidden
    const shorter = sectionsOf({ sections: [{ ...values.sections[0]!, rows: '1' }], cells });
    expect(shorter.sections[0]?.seats).toEqual([[SEAT_FLAGS.reserved, 0]]);
    const longer = sectionsOf({ sections: [{ ...values.sections[0]!, rows: '1-3' }], cells });
    expect(longer.sections[0]?.seats).toEqual([
      [SEAT_FLAGS.reserved, 0],
      [0, SEAT_FLAGS.absent],
      [0, 0],
    ]);
    expect(longer.sections[0]?.prices).toEqual([
      [25, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('puts each section’s problems on its fields: no tariff group, bad rows, exits, overlapping seats', () => {
    const parsed = TemplateFormSchema.safeParse({
      label: '  ',
      sections: [
        { tariffGroupId: '', rows: '1-3', columns: 'ABC', exitRows: '4' },
        { tariffGroupId: '1', rows: '3-5', columns: 'CD', exitRows: '' },
        { tariffGroupId: '1', rows: 'x', columns: '', exitRows: '' },
      ],
      cells: {},
    });
    expect(parsed.success).toBe(false);
    const issues = parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['label', 'Value should not be empty string.'],
      ['sections.0.tariffGroupId', 'ERROR_REQUIRED'],
      ['sections.0.exitRows', 'ERROR_SEAT_MAP_EXIT_ROW'],
      ['sections.1.rows', 'ERROR_SEAT_MAP_OVERLAP'],
      ['sections.2.rows', 'ERROR_FORMAT'],
      ['sections.2.columns', 'ERROR_REQUIRED'],
    ]);
  });

  it('maps the API’s field paths to the form’s fields', () => {
    expect(templateFieldOf('label')).toBe('label');
    expect(templateFieldOf('sections.1.rowsWithExitDoors')).toBe('sections.1.exitRows');
    expect(templateFieldOf('sections.0.tariffGroup.id')).toBe('sections.0.tariffGroupId');
    expect(templateFieldOf('sections.2.prices')).toBe('sections.2.rows');
    expect(templateFieldOf('sections')).toBeNull();
  });
});
