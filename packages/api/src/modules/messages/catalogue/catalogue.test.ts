import { LOCALES } from '@flybook/locales';
import { render, toPlainText } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import {
  type BookingFacts,
  emailDocument,
  type FlightFacts,
  type MessageData,
  renderEmail,
  renderSms,
  TEMPLATES,
} from './index.ts';

const booking: BookingFacts = {
  recordLocator: 'KX7M2Q',
  contactName: 'Vjosa Berisha',
  flights: [{ number: 'FB101', route: 'ZRH – PRN', date: '2031-05-01', time: '07:05' }],
  passengers: ['Vjosa Berisha', 'Ilir Berisha'],
  total: 45_000,
  paid: 10_000,
  open: 35_000,
  pricesHidden: false,
  deadline: '2031-04-20',
  manageUrl: 'https://flybook.example/booking/manage?ref=KX7M2Q&key=secret-key',
  checkIn: { url: 'https://flybook.example/check-in?ref=KX7M2Q', opensHours: 24 },
};
const flight: FlightFacts = {
  contactName: 'Vjosa Berisha',
  recordLocator: 'KX7M2Q',
  manageUrl: booking.manageUrl,
  number: 'FB101',
  route: 'ZRH – PRN',
  date: '2031-05-01',
  time: '07:05',
  minutes: 45,
  passenger: 'Ilir Berisha',
  seat: '12C',
};

/** Sample data of every template: one with each optional part filled. */
const SAMPLES: { [K in keyof MessageData]: MessageData[K] } = {
  'booking-received': { booking },
  'booking-confirmed': { booking: { ...booking, paid: 45_000, open: 0 } },
  'payment-received': { booking, amount: 10_000 },
  'payment-reminder': { booking },
  'reservation-expired': { booking },
  'reservation-changed': { booking },
  'reservation-cancelled': { booking, fee: 5_000, refund: 5_000, creditNote: true },
  'boarding-passes': {
    booking: { ...booking, paid: 45_000, open: 0 },
    flight: { number: 'FB101', route: 'ZRH – PRN', date: '2031-05-01', time: '07:05' },
    passes: [
      { passenger: 'Vjosa Berisha', seat: '12C', sequenceNumber: 7 },
      { passenger: 'Ilir Berisha', seat: null, sequenceNumber: 8 },
    ],
  },
  flightDelayed: flight,
  flightRescheduled: flight,
  flightOnTime: flight,
  passengerSeat: flight,
  flightCancelled: flight,
  'account-created': {
    name: 'Vjosa Berisha',
    email: 'vjosa@example.test',
    loginUrl: 'https://flybook.example/login',
    byStaff: false,
  },
  'password-recovery': {
    name: 'Vjosa Berisha',
    link: 'https://flybook.example/updatePassword/tok_123',
    minutes: 60,
  },
};
/** The comments React's streaming renderer writes and its static markup does not. */
const STREAMING_MARKERS = /<!--(?:\$|\/\$|\$\?|\$!|html|head|body| )-->/;

const ABOUT_A_BOOKING: ReadonlySet<keyof MessageData> = new Set(
  (Object.keys(SAMPLES) as (keyof MessageData)[]).filter(
    (name) => name !== 'account-created' && name !== 'password-recovery',
  ),
);

