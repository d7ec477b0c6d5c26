import { describe, expect, it } from 'vitest';
import {
  BCBP_INFANT_SEAT,
  type BoardingPassData,
  bcbpName,
  dayOfYear,
  decodeBcbp,
  encodeBcbp,
} from './bcbp.ts';

/**
 * Published examples: the one-leg pass of the BCBP Implementation Guide (mandatory items only) and
 * the one-leg passes of Resolution 792 Attachment B (mandatory items and a conditional section).
 */
const GUIDE_EXAMPLE = 'M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 226F001A0025 100';
const ATTACHMENT_B_EXAMPLE_1 = 'M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 326J001A0025 100';
const ATTACHMENT_B_SECURITY =
  '^164GIWVC5EH7JNT684FVNJ91W2QA4DVN5J8K4F0L0GEQ3DF5TGBN8709HKT5D3DW3GBHFCVHMY7J5T6HFR41W2QA4DVN5J8K4F0L0GE';
const KL_HOME_PRINTED = 'M1TEST/PETER          E24Z5RN AMSBRUKL 1733 019M008A0001 316>503  W0D0742497067621';
const UA_KIOSK =
  'M1ASKREN/TEST         EA272SL ORDNRTUA 0881 007F002K0303 15C>3180 K6007BUA              2901624760758980 UA UA EY975897            *30600    09  UAG    ';

const desmarais: BoardingPassData = {
  passengerName: 'DESMARAIS/LUC',
  eTicket: true,
  recordLocator: 'ABC123',
  from: 'YUL',
  to: 'FRA',
  carrier: 'AC',
  flightNumber: '834',
  dayOfYear: 226,
  compartment: 'F',
  seat: '1A',
  sequenceNumber: 25,
  passengerStatus: '1',
};

const ours: BoardingPassData = {
  passengerName: bcbpName('Müller', 'Anna'),
  eTicket: true,
  recordLocator: 'K7QX2M',
  from: 'ZRH',
  to: 'PRN',
  carrier: 'FB',
  flightNumber: '1402',
  dayOfYear: dayOfYear('2026-07-13'),
  compartment: 'Y',
  seat: '12A',
  sequenceNumber: 7,
  passengerStatus: '1',
};

describe('BCBP encoding', () => {
  it('writes the Implementation Guide example character for character', () => {
    const text = encodeBcbp(desmarais);
    expect(text).toBe(GUIDE_EXAMPLE);
    expect(text).toHaveLength(60);
  });

  it('puts every item at its position and width', () => {
    const text = encodeBcbp(ours);
    expect(text).toHaveLength(60);
    // format code, legs, name (20), e-ticket, PNR (7), from, to, carrier (3), flight (5), day (3),
    // compartment, seat (4), sequence (5), status, conditional size (2)
    expect([
      text.slice(0, 1),
      text.slice(1, 2),
      text.slice(2, 22),
      text.slice(22, 23),
      text.slice(23, 30),
      text.slice(30, 33),
      text.slice(33, 36),
      text.slice(36, 39),
      text.slice(39, 44),
      text.slice(44, 47),
      text.slice(47, 48),
      text.slice(48, 52),
      text.slice(52, 57),
      text.slice(57, 58),
      text.slice(58, 60),
    ]).toEqual([
      'M',
      '1',
      'MUELLER/ANNA        ',
      'E',
      'K7QX2M ',
      'ZRH',
      'PRN',
      'FB ',
      '1402 ',
      '194',
      'Y',
      '012A',
      '0007 ',
      '1',
      '00',
    ]);
  });

  it('pads the flight number to four digits and keeps a suffix letter', () => {
    expect(encodeBcbp({ ...ours, flightNumber: '7' }).slice(39, 44)).toBe('0007 ');
    expect(encodeBcbp({ ...ours, flightNumber: '123A' }).slice(39, 44)).toBe('0123A');
  });

  it('writes INF for an infant on a lap and a blank seat for no seat', () => {
    expect(encodeBcbp({ ...ours, seat: BCBP_INFANT_SEAT }).slice(48, 52)).toBe('INF ');
    expect(encodeBcbp({ ...ours, seat: '' }).slice(48, 52)).toBe('    ');
    expect(encodeBcbp({ ...ours, seat: '3C' }).slice(48, 52)).toBe('003C');
    expect(encodeBcbp({ ...ours, seat: '123F' }).slice(48, 52)).toBe('123F');
  });

  it('writes a space for a paper ticket and a 3-letter carrier as it is', () => {
    const text = encodeBcbp({ ...ours, eTicket: false, carrier: 'FBX' });
    expect(text[22]).toBe(' ');
    expect(text.slice(36, 39)).toBe('FBX');
  });

  it('cuts a name longer than 20 characters', () => {
    const text = encodeBcbp({ ...ours, passengerName: 'WOLFESCHLEGELSTEINHAUSEN/HUBERT' });
    expect(text.slice(2, 22)).toBe('WOLFESCHLEGELSTEINHA');
    expect(text).toHaveLength(60);
  });

  it('refuses values that do not fit their field', () => {
    expect(() => encodeBcbp({ ...ours, from: 'ZURICH' })).toThrow(RangeError);
    expect(() => encodeBcbp({ ...ours, to: 'pr' })).toThrow(RangeError);
    expect(() => encodeBcbp({ ...ours, flightNumber: '12345' })).toThrow(/flight number/);
    expect(() => encodeBcbp({ ...ours, seat: '12' })).toThrow(/seat/);
    expect(() => encodeBcbp({ ...ours, sequenceNumber: 10_000 })).toThrow(/sequence number/);
    expect(() => encodeBcbp({ ...ours, dayOfYear: 0 })).toThrow(/day of year/);
    expect(() => encodeBcbp({ ...ours, recordLocator: 'K7QX2M12' })).toThrow(/record locator/);
    expect(() => encodeBcbp({ ...ours, passengerName: 'MÜLLER/ANNA' })).toThrow(/passenger name/);
  });
});

