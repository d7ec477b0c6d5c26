import { mapSeatsByTariffGroup } from '@flybook/domain';
import {
  type AircraftSection,
  type AircraftTemplate,
  AircraftTemplateBody,
  seatLabelsOf,
} from '@flybook/schemas';
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';

/** The most sections, rows per section and columns per section a template may have (the API's limits). */
export const MAX_SECTIONS = 6;
export const MAX_ROWS = 99;
export const MAX_COLUMNS = 12;

/**
 * One section of the template as the form shows it: its tariff group and its rows, seat letters and
 * exit rows as typed ("1-12, 14-30", "ABC DEF", "11 12"). The seats' flags and prices are kept
 * apart, by seat label ({@link SeatCells}), so that retyping the rows never loses them.
 */
export interface SectionDraft {
  /** The tariff group's id, '' for none chosen. */
  tariffGroupId: string;
  rows: string;
  columns: string;
  exitRows: string;
}

/** Flags (SEAT_FLAGS) and price in CHF of a seat, by its label ("12C"). */
export type SeatCells = Record<string, { flags: number; price: number }>;

export interface TemplateFormValues {
  label: string;
  sections: SectionDraft[];
  cells: SeatCells;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; code: string; params?: Record<string, unknown> };

const fail = (code: string, params?: Record<string, unknown>): Parsed<never> => ({
  ok: false,
  code,
  ...(params ? { params } : {}),
});

const ROW_TOKEN = /^(\d{1,3})(?:-(\d{1,3}))?$/;

/** Row numbers typed as numbers and ranges: "1-12, 14-30" or "1 2 3" (1 to 999, each once). */
function parseRowList(text: string, limit: number): Parsed<string[]> {
  const tokens = text
    .replace(/\s*[-‑–]\s*/g, '-')
    .split(/[\s,;]+/)
    .filter(Boolean);
  const rows: string[] = [];
  for (const token of tokens) {
    const match = ROW_TOKEN.exec(token);
    if (!match) return fail('ERROR_FORMAT');
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (from < 1 || to < from) return fail('ERROR_FORMAT');
    if (rows.length + (to - from + 1) > limit) return fail('ERROR_SEAT_MAP_TOO_MANY_ROWS', { limit });
    for (let row = from; row <= to; row += 1) {
      const label = String(row);
      if (rows.includes(label)) return fail('ERROR_SEAT_MAP_ROW_TWICE', { row: label });
      rows.push(label);
    }
  }
  return { ok: true, value: rows };
}

/** A section's rows; at least one. */
export function parseRows(text: string): Parsed<string[]> {
  if (text.trim() === '') return fail('ERROR_REQUIRED');
  return parseRowList(text, MAX_ROWS);
}

/**
 * A section's seat letters from left to right; spaces and commas may group them ("ABC DEF" is
 * "A B C D E F"). Every letter is a column of its own.
 */
export function parseColumns(text: string): Parsed<string[]> {
  const letters = text.toUpperCase().replace(/[\s,;]+/g, '');
  if (letters === '') return fail('ERROR_REQUIRED');
  if (!/^[A-Z]+$/.test(letters)) return fail('ERROR_FORMAT');
  const columns = [...letters];
  const twice = columns.find((letter, index) => columns.indexOf(letter) !== index);
  if (twice) return fail('ERROR_SEAT_MAP_COLUMN_TWICE', { column: twice });
  if (columns.length > MAX_COLUMNS) return fail('ERROR_SEAT_MAP_TOO_MANY_COLUMNS', { limit: MAX_COLUMNS });
  return { ok: true, value: columns };
}

/** The rows at an emergency exit: rows of the section, or none. */
export function parseExitRows(text: string, rows: readonly string[]): Parsed<string[]> {
  if (text.trim() === '') return { ok: true, value: [] };
  const parsed = parseRowList(text, MAX_ROWS);
  if (!parsed.ok) return parsed;
  const unknown = parsed.value.find((row) => !rows.includes(row));
  if (unknown) return fail('ERROR_SEAT_MAP_EXIT_ROW', { row: unknown });
  return parsed;
}

