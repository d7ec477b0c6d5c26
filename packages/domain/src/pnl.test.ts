import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildAdl,
  buildPnl,
  PNL_LINE_LENGTH,
  type PnlFlight,
  type PnlPassenger,
  pnlClassOf,
  pnlClassOrder,
  pnlDate,
  pnlListAddresses,
  pnlName,
  pnlTimestamp,
} from './pnl.ts';

/**
 * Golden files: the expected messages, character for character, in pnl.golden/. After a deliberate
 * change of the format, `UPDATE_GOLDEN=1 npx vitest run packages/domain/src/pnl.test.ts` rewrites
 * them; read the diff before committing it. A missing file fails the test.
 */
function golden(name: string, actual: string) {
  const file = new URL(`./pnl.golden/${name}.txt`, import.meta.url);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, `${actual}\n`);
  expect(existsSync(file), `golden file ${name}.txt`).toBe(true);
  expect(actual).toBe(readFileSync(file, 'utf8').replace(/\n$/, ''));
}

const flight: PnlFlight = {
  flightNumber: 'FB1234',
  departureDate: '2026-12-05',
  boardPoint: 'ZRH',
  destinations: ['PRN'],
  classes: ['C', 'W', 'Y'],
};

let nextId = 1;
const pax = (
  bookingReference: string,
  lastName: string,
  firstName: string,
  more: Partial<PnlPassenger> = {},
): PnlPassenger => ({
  id: nextId++,
  lastName,
  firstName,
  gender: 'male',
  ageType: 'adult',
  birthday: null,
  destination: 'PRN',
  classCode: 'Y',
  bookingReference,
  seatLabel: null,
  ...more,
});

// Six bookings: a family with a child and an infant, a business traveller, a German name with an
// infant, a name too long for one line with an infant whose remark must wrap, a single passenger
// with a seat and one of unknown gender.
const passengers: PnlPassenger[] = [
  pax('BRK7QA', 'Berisha', 'Arben', { seatLabel: '14A' }),
  pax('BRK7QA', 'Berisha', 'Vjosa', { gender: 'female', seatLabel: '14B' }),
  pax('BRK7QA', 'Berisha', 'Drita', { gender: 'female', ageType: 'child', birthday: '2018-05-05' }),
  pax('BRK7QA', 'Berisha', 'Luan', { ageType: 'infant', birthday: '2025-03-01' }),
  pax('HXM2PC', 'Hoxha', 'Mira', { gender: 'female', classCode: 'C', seatLabel: '2A' }),
  pax('MLR3HE', 'Müller', 'Hans-Peter', { seatLabel: '12C' }),
  pax('MLR3HE', 'Müller', 'Lea', { gender: 'female', ageType: 'infant', birthday: '2026-01-20' }),
  pax('PPD5KN', 'Papadopoulos-Konstantinopoulou-Hadjiyiannakopoulos', 'Maximiliano Alessandro'),
  pax('PPD5KN', 'Papadopoulos-Konstantinopoulou', 'Eleni', { gender: 'female' }),
  pax('PPD5KN', 'Papadopoulos-Konstantinopoulou-Hadjiyiannakopoulos', 'Anastasia-Theodora', {
    gender: 'female',
    ageType: 'infant',
    birthday: '2025-11-30',
  }),
  pax('KRQ6ET', 'Krasniqi', 'Ëndrit', { seatLabel: '15F' }),
  pax('GSH8DW', 'Gashi', 'Dren', { gender: null }),
];

const options = { addresses: ['ZRHKKFB', 'PRNKKFB'], origin: 'ZRHRMFB', timestamp: '031405' };

const linesOf = (text: string) => text.split('\n');
const partsOf = (message: { parts: string[] }) => message.parts.map(linesOf);

/** The totals lines of a part and the name elements (leading digits) under each. */
function totalsAndNames(lines: string[]) {
  const sections: { totals: string; count: number; names: number }[] = [];
  for (const line of lines) {
    const totals = /^-([A-Z]{3})(\d{3})([A-Z])$/.exec(line);
    if (totals) sections.push({ totals: line, count: Number(totals[2]), names: 0 });
    const name = /^(\d+)[A-Z]+\//.exec(line);
    if (name && sections.length > 0) sections.at(-1)!.names += Number(name[1]);
  }
  return sections;
}