describe('the message catalogue', () => {
  it('invites a paid booking to check in online, with the page and when it opens', async () => {
    const email = await renderEmail('booking-confirmed', 'de', SAMPLES['booking-confirmed']);
    expect(email.html).toContain('https://flybook.example/check-in?ref=KX7M2Q');
    expect(email.text).toContain('24 Stunden');
    const passes = await renderEmail('boarding-passes', 'en', SAMPLES['boarding-passes']);
    expect(passes.subject).toContain('FB101');
    expect(passes.text).toContain('Vjosa Berisha, seat 12C, sequence 007');
    expect(passes.text).toContain('Ilir Berisha, no seat, sequence 008');
  });

  it('writes text that looks like markup as it is, in the text part too', async () => {
    const odd = 'Ilir style="color:red" <b>Berisha</b>';
    const email = await renderEmail('booking-received', 'en', { booking: { ...booking, passengers: [odd] } });
    expect(email.text).toContain(odd);
    expect(email.text).toBe(toPlainText(email.html));
  });

  it('writes the text part from the elements as the converter reads it from the HTML', async () => {
    // Runs of white space (a line break typed into a name) are one space in text, a no-break space
    // stays; a link whose text is its address is written once, a button as its text and address.
    const spaced = {
      ...booking,
      contactName: 'Vjosa \n  Berisha\t',
      passengers: ['Ilir\u00a0 Berisha', ' '],
    };
    for (const language of LOCALES) {
      for (const [template, data] of [
        ['booking-received', { booking: spaced }],
        ['password-recovery', SAMPLES['password-recovery']],
      ] as const) {
        const email = await renderEmail(template, language, data as never);
        expect(email.text, `${template} ${language}`).toBe(toPlainText(email.html));
      }
    }
    const recovery = await renderEmail('password-recovery', 'en', SAMPLES['password-recovery']);
    expect(recovery.text.split('https://flybook.example/updatePassword/tok_123').length).toBe(3);
  });

  it('has a sample for every template', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(TEMPLATES).sort());
  });

  for (const template of Object.keys(SAMPLES) as (keyof MessageData)[]) {
    it(`renders ${template} in every language with subject, HTML and text, and no missing text`, async () => {
      const subjects = new Set<string>();
      for (const language of LOCALES) {
        const email = await renderEmail(template, language, SAMPLES[template] as never);
        for (const part of [email.subject, email.html, email.text]) {
          expect(part, `${template} ${language}`).not.toMatch(/\{\{|\bmessages\.\w/);
        }
        expect(email.html).toContain(`lang="${language}"`);
        expect(email.html).toMatch(/^<!DOCTYPE html/);
        expect(email.text.length).toBeGreaterThan(80);
        expect(email.text).not.toContain('<');
        // The converter compiled once writes what @react-email/render's own would.
        expect(email.text).toBe(toPlainText(email.html));
        // React's static markup is @react-email/render's HTML without the markers of its streaming
        // renderer (Suspense boundaries, hoisted html/head/body, text separators), Outlook's
        // conditional comments kept.
        const streamed = await render(emailDocument(template, language, SAMPLES[template] as never).document);
        expect(streamed).toMatch(STREAMING_MARKERS);
        expect(email.html, `${template} ${language}`).toBe(
          streamed.replace(new RegExp(STREAMING_MARKERS, 'g'), ''),
        );
        expect(email.html).not.toMatch(STREAMING_MARKERS);
        expect(toPlainText(streamed)).toBe(email.text);
        // The airline's identity, from the same place as on the PDFs.
        expect(email.text).toContain('Flybook AG');
        if (ABOUT_A_BOOKING.has(template)) {
          expect(email.subject).toContain('KX7M2Q');
          expect(email.text).toContain('KX7M2Q');
          expect(email.html).toContain(
            'https://flybook.example/booking/manage?ref=KX7M2Q&amp;key=secret-key',
          );
          const sms = renderSms(template, language, SAMPLES[template] as never);
          expect(sms, `${template} ${language} sms`).toMatch(/^Flybook/);
          expect(sms).not.toMatch(/\{\{|\bmessages\./);
        }
        subjects.add(email.subject);
      }
      // Four languages, four different subjects: none fell back to English.
      expect(subjects.size).toBe(4);
    });
  }

  it('writes the money and the deadline of a booking the way the documents do', async () => {
    const email = await renderEmail('booking-received', 'de', { booking });
    expect(email.subject).toBe('Flybook-Buchung KX7M2Q erhalten');
    // formatMoney puts a no-break space between code and amount.
    expect(email.text).toMatch(/Bitte bezahlen Sie CHF\s350\.00 bis 20\.04\.2031\./);
    expect(email.text).toContain('FB101 ZRH – PRN, 01.05.2031 um 07:05 Uhr Ortszeit');
    expect(email.text).toContain('IBAN CH93 0076 2011 6238 5295 7');
    expect(renderSms('booking-received', 'en', { booking })).toMatch(
      /^Flybook: booking KX7M2Q received\. Please pay CHF\s350\.00 by 20\.04\.2031\.$/,
    );
  });

  it('dates flight notices and writes amounts as the documents do in every language', async () => {
    const delayed = await renderEmail('flightDelayed', 'sq', flight);
    expect(delayed.subject).toContain('01.05.2031');
    expect(delayed.text).toContain('07:05');
    expect(delayed.text).not.toContain('2031-05-01');
    expect(renderSms('flightDelayed', 'de', flight)).toContain('01.05.2031');
    const received = await renderEmail('booking-received', 'sq', { booking });
    expect(received.text).toContain('CHF\u00a0350.00');
    const big = await renderEmail('booking-received', 'fr', { booking: { ...booking, open: 123_450 } });
    expect(big.text).toContain("CHF\u00a01'234.50");
  });

  it('names no amount and no way to pay when the price is hidden from the customer (an agent booking)', async () => {
    const hidden = { ...booking, pricesHidden: true };
    for (const language of LOCALES) {
      for (const template of ['booking-received', 'booking-confirmed', 'reservation-changed'] as const) {
        const email = await renderEmail(template, language, { booking: hidden });
        for (const part of [email.text, email.html]) {
          expect(part, `${template} ${language}`).not.toMatch(/CHF|350[.,]00|450[.,]00|IBAN/);
        }
        expect(email.text).toContain('KX7M2Q');
      }
      expect(renderSms('booking-received', language, { booking: hidden })).not.toMatch(/CHF|350/);
    }
    const email = await renderEmail('booking-received', 'en', { booking: hidden });
    expect(email.text).toContain('your travel agency will confirm the booking with you');
  });

  it('keeps the password recovery link in the plain-text part and has no SMS form for it', async () => {
    const email = await renderEmail('password-recovery', 'fr', SAMPLES['password-recovery']);
    expect(email.subject).toBe('Réinitialiser votre mot de passe Flybook');
    expect(email.text).toContain('https://flybook.example/updatePassword/tok_123');
    expect(renderSms('password-recovery', 'fr', SAMPLES['password-recovery'])).toBeNull();
  });

  it('tells a customer opened by staff how to choose a password', async () => {
    const email = await renderEmail('account-created', 'en', {
      ...SAMPLES['account-created'],
      byStaff: true,
    });
    expect(email.text).toContain('Forgot password?');
  });
});
