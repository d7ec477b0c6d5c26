import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * The one PDF setup of the product: A4, DejaVu Sans embedded (so every Latin letter of the four
 * languages prints and survives copy and paste), a header, a table that repeats its header row on
 * every page, page numbers, and the finished document as a Buffer.
 */

export type PdfDocument = PDFKit.PDFDocument;

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** Names of the registered fonts, for `doc.font(…)`. */
export const FONT = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' } as const;

const MARGIN = 40;
const TEXT_COLOR = '#000000';
const MUTED_COLOR = '#555555';
const RULE_COLOR = '#999999';

export interface PdfOptions {
  /** Document title (PDF info and window title). */
  title: string;
  /** BCP 47 language of the text, e.g. 'de'. */
  lang: string;
  layout?: 'portrait' | 'landscape';
  /** Creation date in the PDF info; defaults to now. */
  createdAt?: Date;
}

/** A new A4 document with the DejaVu fonts registered and selected, pages kept for numbering. */
export function createPdf({
  title,
  lang,
  layout = 'portrait',
  createdAt = new Date(),
}: PdfOptions): PdfDocument {
  const doc = new PDFDocument({
    size: 'A4',
    layout,
    margin: MARGIN,
    bufferPages: true,
    // The standard Helvetica has no glyphs beyond Latin-1; start directly with the embedded font.
    font: join(fontDir, 'DejaVuSans.ttf'),
    lang,
    displayTitle: true,
    info: {
      Title: title,
      Author: 'Flybook',
      Creator: 'Flybook',
      Producer: 'Flybook',
      CreationDate: createdAt,
    },
  });
  doc.registerFont(FONT.regular, join(fontDir, 'DejaVuSans.ttf'));
  doc.registerFont(FONT.bold, join(fontDir, 'DejaVuSans-Bold.ttf'));
  doc.font(FONT.regular).fontSize(9).fillColor(TEXT_COLOR);
  return doc;
}

/** Draws the document title, an optional subtitle and a small generated-at line, then a rule. */
export function drawHeader(
  doc: PdfDocument,
  header: { title: string; subtitle?: string; generated?: string },
) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font(FONT.bold).fontSize(16).fillColor(TEXT_COLOR).text(header.title, left, doc.y, { width });
  if (header.subtitle) doc.font(FONT.regular).fontSize(10).text(header.subtitle, { width });
  if (header.generated) {
    doc.font(FONT.regular).fontSize(8).fillColor(MUTED_COLOR).text(header.generated, { width });
  }
  const y = doc.y + 4;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .strokeColor(RULE_COLOR)
    .stroke();
  doc.fillColor(TEXT_COLOR).font(FONT.regular).fontSize(9);
  doc.x = left;
  doc.y = y + 10;
}

export type Align = 'left' | 'center' | 'right';

export interface TableColumn {
  header: string;
  /** Width in points; the widths should add up to the page's text width. */
  width: number;
  align?: Align;
}

/** A cell: its text, or the text with its own alignment, left indent, colour, or a span over further columns. */
export type TableCell =
  | string
  | { text: string; span?: number; align?: Align; indent?: number; color?: string };

export interface TableRow {
  cells: TableCell[];
  bold?: boolean;
  /** Font size in points; the table's size when absent. */
  fontSize?: number;
  color?: string;
  /** A rule above the row: 'thin' between groups, 'thick' above totals. */
  rule?: 'thin' | 'thick';
  /** Keep this row on the same page as the next one (a group and its detail lines). */
  keepWithNext?: boolean;
}

export interface TableOptions {
  columns: TableColumn[];
  rows: TableRow[];
  /** Body font size; 8 when absent. */
  fontSize?: number;
}

const CELL_PAD_X = 3;
const CELL_PAD_Y = 2.5;

/**
 * Draws a table from the current position down. Cells wrap inside their column; a row that does not
 * fit on the page moves to a new page, which starts with the header row again.
 */