describe('PNL of a flight', () => {
  const pnl = buildPnl(flight, passengers, options);

  it('matches the golden file', () => golden('pnl', pnl.text));

  it('keeps every line within 64 characters', () => {
    for (const line of linesOf(pnl.text)) expect(line.length, line).toBeLessThanOrEqual(PNL_LINE_LENGTH);
  });

  it('prints a total for every destination and class, even when zero, equal to the names under it', () => {
    const sections = totalsAndNames(linesOf(pnl.text));
    expect(sections.map((section) => section.totals)).toEqual(['-PRN001C', '-PRN000W', '-PRN008Y']);
    for (const section of sections) expect(section.names, section.totals).toBe(section.count);
  });

  it('prints the booking reference once per booking, on its first name', () => {
    const locators = linesOf(pnl.text).filter((line) => line.startsWith('.L/'));
    expect(locators).toEqual(['.L/HXM2PC', '.L/BRK7QA', '.L/GSH8DW', '.L/KRQ6ET', '.L/MLR3HE', '.L/PPD5KN']);
  });

  it('marks the names of a booking of several with one group code and its size', () => {
    const lines = linesOf(pnl.text);
    expect(lines.filter((line) => line.endsWith('-A3'))).toEqual([
      '1BERISHA/ARBENMR-A3',
      '1BERISHA/DRITAMISS-A3',
      '1BERISHA/VJOSAMRS-A3',
    ]);
    expect(lines.filter((line) => /-B2$/.test(line))).toHaveLength(2);
    expect(lines).toContain('1HOXHA/MIRAMRS');
  });

  it('carries children and infants as remarks; an infant takes no name and no seat', () => {
    const text = pnl.text;
    expect(text).toContain('1BERISHA/DRITAMISS-A3\n.R/CHLD HK1 05MAY18');
    expect(text).toContain('1BERISHA/ARBENMR-A3\n.L/BRK7QA\n.R/INFT HK1 01MAR25 BERISHA/LUANMSTR');
    expect(text).toContain('1MUELLER/HANSPETERMR\n.L/MLR3HE\n.R/INFT HK1 20JAN26 MUELLER/LEAMISS');
    expect(text).not.toMatch(/^1BERISHA\/LUAN/m);
    expect(pnl.total).toBe(passengers.length);
  });

  it('cuts a name too long for its line and wraps a long remark with .RN/', () => {
    const lines = linesOf(pnl.text);
    const long = lines.find((line) => line.startsWith('1PAPADOPOULOSKONSTANTINOPOULOUHADJIYIANNAKOPOULOS/'))!;
    expect(long).toHaveLength(PNL_LINE_LENGTH);
    expect(long).toMatch(/\/MAXIMIL[A-Z]*MR-B2$/);
    const infant = lines.findIndex((line) => line.startsWith('.R/INFT HK1 30NOV25 PAPADOPOULOS'));
    expect(lines[infant]).toHaveLength(PNL_LINE_LENGTH);
    expect(lines[infant + 1]).toMatch(/^\.RN\/[A-Z/]+MISS$/);
    expect((lines[infant]! + lines[infant + 1]!.slice(4)).endsWith('/ANASTASIATHEODORAMISS')).toBe(true);
  });

  it('writes the seats as seat requests and the heading as Type-B', () => {
    expect(linesOf(pnl.text).slice(0, 4)).toEqual([
      'QU ZRHKKFB PRNKKFB',
      '.ZRHRMFB 031405',
      'PNL',
      'FB1234/05DEC ZRH PART1',
    ]);
    expect(pnl.text).toContain('1KRASNIQI/ENDRITMR\n.L/KRQ6ET\n.R/RQST HK1 15F');
    expect(pnl.text.endsWith('\nENDPNL')).toBe(true);
    expect(pnl.parts).toHaveLength(1);
  });

  it('splits into parts that each repeat the heading, and only the last ends the PNL', () => {
    const split = buildPnl(flight, passengers, { ...options, maxLinesPerPart: 9 });
    golden('pnl-parts', split.text);
    const parts = partsOf(split);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    parts.forEach((lines, index) => {
      expect(lines.slice(0, 4)).toEqual([
        'QU ZRHKKFB PRNKKFB',
        '.ZRHRMFB 031405',
        'PNL',
        `FB1234/05DEC ZRH PART${index + 1}`,
      ]);
      const last = index === parts.length - 1;
      expect(lines.at(-1)).toBe(last ? 'ENDPNL' : `ENDPART${index + 1}`);
      expect(lines.filter((line) => line === 'ENDPNL')).toHaveLength(last ? 1 : 0);
      // A part opens with a section's totals line, so it reads alone.
      expect(lines[4]).toMatch(/^-PRN\d{3}[CWY]$/);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(PNL_LINE_LENGTH);
    });
    // The same passengers and bookings as the one-part message, each booking in one part.
    const names = (lines: string[]) => lines.filter((line) => /^\d[A-Z]/.test(line));
    expect(parts.flatMap(names)).toEqual(names(linesOf(pnl.text)));
    for (const lines of parts) {
      for (const section of totalsAndNames(lines)) expect(section.names).toBeLessThanOrEqual(section.count);
    }
    const locators = parts.flatMap((lines) => lines.filter((line) => line.startsWith('.L/')));
    expect(new Set(locators).size).toBe(locators.length);
    expect(locators).toHaveLength(6);
  });

  it('lists an empty flight with its zero totals', () => {
    expect(buildPnl(flight, [], options).text).toBe(
      [
        'QU ZRHKKFB PRNKKFB',
        '.ZRHRMFB 031405',
        'PNL',
        'FB1234/05DEC ZRH PART1',
        '-PRN000C',
        '-PRN000W',
        '-PRN000Y',
        'ENDPNL',
      ].join('\n'),
    );
  });

  it('addresses the board point by default and puts at most eight addresses on a line', () => {
    const plain = buildPnl(flight, [], {});
    expect(linesOf(plain.text).slice(0, 2)).toEqual(['QU ZRHKKFB', '.ZRHRMFB']);
    const many = buildPnl(flight, [], { addresses: Array.from({ length: 10 }, (_, i) => `ZRHKK${i}X`) });
    expect(linesOf(many.text)[0]!.split(' ')).toHaveLength(9);
    expect(linesOf(many.text)[1]).toBe('QU ZRHKK8X ZRHKK9X');
  });
});

