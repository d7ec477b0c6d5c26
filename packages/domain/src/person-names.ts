/**
 * A person's name in the form names are compared in (manage my booking: the last name a traveller
 * types against the booker's and the passengers'): compatibility-decomposed, combining marks
 * (accents, cedillas, diaereses) dropped, lower case, hyphens, dashes and apostrophes read as
 * spaces (people type "Müller Çelik" for "Müller-Çelik", "O Brien" for "O'Brien"), inner runs of
 * spaces as one, trimmed. "  Müller-Çelik ", "muller celik" and "muller-celik" compare equal;
 * "Gashi" and "Gashí" too.
 */
export function normalizePersonName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/[\p{Pd}'’ʼ`]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether two names are the same once normalized; an empty name matches nothing. */
export function samePersonName(a: string, b: string): boolean {
  const left = normalizePersonName(a);
  return left !== '' && left === normalizePersonName(b);
}
