import { LOCALES } from '@flybook/locales';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { emailMarkup } from './email-markup.ts';
import { type BookingFacts, emailDocument, type MessageData, TEMPLATES } from './index.ts';

/** A booking whose every text and address holds what markup escapes, with more than one of everything. */
const odd: BookingFacts = {
  recordLocator: 'Q7&<X"',
  contactName: `O'Brien <b>"Vjosa"</b> & Co`,
  flights: [
    { number: 'FB101', route: 'ZRH – PRN', date: '2031-05-01', time: '07:05' },
    { number: 'FB<102>', route: `PRN – ZRH & "back"`, date: '2031-05-08', time: '18:40' },
  ],
  passengers: [`Ilir style="color:red"`, 'Ana &amp; Ben', '  '],
  total: 123_450,
  paid: 0,
  open: 123_450,
  pricesHidden: false,
  deadline: '2031-04-20',
  manageUrl: `https://flybook.example/booking/manage?ref=Q7&key="'<>`,
  checkIn: { url: 'https://flybook.example/check-in?ref=Q7&x=<y>', opensHours: 48 },
};

describe('the e-mail markup', () => {
  it('writes every booking e-mail as React does, whatever its text and addresses hold', () => {
    const variants: BookingFacts[] = [
      odd,
      { ...odd, pricesHidden: true },
      { ...odd, paid: 123_450, open: 0 },
    ];
    for (const language of LOCALES) {
      for (const booking of variants) {
        for (const template of Object.keys(TEMPLATES) as (keyof MessageData)[]) {
          const data = {
            booking,
            amount: 5_000,
            fee: 1_000,
            refund: 0,
            creditNote: false,
            flight: odd.flights[1],
            passes: [{ passenger: odd.contactName, seat: '1<A', sequenceNumber: 3 }],
            ...odd.flights[1],
            contactName: odd.contactName,
            recordLocator: odd.recordLocator,
            manageUrl: odd.manageUrl,
            name: odd.contactName,
            email: 'a&b@example.test',
            loginUrl: odd.manageUrl,
            link: odd.checkIn.url,
            minutes: 60,
            byStaff: true,
            passenger: odd.contactName,
            seat: '1<A',
          } as never;
          const { document } = emailDocument(template, language, data);
          expect(emailMarkup(document), `${template} ${language}`).toBe(renderToStaticMarkup(document));
        }
      }
    }
  });

  it('leaves to React what its frames cannot hold', () => {
    const trials = [
      // A javascript: address React blocks, an empty one it drops, an address in a button's text.
      h(Link, { href: ['javascript', 'alert(1)'].join(':') }, 'x'),
      h(Link, { href: '' }, 'x'),
      h(Button, { href: 'https://a.example/?q="1"&r=<2>' }, 'https://a.example/?q="1"'),
      // The preview's padding depends on its text; components the frames do not know.
      h(Preview, null, 'Your booking & more'),
      h(Section, null, h(Row, null, h(Column, { align: 'left' }, 'cell & <b>'))),
      // A prop that is neither a style nor a plain value.
      h(Text, { style: { color: 'red' }, onClick: () => undefined }, 'clicked'),
      h(Text, null, 'a', 7, null, false, 'b', ['c', h('b', { key: 1 }, '<d>')]),
      // A document whose head has content of its own, and one with parts around its body.
      h(
        Html,
        { lang: 'fr' },
        h(Head, null, h('title', null, 'Flybook & co')),
        h(Body, null, h(Text, null, 'x')),
      ),
      h(
        Html,
        null,
        h(Preview, null, 'first'),
        h(Head),
        h(Body, { style: { margin: 0 } }, 'y'),
        h(Text, null, 'after'),
      ),
    ];
    for (const element of trials) expect(emailMarkup(element)).toBe(renderToStaticMarkup(element));
  });

  it('writes components whose props change every time as React does, past the frames it keeps', () => {
    for (let i = 0; i < 200; i += 1) {
      const element = h(Text, { style: { margin: `${i}px` }, id: `p${i}` }, `${i}`);
      expect(emailMarkup(element)).toBe(renderToStaticMarkup(element));
    }
  });
});