describe('ADL against the last list sent', () => {
  const before = passengers;
  const byName = (first: string) => before.find((p) => p.firstName === first)!;
  const after: PnlPassenger[] = [
    // Arben moves from 14A to 14C: a change of remarks (CHG).
    ...before
      .filter((p) => !['Dren', 'Mira', 'Ëndrit', 'Eleni'].includes(p.firstName))
      .map((p) => (p.firstName === 'Arben' ? { ...p, seatLabel: '14C' } : p)),
    // Mira moves from business to economy: a DEL there, an ADD here.
    { ...byName('Mira'), classCode: 'Y' },
    // Endrit's first name was misspelt: the DCS sees another person (DEL + ADD).
    { ...byName('Ëndrit'), firstName: 'Endrit Agim' },
    // Eleni now travels with an infant (CHG of her element).
    byName('Eleni'),
    pax('PPD5KN', 'Papadopoulos', 'Sofia', {
      gender: 'female',
      ageType: 'infant',
      birthday: '2026-06-01',
    }),
    // A new booking of two.
    pax('RXH9LB', 'Rexhepi', 'Blerta', { gender: 'female', seatLabel: '20A' }),
    pax('RXH9LB', 'Rexhepi', 'Liridon', { seatLabel: '20B' }),
    // Dren (GSH8DW) cancelled: a DEL.
  ];
  // As sent after the PNL of `before`: the bookings keep the group codes that PNL gave them.
  const sent = buildPnl(flight, before, options);
  const adl = buildAdl(flight, before, after, { ...options, groupCodes: sent.groupCodes });

  it('matches the golden file', () => golden('adl', adl.text));

  it('adds, changes and deletes by name element, with new totals', () => {
    const lines = linesOf(adl.text);
    expect(lines.slice(2, 4)).toEqual(['ADL', 'FB1234/05DEC ZRH PART1']);
    expect(lines.at(-1)).toBe('ENDADL');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(PNL_LINE_LENGTH);
    expect(adl).toMatchObject({ added: 4, changed: 2, deleted: 3 });
    const section = (totals: string) => lines.slice(lines.indexOf(totals));
    expect(section('-PRN000C')).toEqual(expect.arrayContaining(['DEL', '1HOXHA/MIRAMRS']));
    const economy = section('-PRN010Y');
    expect(economy.indexOf('ADD')).toBeLessThan(economy.indexOf('CHG'));
    expect(economy.indexOf('CHG')).toBeLessThan(economy.indexOf('DEL'));
    expect(economy).toEqual(
      expect.arrayContaining([
        '1HOXHA/MIRAMRS',
        '1KRASNIQI/ENDRITAGIMMR',
        '1REXHEPI/BLERTAMRS-C2',
        '1REXHEPI/LIRIDONMR-C2',
        '.R/RQST HK1 14C',
        '.R/INFT HK1 01JUN26 PAPADOPOULOS/SOFIAMISS',
        '1KRASNIQI/ENDRITMR',
        '1GASHI/DREN',
      ]),
    );
    const deletions = economy.slice(economy.indexOf('DEL'));
    expect(deletions).toContain('1GASHI/DREN');
    expect(deletions).toContain('1KRASNIQI/ENDRITMR');
  });

  it('says NIL when nothing changed', () => {
    const nil = buildAdl(flight, before, [...before].reverse(), options);
    expect(nil.text).toBe(
      ['QU ZRHKKFB PRNKKFB', '.ZRHRMFB 031405', 'ADL', 'FB1234/05DEC ZRH PART1', 'NIL', 'ENDADL'].join('\n'),
    );
    expect(nil).toMatchObject({ added: 0, changed: 0, deleted: 0, total: 0 });
  });

  it('repeats the totals and the action line at the top of a continuation part', () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      pax(`NEWP${'ABCDEFGHJKLM'[i]}2`, 'New', `Person${'ABCDEFGHIJKL'[i]}`),
    );
    const split = buildAdl(flight, [], many, { ...options, maxLinesPerPart: 10 });
    const parts = partsOf(split);
    expect(parts.length).toBeGreaterThan(1);
    parts.forEach((lines, index) => {
      expect(lines.slice(4, 6)).toEqual(['-PRN012Y', 'ADD']);
      expect(lines.at(-1)).toBe(index === parts.length - 1 ? 'ENDADL' : `ENDPART${index + 1}`);
    });
  });
});