/** Row labels as the rows field shows them: runs of consecutive rows as ranges ("1-3, 5"). */
export function rowsText(rows: readonly string[]): string {
  const parts: string[] = [];
  let start: number | null = null;
  let last: number | null = null;
  const flush = () => {
    if (start === null || last === null) return;
    parts.push(start === last ? String(start) : `${start}-${last}`);
  };
  for (const label of rows) {
    const row = Number(label);
    if (last !== null && row === last + 1) {
      last = row;
      continue;
    }
    flush();
    start = row;
    last = row;
  }
  flush();
  return parts.join(', ');
}

/** The layout of a section when all three of its fields read well. */
function layoutOf(draft: SectionDraft) {
  const rows = parseRows(draft.rows);
  const columns = parseColumns(draft.columns);
  if (!rows.ok || !columns.ok) return null;
  const exits = parseExitRows(draft.exitRows, rows.value);
  return { rows: rows.value, columns: columns.value, exits: exits.ok ? exits.value : [] };
}

/**
 * The sections the seat map shows for the form's values: each section whose rows and letters read
 * well, its seats' flags and prices taken from the cells (a new seat is a normal seat at 0 CHF).
 * `sectionIndex` tells which draft each map section comes from.
 */
export function sectionsOf(values: Pick<TemplateFormValues, 'sections' | 'cells'>): {
  sections: AircraftSection[];
  draftIndex: number[];
} {
  const sections: AircraftSection[] = [];
  const draftIndex: number[] = [];
  values.sections.forEach((draft, index) => {
    const layout = layoutOf(draft);
    if (!layout) return;
    const cell = (row: string, column: string) => values.cells[`${row}${column}`];
    sections.push({
      tariffGroup: { id: Number(draft.tariffGroupId) || 0 },
      rowLabels: layout.rows,
      columnLabels: layout.columns,
      seats: layout.rows.map((row) => layout.columns.map((column) => cell(row, column)?.flags ?? 0)),
      prices: layout.rows.map((row) => layout.columns.map((column) => cell(row, column)?.price ?? 0)),
      rowsWithExitDoors: layout.exits,
    });
    draftIndex.push(index);
  });
  return { sections, draftIndex };
}

/** The cells with the flags and prices of every seat of the edited sections (others are kept). */
export function withSeats(cells: SeatCells, sections: readonly AircraftSection[]): SeatCells {
  const next: SeatCells = { ...cells };
  for (const section of sections) {
    section.rowLabels.forEach((row, rowIndex) => {
      section.columnLabels.forEach((column, columnIndex) => {
        next[`${row}${column}`] = {
          flags: section.seats[rowIndex]?.[columnIndex] ?? 0,
          price: section.prices[rowIndex]?.[columnIndex] ?? 0,
        };
      });
    });
  }
  return next;
}

/** Seats that exist (not hidden) per tariff group id, in the order the groups first appear. */
export function seatCounts(sections: readonly AircraftSection[]): { tariffGroupId: number; seats: number }[] {
  return [...mapSeatsByTariffGroup(sections)].map(([tariffGroupId, seats]) => ({ tariffGroupId, seats }));
}

/** A new section: the given tariff group, six seats abreast, rows after the last section's. */
export function newSection(tariffGroupId: number | undefined, after: readonly SectionDraft[]): SectionDraft {
  const lastRow = after
    .map((draft) => parseRows(draft.rows))
    .flatMap((parsed) => (parsed.ok ? parsed.value.map(Number) : []))
    .reduce((max, row) => Math.max(max, row), 0);
  return {
    tariffGroupId: tariffGroupId === undefined ? '' : String(tariffGroupId),
    rows: `${lastRow + 1}-${lastRow + 10}`,
    columns: 'ABC DEF',
    exitRows: '',
  };
}

