import { Button } from '@react-email/button';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Text } from '@react-email/text';
import { isValidElement, type ReactNode } from 'react';

/**
 * The plain-text part of an e-mail, written from its React elements: the text @react-email/render's
 * `toPlainText` (html-to-text) reads from the rendered HTML, without rendering and parsing the HTML
 * once more (that converter was half of an e-mail's CPU, docs/booking.md "What a booking costs").
 * It knows the few parts the catalogue's e-mails are made of (email-layout.ts): paragraphs,
 * headings, links and buttons, rules, and the sections and frames around them; catalogue.test.ts
 * holds its text to the converter's for every template and language.
 */

/** A block of text and the line breaks it wants before and after it, as html-to-text writes them. */
interface Block {
  text: string;
  before: number;
  after: number;
}

/** Paragraphs, table cells and the frames: a blank line around them. */
const PARAGRAPH = { before: 2, after: 2 };
/** Headings: upper case, two blank lines before. */
const HEADING = { before: 3, after: 2 };
/** A rule is forty dashes. */
const RULE = '-'.repeat(40);

/** Runs of HTML white space are one space in text; a no-break space stays. */
const WHITE_SPACE = /[ \t\r\n\f\u200b]+/g;
/** What there is to replace: single spaces alone are left as they are. */
const UNCLEAN = /[\t\r\n\f\u200b]| {2}/;
const clean = (text: string) => (UNCLEAN.test(text) ? text.replace(WHITE_SPACE, ' ') : text).trim();

type Props = { children?: ReactNode; href?: string };

/** The text of inline content: text, and links as their text and address (once, if they are the same). */
function inline(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(inline).join('');
  if (!isValidElement<Props>(node)) return '';
  const { children, href } = node.props;
  const text = inline(children);
  if ((node.type === Link || node.type === Button) && href && clean(text) !== href) return `${text} ${href}`;
  return text;
}

/** The blocks of a part of the e-mail, in order. */
function blocksOf(node: ReactNode, blocks: Block[]): Block[] {
  if (Array.isArray(node)) {
    for (const child of node) blocksOf(child, blocks);
    return blocks;
  }
  if (node === null || node === undefined || typeof node === 'boolean') return blocks;
  if (!isValidElement<Props>(node)) {
    blocks.push({ text: clean(inline(node)), ...PARAGRAPH });
    return blocks;
  }
  const { type } = node;
  // The head and the preview line (marked to be skipped in text) are not read.
  if (type === Head || type === Preview) return blocks;
  if (type === Text) blocks.push({ text: clean(inline(node.props.children)), ...PARAGRAPH });
  else if (type === Heading)
    blocks.push({ text: clean(inline(node.props.children)).toUpperCase(), ...HEADING });
  else if (type === Hr) blocks.push({ text: RULE, ...PARAGRAPH });
  else if (type === Link || type === Button) blocks.push({ text: clean(inline(node)), ...PARAGRAPH });
  // The frames (html, body, container, sections) are tables: blocks of their own content.
  else blocksOf(node.props.children, blocks);
  return blocks;
}

/** The plain-text part of an e-mail document (emailLayout's element). */
export function plainText(document: ReactNode): string {
  let text = '';
  let after = 0;
  for (const block of blocksOf(document, [])) {
    if (block.text === '') continue;
    text += text === '' ? block.text : `${'\n'.repeat(Math.max(after, block.before))}${block.text}`;
    after = block.after;
  }
  return text;
}