describe("a flight's messages one after the other: PNL, changes, ADL, changes, ADL", () => {
  // Each message starts from the group codes the ones before it gave, as the API keeps them.
  const first = [
    pax('AAA222', 'Aliu', 'Besa', { gender: 'female' }),
    pax('AAA222', 'Aliu', 'Dardan'),
    pax('BBB333', 'Bajrami', 'Ema', { gender: 'female' }),
    pax('BBB333', 'Bajrami', 'Fisnik'),
    pax('CCC444', 'Citaku', 'Gent'),
  ];
  const pnl = buildPnl(flight, first, options);
  // Aliu cancels (a booking with code A leaves), a new booking of two arrives, Bajrami adds a third.
  const second = [
    ...first.filter((p) => p.bookingReference !== 'AAA222'),
    pax('BBB333', 'Bajrami', 'Hana', { gender: 'female', ageType: 'child', birthday: '2019-02-03' }),
    pax('DDD555', 'Dervishi', 'Ilir'),
    pax('DDD555', 'Dervishi', 'Jeta', { gender: 'female' }),
  ];
  const adl1 = buildAdl(flight, first, second, { ...options, groupCodes: pnl.groupCodes });
  // Citaku's booking grows to two; another new booking of two arrives; Dervishi's seats change.
  const third = [
    ...second.map((p) => (p.bookingReference === 'DDD555' ? { ...p, seatLabel: `3${p.firstName[0]}` } : p)),
    pax('CCC444', 'Citaku', 'Kaltrina', { gender: 'female' }),
    pax('EEE666', 'Elezi', 'Luan'),
    pax('EEE666', 'Elezi', 'Mimoza', { gender: 'female' }),
  ];
  const adl2 = buildAdl(flight, second, third, { ...options, groupCodes: adl1.groupCodes });

  it('matches the golden files', () => {
    golden('sequence', [pnl.text, adl1.text, adl2.text].join('\n\n'));
  });

  it("keeps a booking's group code in every later message and never gives a code twice", () => {
    const codesIn = (text: string) =>
      linesOf(text)
        .map((line) => /^1([A-Z]+)\/.*-([A-Z]+)\d+$/.exec(line))
        .filter((match) => match !== null)
        .map((match) => `${match[1]}-${match[2]}`);
    expect(new Set(codesIn(pnl.text))).toEqual(new Set(['ALIU-A', 'BAJRAMI-B']));
    // Aliu's A is not handed to the new Dervishi booking; Bajrami stays B.
    expect(new Set(codesIn(adl1.text))).toEqual(new Set(['ALIU-A', 'BAJRAMI-B', 'DERVISHI-C']));
    // Citaku's booking of one grows to two: both names get D, the one sent before as a CHG.
    expect(new Set(codesIn(adl2.text))).toEqual(new Set(['CITAKU-D', 'DERVISHI-C', 'ELEZI-E']));
    expect(adl2.text).toContain('CHG\n1CITAKU/GENTMR-D2\n.L/CCC444');
    expect(Object.fromEntries(adl2.groupCodes)).toEqual({
      AAA222: 'A',
      BBB333: 'B',
      DDD555: 'C',
      CCC444: 'D',
      EEE666: 'E',
    });
  });

  it('a PNL sent again keeps the codes, as the DCS reloads the same bookings', () => {
    const again = buildPnl(flight, third, { ...options, groupCodes: adl2.groupCodes });
    expect(linesOf(again.text).filter((line) => /-[A-Z]+\d$/.test(line))).toEqual([
      '1BAJRAMI/EMAMRS-B3',
      '1BAJRAMI/FISNIKMR-B3',
      '1BAJRAMI/HANAMISS-B3',
      '1CITAKU/GENTMR-D2',
      '1CITAKU/KALTRINAMRS-D2',
      '1DERVISHI/ILIRMR-C2',
      '1DERVISHI/JETAMRS-C2',
      '1ELEZI/LUANMR-E2',
      '1ELEZI/MIMOZAMRS-E2',
    ]);
  });
});