/** What the form starts with: the template's sections, or one economy section of 30 rows. */
export function templateFormValues(
  template: AircraftTemplate | undefined,
  firstTariffGroupId: number | undefined,
): TemplateFormValues {
  if (!template) {
    return {
      label: '',
      sections: [{ ...newSection(firstTariffGroupId, []), rows: '1-30' }],
      cells: {},
    };
  }
  return {
    label: template.label,
    sections: template.sections.map((section) => ({
      tariffGroupId: String(section.tariffGroup.id),
      rows: rowsText(section.rowLabels),
      columns: section.columnLabels.join(' '),
      exitRows: rowsText(section.rowsWithExitDoors),
    })),
    cells: withSeats({}, template.sections),
  };
}

const SectionDraftSchema = z.object({
  tariffGroupId: z.string(),
  rows: z.string(),
  columns: z.string(),
  exitRows: z.string(),
});

const issue = (path: (string | number)[], parsed: { code: string; params?: Record<string, unknown> }) => ({
  code: 'custom' as const,
  path,
  message: parsed.code,
  params: { code: parsed.code, ...parsed.params },
});

/**
 * The template form → `AircraftTemplateBody`. Each section's fields are read here, their messages
 * put on the field (a tariff group chosen; rows, letters and exit rows that read; no seat in two
 * sections); the body made of them is then checked with the API's own schema.
 */
export const TemplateFormSchema = z
  .object({
    label: z.string(),
    sections: z.array(SectionDraftSchema),
    cells: z.record(z.string(), z.object({ flags: z.number(), price: z.number() })),
  })
  .superRefine((values, ctx) => {
    // The label's rule here, not in the object: its message shows together with the sections'.
    const label = AircraftTemplateBody.shape.label.safeParse(values.label);
    for (const failure of label.error?.issues ?? []) ctx.addIssue({ ...failure, path: ['label'] });
    const owner = new Map<string, number>();
    values.sections.forEach((draft, index) => {
      if (draft.tariffGroupId === '')
        ctx.addIssue(issue(['sections', index, 'tariffGroupId'], { code: 'ERROR_REQUIRED' }));
      const rows = parseRows(draft.rows);
      if (!rows.ok) ctx.addIssue(issue(['sections', index, 'rows'], rows));
      const columns = parseColumns(draft.columns);
      if (!columns.ok) ctx.addIssue(issue(['sections', index, 'columns'], columns));
      if (!rows.ok) return;
      const exits = parseExitRows(draft.exitRows, rows.value);
      if (!exits.ok) ctx.addIssue(issue(['sections', index, 'exitRows'], exits));
      if (!columns.ok) return;
      const labels = seatLabelsOf([{ rowLabels: rows.value, columnLabels: columns.value }]);
      const other = labels.map((label) => owner.get(label)).find((found) => found !== undefined);
      if (other !== undefined) {
        ctx.addIssue(
          issue(['sections', index, 'rows'], {
            code: 'ERROR_SEAT_MAP_OVERLAP',
            params: { section: other + 1 },
          }),
        );
        return;
      }
      for (const label of labels) owner.set(label, index);
    });
  })
  .transform((values, ctx) => {
    const { sections } = sectionsOf(values);
    const result = AircraftTemplateBody.safeParse({ label: values.label, sections });
    if (result.success) return result.data;
    for (const failure of result.error.issues) {
      const [first, index] = failure.path;
      // A rule of one section (a price, a count) goes on its rows; of the label, on the label.
      const path =
        first === 'sections' && typeof index === 'number' ? ['sections', index, 'rows'] : failure.path;
      ctx.addIssue({ ...failure, path });
    }
    return z.NEVER;
  });

const SECTION_FIELDS: Record<string, keyof SectionDraft> = {
  tariffGroup: 'tariffGroupId',
  rowLabels: 'rows',
  columnLabels: 'columns',
  rowsWithExitDoors: 'exitRows',
};

/** The form field of a field the API rejected (`sections.1.rowsWithExitDoors` → `sections.1.exitRows`). */
export function templateFieldOf(apiField: string): FieldPath<TemplateFormValues> | null {
  if (apiField === 'label') return 'label';
  const match = /^sections\.(\d+)(?:\.(\w+))?/.exec(apiField);
  if (!match) return null;
  const field = SECTION_FIELDS[match[2] ?? ''] ?? 'rows';
  return `sections.${Number(match[1])}.${field}`;
}