describe('BCBP decoding', () => {
  it('reads every item of the Implementation Guide example and writes it back the same', () => {
    const pass = decodeBcbp(GUIDE_EXAMPLE);
    expect(pass).toEqual(desmarais);
    expect(encodeBcbp(pass as BoardingPassData)).toBe(GUIDE_EXAMPLE);
  });

  it('reads the mandatory items of Resolution 792 Attachment B example 1', () => {
    const pass = decodeBcbp(ATTACHMENT_B_EXAMPLE_1);
    expect(pass).toEqual({ ...desmarais, dayOfYear: 326, compartment: 'J' });
    expect(encodeBcbp(pass as BoardingPassData)).toBe(ATTACHMENT_B_EXAMPLE_1);
  });

  it('skips the conditional section of the published KL and UA passes', () => {
    expect(decodeBcbp(KL_HOME_PRINTED)).toEqual({
      passengerName: 'TEST/PETER',
      eTicket: true,
      recordLocator: '24Z5RN',
      from: 'AMS',
      to: 'BRU',
      carrier: 'KL',
      flightNumber: '1733',
      dayOfYear: 19,
      compartment: 'M',
      seat: '8A',
      sequenceNumber: 1,
      passengerStatus: '3',
    });
    expect(decodeBcbp(UA_KIOSK)).toEqual({
      passengerName: 'ASKREN/TEST',
      eTicket: true,
      recordLocator: 'A272SL',
      from: 'ORD',
      to: 'NRT',
      carrier: 'UA',
      flightNumber: '881',
      dayOfYear: 7,
      compartment: 'F',
      seat: '2K',
      sequenceNumber: 303,
      passengerStatus: '1',
    });
    // Written back without the conditional section, the mandatory items are the same.
    const pass = decodeBcbp(KL_HOME_PRINTED) as BoardingPassData;
    expect(encodeBcbp(pass)).toBe(`${KL_HOME_PRINTED.slice(0, 58)}00`);
  });

  it('reads what it wrote: names, suffixes, infants, no seat, paper tickets', () => {
    const passes: BoardingPassData[] = [
      ours,
      { ...ours, flightNumber: '123A', seat: BCBP_INFANT_SEAT, sequenceNumber: 9999 },
      { ...ours, seat: '', eTicket: false, carrier: 'FBX', dayOfYear: 366, passengerStatus: '0' },
      { ...ours, passengerName: bcbpName('Çeku', 'Ëmira'), recordLocator: 'AB3K7Q', sequenceNumber: 0 },
    ];
    for (const pass of passes) expect(decodeBcbp(encodeBcbp(pass))).toEqual(pass);
  });

  it('ignores the line end a handheld scanner types after the text', () => {
    expect(decodeBcbp(`${GUIDE_EXAMPLE}\r\n`)).toEqual(desmarais);
    expect(decodeBcbp(`${GUIDE_EXAMPLE}\n`)).toEqual(desmarais);
    expect(decodeBcbp(`${KL_HOME_PRINTED}\r`)).toMatchObject({ recordLocator: '24Z5RN' });
  });

  it('refuses another format code', () => {
    expect(decodeBcbp(`S${GUIDE_EXAMPLE.slice(1)}`)).toMatchObject({ error: 'format' });
    expect(decodeBcbp(`X${GUIDE_EXAMPLE.slice(1)}`)).toMatchObject({
      error: 'format',
      message: expect.stringContaining('"X"'),
    });
  });

  it('refuses a pass of two legs', () => {
    expect(decodeBcbp(`M2${GUIDE_EXAMPLE.slice(2)}`)).toMatchObject({ error: 'legs' });
    expect(decodeBcbp(`MA${GUIDE_EXAMPLE.slice(2)}`)).toMatchObject({ error: 'legs' });
  });

  it('refuses a text that is too short, or longer than its conditional section says', () => {
    expect(decodeBcbp(GUIDE_EXAMPLE.slice(0, 59))).toMatchObject({
      error: 'length',
      message: expect.stringContaining('59'),
    });
    expect(decodeBcbp('')).toMatchObject({ error: 'length' });
    expect(decodeBcbp(KL_HOME_PRINTED.slice(0, -1))).toMatchObject({ error: 'length' });
    expect(decodeBcbp(`${GUIDE_EXAMPLE}X`)).toMatchObject({ error: 'length' });
    // Security data is not read.
    expect(decodeBcbp(`${ATTACHMENT_B_EXAMPLE_1}${ATTACHMENT_B_SECURITY}`)).toMatchObject({
      error: 'length',
    });
  });

  it('refuses items that are not what their field holds (a shifted field shows here)', () => {
    const shifted = `M1DESMARAIS/LUC        EABC123 YULFRAAC 0834 226F001A0025 10`;
    expect(decodeBcbp(shifted)).toMatchObject({ error: 'format' });
    const replace = (at: number, text: string) =>
      GUIDE_EXAMPLE.slice(0, at) + text + GUIDE_EXAMPLE.slice(at + text.length);
    expect(decodeBcbp(replace(30, 'yul'))).toMatchObject({
      error: 'format',
      message: expect.stringContaining('From'),
    });
    expect(decodeBcbp(replace(39, '834  '))).toMatchObject({
      error: 'format',
      message: expect.stringContaining('Flight'),
    });
    expect(decodeBcbp(replace(44, '000'))).toMatchObject({
      error: 'format',
      message: expect.stringContaining('Date'),
    });
    expect(decodeBcbp(replace(44, '367'))).toMatchObject({ error: 'format' });
    expect(decodeBcbp(replace(52, '25   '))).toMatchObject({
      error: 'format',
      message: expect.stringContaining('sequence'),
    });
    expect(decodeBcbp(replace(58, 'ZZ'))).toMatchObject({ error: 'format' });
  });
});