export function drawTable(doc: PdfDocument, { columns, rows, fontSize = 8 }: TableOptions) {
  const left = doc.page.margins.left;
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  const headerRow: TableRow = {
    cells: columns.map((column) => column.header),
    bold: true,
    fontSize,
  };

  /** Cell boxes of a row: x, width, text and alignment, spans resolved. */
  const layout = (row: TableRow) => {
    const boxes: { x: number; width: number; text: string; align: Align; indent: number; color?: string }[] =
      [];
    let index = 0;
    let x = left;
    for (const cell of row.cells) {
      if (index >= columns.length) break;
      const spec = typeof cell === 'string' ? { text: cell } : cell;
      const span = Math.max(1, Math.min(spec.span ?? 1, columns.length - index));
      const cellWidth = columns.slice(index, index + span).reduce((sum, column) => sum + column.width, 0);
      const indent = spec.indent ?? 0;
      boxes.push({
        x,
        width: cellWidth,
        text: spec.text,
        align: spec.align ?? columns[index]!.align ?? 'left',
        indent,
        ...(spec.color ? { color: spec.color } : {}),
      });
      x += cellWidth;
      index += span;
    }
    return boxes;
  };

  const applyFont = (row: TableRow) =>
    doc.font(row.bold ? FONT.bold : FONT.regular).fontSize(row.fontSize ?? fontSize);

  const heightOf = (row: TableRow) => {
    applyFont(row);
    const lineHeight = doc.currentLineHeight(true);
    const textHeight = Math.max(
      lineHeight,
      ...layout(row).map((box) =>
        box.text === ''
          ? 0
          : doc.heightOfString(box.text, { width: box.width - 2 * CELL_PAD_X - box.indent }),
      ),
    );
    return textHeight + 2 * CELL_PAD_Y;
  };

  const rule = (y: number, weight: number) =>
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(weight)
      .strokeColor(weight > 0.5 ? TEXT_COLOR : RULE_COLOR)
      .stroke();

  let y = doc.y;

  const drawRow = (row: TableRow, height: number, background?: string) => {
    if (background) doc.rect(left, y, width, height).fill(background);
    if (row.rule) rule(y, row.rule === 'thick' ? 0.8 : 0.3);
    applyFont(row);
    for (const box of layout(row)) {
      if (box.text === '') continue;
      doc
        .fillColor(box.color ?? row.color ?? TEXT_COLOR)
        .text(box.text, box.x + CELL_PAD_X + box.indent, y + CELL_PAD_Y, {
          width: box.width - 2 * CELL_PAD_X - box.indent,
          align: box.align,
        });
    }
    y += height;
  };

  const drawHeaderRow = () => {
    drawRow(headerRow, heightOf(headerRow), '#e8e8e8');
    rule(y, 0.5);
  };

  const pageBottom = () => doc.page.height - doc.page.margins.bottom;
  const newPage = () => {
    doc.addPage();
    y = doc.page.margins.top;
    drawHeaderRow();
  };

  const heights = rows.map(heightOf);
  const headerHeight = heightOf(headerRow);
  // Room for rows on a page that holds nothing but the table.
  const pageSpace = pageBottom() - doc.page.margins.top - headerHeight;

  if (y + headerHeight + (heights[0] ?? 0) > pageBottom()) newPage();
  else drawHeaderRow();

  rows.forEach((row, index) => {
    // Height of this row and the rows chained to it by keepWithNext.
    let chain = heights[index]!;
    for (let next = index; rows[next]?.keepWithNext && next + 1 < rows.length; next++)
      chain += heights[next + 1]!;
    const startsChain = index === 0 || !rows[index - 1]!.keepWithNext;
    const needed = startsChain && chain < pageSpace ? chain : heights[index]!;
    if (y + needed > pageBottom()) newPage();
    drawRow(row, heights[index]!);
  });

  doc.font(FONT.regular).fontSize(9).fillColor(TEXT_COLOR);
  doc.x = left;
  doc.y = y + 6;
}

/** Writes a footer line on every page, e.g. `(page, pages) => \`Page ${page} of ${pages}\``. */
export function drawPageFooters(doc: PdfDocument, footer: (page: number, pages: number) => string) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const { left, right, bottom } = doc.page.margins;
    // Text below the bottom margin would make pdfkit open a new page; lift the margin while writing.
    doc.page.margins.bottom = 0;
    doc
      .font(FONT.regular)
      .fontSize(7)
      .fillColor(MUTED_COLOR)
      .text(footer(index - start + 1, count), left, doc.page.height - bottom + 12, {
        width: doc.page.width - left - right,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor(TEXT_COLOR);
}

/** Ends the document and resolves to its bytes. */
export function pdfBuffer(doc: PdfDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** A rendered PDF as a file answer of the API. */
export const pdfAnswer = (body: Buffer, fileName: string) => ({
  body,
  fileName,
  contentType: 'application/pdf',
});
