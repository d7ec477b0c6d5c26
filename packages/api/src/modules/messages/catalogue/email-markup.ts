import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import {
  Children,
  cloneElement,
  createElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
} from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * React's static markup of an e-mail document (emailLayout's element), without running React on
 * every e-mail: the frame each React Email component writes around its content (a paragraph's
 * `<p style=…>`, a section's table, a button's Outlook spacers) depends only on its props, so it is
 * rendered by React once per component and props, with a marker where the content goes, and kept;
 * an e-mail is those frames around its escaped text. React's render of a booking's e-mail was most
 * of the e-mail's CPU (docs/booking.md, "What a booking costs"); catalogue.test.ts and
 * email-markup.test.ts hold this markup to React's own for every template and language.
 *
 * What it does not know is left to React: other components (the preview line, whose padding depends
 * on its text), props that are neither a style nor a plain value, and a link that is not http(s),
 * mailto or tel (React blocks javascript: and drops an empty address).
 */

/** Where a frame's content goes; plain letters, which React writes as they are. */
const CONTENT = 'flybookemailcontent7d41';
/** A link's address in its frame, filled in per e-mail (React escapes it like text). */
const ADDRESS = 'https://flybook-email-address-7d41.invalid/';

/**
 * The components whose frame does not depend on their content (email-layout.ts uses only these).
 * The document's own (html, head, body) are framed together: React moves what stands between the
 * head and the body into the body, and writes an empty head where the html has none of its own.
 */
const FRAMED: ReadonlySet<unknown> = new Set([Container, Section, Text, Heading, Hr, Button, Link]);

/** A component's frame: the markup before and after its content, the address split out. */
interface Frame {
  before: string[];
  after: string;
}

/** Frames per component, by their props. A component has few (styles are constants); past this, React renders. */
const frames = new Map<unknown, Map<string, Frame | null>>();
const FRAMES_PER_COMPONENT = 64;

/** A short key per style: the same style (by content) has the same number, a style object keeps its number. */
const styleNumbers = new WeakMap<object, number>();
const numbersByContent = new Map<string, number>();
const styleKey = (style: object) => {
  let number = styleNumbers.get(style);
  if (number === undefined) {
    const content = JSON.stringify(style);
    number = numbersByContent.get(content) ?? numbersByContent.size;
    numbersByContent.set(content, number);
    styleNumbers.set(style, number);
  }
  return number;
};

/** The props that shape a frame as a key, or null when one is not a style or a plain value. */
function propsKey(props: Record<string, unknown>): string | null {
  let key = '';
  for (const name in props) {
    if (name === 'href') continue;
    const value = props[name];
    if (name === 'children') key += value === undefined ? '|-' : '|c';
    else if (name === 'style' && typeof value === 'object' && value !== null)
      key += `|style=${styleKey(value)}`;
    else if (value === undefined || value === null || ['string', 'number', 'boolean'].includes(typeof value))
      key += `|${name}=${typeof value}:${String(value)}`;
    else return null;
  }
  return key;
}

/** A frame rendered by React with markers for its content and address; null when they are not there once each. */
function frameOf(element: ReactElement<Record<string, unknown>>, hasAddress: boolean): Frame | null {
  const props = { ...element.props };
  if (props.children !== undefined) props.children = CONTENT;
  if (hasAddress) props.href = ADDRESS;
  const markup = renderToStaticMarkup(createElement(element.type as string, props));
  const [before, after, ...more] = props.children === undefined ? [markup, ''] : markup.split(CONTENT);
  if (before === undefined || after === undefined || more.length > 0) return null;
  const parts = hasAddress ? before.split(ADDRESS) : [before];
  if (parts.length !== (hasAddress ? 2 : 1) || after.includes(ADDRESS)) return null;
  return { before: parts, after };
}