describe('the originator and addresses of each list', () => {
  const none = { originator: null, addresses: [] };

  it("gives the own list the company's originator, or the reservations office at the board point", () => {
    expect(pnlListAddresses(flight, none, null)).toEqual({ origin: 'ZRHRMFB', addresses: ['ZRHKKFB'] });
    const configured = { originator: 'ZRHRPFB', addresses: ['ZRHKKFB', 'ZRHDCXS'] };
    expect(pnlListAddresses(flight, configured, null)).toEqual({
      origin: 'ZRHRPFB',
      addresses: ['ZRHKKFB', 'ZRHDCXS'],
    });
  });

  it("gives each agent's list an originator of its own, so one list never replaces another", () => {
    const origins = [1, 2, 35, 36, 359].map((agentId) => pnlListAddresses(flight, none, agentId).origin);
    expect(origins).toEqual(['ZRH01FB', 'ZRH02FB', 'ZRH0ZFB', 'ZRH10FB', 'ZRH9ZFB']);
    for (const origin of origins) expect(origin).toMatch(/^[A-Z]{3}[0-9][0-9A-Z][A-Z0-9]{2}$/);
    const configured = { originator: 'GVARPFB', addresses: [] };
    expect(pnlListAddresses(flight, configured, 7).origin).toBe('GVA07FB');
    expect(
      new Set(Array.from({ length: 360 }, (_, id) => pnlListAddresses(flight, none, id).origin)).size,
    ).toBe(360);
  });
});

describe('Type-B text', () => {
  it('spells names in A to Z only', () => {
    expect(pnlName('Müller')).toBe('MUELLER');
    expect(pnlName('Çelik')).toBe('CELIK');
    expect(pnlName('Krasniqë')).toBe('KRASNIQE');
    expect(pnlName("van der Berg-O'Neil")).toBe('VANDERBERGONEIL');
    expect(pnlName('Straße')).toBe('STRASSE');
  });

  it('writes dates and times as Type-B does', () => {
    expect(pnlDate('2026-01-09')).toBe('09JAN');
    expect(pnlTimestamp(new Date('2026-12-03T14:05:59Z'))).toBe('031405');
  });

  it('gives each tariff its booking class, Light apart from Classic, and orders the classes', () => {
    expect(pnlClassOf('business')).toBe('C');
    expect(pnlClassOf('economy-plus')).toBe('W');
    expect(pnlClassOf('economy-classic')).toBe('Y');
    expect(pnlClassOf('economy-light')).toBe('L');
    expect(pnlClassOf('anything')).toBe('Y');
    expect(pnlClassOrder(['L', 'Y', 'C', 'Y', 'W', 'K'])).toEqual(['C', 'W', 'Y', 'L', 'K']);
  });
});