describe('the name on a boarding pass', () => {
  it('is SURNAME/GIVEN in capitals', () => {
    expect(bcbpName('Desmarais', 'Luc')).toBe('DESMARAIS/LUC');
    expect(bcbpName(' gashi ', 'arbën ')).toBe('GASHI/ARBEN');
  });

  it('transliterates after ICAO Doc 9303: umlauts with e, ß as SS, other accents dropped', () => {
    expect(bcbpName('Müller', 'Anna')).toBe('MUELLER/ANNA');
    expect(bcbpName('Großmann', 'Jürgen')).toBe('GROSSMANN/JUERGEN');
    expect(bcbpName('Bär', 'Jörg')).toBe('BAER/JOERG');
    expect(bcbpName('Çeku', 'Ëmira')).toBe('CEKU/EMIRA');
    expect(bcbpName('Lefèvre', 'Hélène')).toBe('LEFEVRE/HELENE');
    expect(bcbpName('Sørensen', 'Åse')).toBe('SOERENSEN/AASE');
    expect(bcbpName('Nuñez', 'Ñandú')).toBe('NUNEZ/NANDU');
    expect(bcbpName('MÜLLER', 'ÄNNE')).toBe('MUELLER/AENNE');
  });

  it('writes hyphens as spaces and drops apostrophes', () => {
    expect(bcbpName('Müller-Çelik', 'Anna-Lena')).toBe('MUELLER CELIK/ANNA L');
    expect(bcbpName("O'Brien", 'Seán')).toBe('OBRIEN/SEAN');
  });

  it('writes Cyrillic in Latin letters by ICAO Doc 9303', () => {
    expect(bcbpName('Иванов', 'Иван')).toBe('IVANOV/IVAN');
    expect(bcbpName('Щукин', 'Юлия')).toBe('SHCHUKIN/IULIIA');
    expect(bcbpName('Јовановић', 'Љубица')).toBe('JOVANOVIC/LJUBITSA');
  });

  it('is cut to 20 characters, keeping the surname first', () => {
    expect(bcbpName('Krasniqi', 'Arbënore Valentina')).toBe('KRASNIQI/ARBENORE VA');
    // A surname too long keeps room for the given name's initial.
    expect(bcbpName('Wolfeschlegelsteinhausen', 'Hubert')).toBe('WOLFESCHLEGELSTEIN/H');
    // No trailing space where the cut falls on one.
    expect(bcbpName('Abcdefghijklmn', 'Anna Maria')).toBe('ABCDEFGHIJKLMN/ANNA');
    for (const name of [bcbpName('Müller-Lüdenscheidt', 'Hans-Jürgen Maximilian')]) {
      expect(name.length).toBeLessThanOrEqual(20);
      expect(name).toMatch(/^[A-Z /]+$/);
    }
  });
});

describe('the day of the year', () => {
  it('counts 1 January as 1, and the leap day', () => {
    expect(dayOfYear('2026-01-01')).toBe(1);
    expect(dayOfYear('2026-08-14')).toBe(226);
    expect(dayOfYear('2026-12-31')).toBe(365);
    expect(dayOfYear('2028-02-29')).toBe(60);
    expect(dayOfYear('2028-03-01')).toBe(61);
    expect(dayOfYear('2028-12-31')).toBe(366);
  });

  it('refuses what is not a date', () => {
    expect(() => dayOfYear('2026-02-30')).toThrow(RangeError);
    expect(() => dayOfYear('13.07.2026')).toThrow(RangeError);
    expect(() => dayOfYear('2026-07-13T07:30')).toThrow(RangeError);
  });
});