const SAFE_ADDRESS = /^(?:https?:\/\/|mailto:|tel:)[^\s]/i;
const ESCAPED = /["&'<>]/;
const ESCAPES: Record<string, string> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
};
/** Text and attribute values escaped as React escapes them. */
const escapeText = (text: string) =>
  ESCAPED.test(text) ? text.replace(/["&'<>]/g, (c) => ESCAPES[c] ?? c) : text;

function frameFor(element: ReactElement<Record<string, unknown>>): Frame | null {
  if (!FRAMED.has(element.type)) return null;
  const { href } = element.props;
  if (href !== undefined && (typeof href !== 'string' || !SAFE_ADDRESS.test(href))) return null;
  const key = propsKey(element.props);
  if (key === null) return null;
  let byProps = frames.get(element.type);
  if (!byProps) {
    byProps = new Map();
    frames.set(element.type, byProps);
  }
  let frame = byProps.get(key);
  if (frame === undefined) {
    frame = frameOf(element, href !== undefined);
    if (byProps.size >= FRAMES_PER_COMPONENT) return frame;
    byProps.set(key, frame);
  }
  return frame;
}

interface DocumentFrame {
  /** The markup between the parts, in their order in the frame. */
  between: string[];
  /** The parts in the frame's order: the body's content (-1), or the html element's i-th child. */
  parts: number[];
}
const documents = new Map<string, DocumentFrame | null>();
/** The markers of a document frame: the body's content, and `<div>` standing for a child of the html. */
const DOCUMENT_MARKERS = new RegExp(`${CONTENT}body|<div>${CONTENT}(\\d+)</div>`, 'g');

/**
 * The frame of an html element: its head and body as React writes them, with a marker for the
 * body's content and one for each other child of the html in the place React gives it. Null (React
 * renders the whole) for a head with content of its own or props that are not a style or a value.
 */
function documentFrameFor(
  element: ReactElement<Record<string, unknown>>,
  children: ReactNode[],
): DocumentFrame | null {
  let key = propsKey(element.props);
  for (const child of children) {
    if (key === null || !isValidElement<Record<string, unknown>>(child)) return null;
    if (child.type === Head && child.props.children !== undefined) return null;
    const kind = child.type === Head ? 'head' : child.type === Body ? 'body' : 'part';
    const childKey = kind === 'part' ? '' : propsKey(child.props);
    if (childKey === null) return null;
    key += `/${kind}${childKey}`;
  }
  if (key === null) return null;
  const known = documents.get(key);
  if (known !== undefined) return known;
  const marked = (children as ReactElement<Record<string, unknown>>[]).map((child, index) => {
    if (child.type === Head) return child;
    if (child.type === Body) return cloneElement(child, undefined, `${CONTENT}body`);
    return createElement('div', { key: index }, `${CONTENT}${index}`);
  });
  const markup = renderToStaticMarkup(createElement(Html, element.props, ...marked));
  const frame: DocumentFrame = { between: [], parts: [] };
  let from = 0;
  for (const match of markup.matchAll(DOCUMENT_MARKERS)) {
    frame.between.push(markup.slice(from, match.index));
    frame.parts.push(match[1] === undefined ? -1 : Number(match[1]));
    from = match.index + match[0].length;
  }
  frame.between.push(markup.slice(from));
  // Each part once: the body's content and every child that is not the head.
  const expected = marked.filter((part) => part.type !== Head).length;
  const complete = frame.parts.length === expected && new Set(frame.parts).size === expected;
  documents.set(key, complete ? frame : null);
  return complete ? frame : null;
}

/** An html element's markup: its frame, the body's content and the other parts in their places. */
function documentMarkup(element: ReactElement<Record<string, unknown>>): string {
  const children = Children.toArray(element.props.children as ReactNode);
  const frame = documentFrameFor(element, children);
  if (!frame) return renderToStaticMarkup(element);
  const body = children.find((child) => isValidElement(child) && child.type === Body) as ReactElement<{
    children?: ReactNode;
  }>;
  let markup = frame.between[0] ?? '';
  frame.parts.forEach((part, index) => {
    markup += emailMarkup(part === -1 ? body.props.children : children[part]);
    markup += frame.between[index + 1] ?? '';
  });
  return markup;
}

/** The static markup of an e-mail document, as React's `renderToStaticMarkup` writes it. */
export function emailMarkup(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string') return escapeText(node);
  if (typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (Array.isArray(node)) {
    let markup = '';
    for (const child of node) markup += emailMarkup(child);
    return markup;
  }
  if (!isValidElement<Record<string, unknown>>(node)) return renderToStaticMarkup(node as ReactElement);
  if (node.type === Html) return documentMarkup(node);
  const frame = frameFor(node);
  if (!frame) return renderToStaticMarkup(node);
  const [start, rest] = frame.before;
  const open = rest === undefined ? start : `${start}${escapeText(node.props.href as string)}${rest}`;
  return `${open}${emailMarkup(node.props.children as ReactNode)}${frame.after}`;
}
