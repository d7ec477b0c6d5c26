import type { LocalizedText } from '../db/schema/users.ts';

const localized = (en: string, de: string, fr: string, sq: string): LocalizedText => ({ en, de, fr, sq });

/** Countries: the airline's markets first in this order (spec 03 §9), then the rest by name. */
export const COUNTRIES: { code: string; dialCode: string; name: LocalizedText }[] = [
  { code: 'CH', dialCode: '+41', name: localized('Switzerland', 'Schweiz', 'Suisse', 'Zvicër') },
  { code: 'KV', dialCode: '+383', name: localized('Kosovo', 'Kosovo', 'Kosovo', 'Kosovë') },
  { code: 'FR', dialCode: '+33', name: localized('France', 'Frankreich', 'France', 'Francë') },
  { code: 'DE', dialCode: '+49', name: localized('Germany', 'Deutschland', 'Allemagne', 'Gjermani') },
  { code: 'AT', dialCode: '+43', name: localized('Austria', 'Österreich', 'Autriche', 'Austri') },
  { code: 'IT', dialCode: '+39', name: localized('Italy', 'Italien', 'Italie', 'Itali') },
  {
    code: 'MK',
    dialCode: '+389',
    name: localized('North Macedonia', 'Nordmazedonien', 'Macédoine du Nord', 'Maqedoni e Veriut'),
  },
  { code: 'AL', dialCode: '+355', name: localized('Albania', 'Albanien', 'Albanie', 'Shqipëri') },
  { code: 'BE', dialCode: '+32', name: localized('Belgium', 'Belgien', 'Belgique', 'Belgjikë') },
  {
    code: 'BA',
    dialCode: '+387',
    name: localized(
      'Bosnia and Herzegovina',
      'Bosnien und Herzegowina',
      'Bosnie-Herzégovine',
      'Bosnjë dhe Hercegovinë',
    ),
  },
  { code: 'BG', dialCode: '+359', name: localized('Bulgaria', 'Bulgarien', 'Bulgarie', 'Bullgari') },
  { code: 'HR', dialCode: '+385', name: localized('Croatia', 'Kroatien', 'Croatie', 'Kroaci') },
  { code: 'CZ', dialCode: '+420', name: localized('Czechia', 'Tschechien', 'Tchéquie', 'Çeki') },
  { code: 'DK', dialCode: '+45', name: localized('Denmark', 'Dänemark', 'Danemark', 'Danimarkë') },
  { code: 'FI', dialCode: '+358', name: localized('Finland', 'Finnland', 'Finlande', 'Finlandë') },
  { code: 'GR', dialCode: '+30', name: localized('Greece', 'Griechenland', 'Grèce', 'Greqi') },
  { code: 'HU', dialCode: '+36', name: localized('Hungary', 'Ungarn', 'Hongrie', 'Hungari') },
  { code: 'IE', dialCode: '+353', name: localized('Ireland', 'Irland', 'Irlande', 'Irlandë') },
  {
    code: 'LI',
    dialCode: '+423',
    name: localized('Liechtenstein', 'Liechtenstein', 'Liechtenstein', 'Lihtenshtajn'),
  },
  { code: 'LU', dialCode: '+352', name: localized('Luxembourg', 'Luxemburg', 'Luxembourg', 'Luksemburg') },
  { code: 'ME', dialCode: '+382', name: localized('Montenegro', 'Montenegro', 'Monténégro', 'Mal i Zi') },
  { code: 'NL', dialCode: '+31', name: localized('Netherlands', 'Niederlande', 'Pays-Bas', 'Holandë') },
  { code: 'NO', dialCode: '+47', name: localized('Norway', 'Norwegen', 'Norvège', 'Norvegji') },
  { code: 'PL', dialCode: '+48', name: localized('Poland', 'Polen', 'Pologne', 'Poloni') },
  { code: 'PT', dialCode: '+351', name: localized('Portugal', 'Portugal', 'Portugal', 'Portugali') },
  { code: 'RO', dialCode: '+40', name: localized('Romania', 'Rumänien', 'Roumanie', 'Rumani') },
  { code: 'RS', dialCode: '+381', name: localized('Serbia', 'Serbien', 'Serbie', 'Serbi') },
  { code: 'SK', dialCode: '+421', name: localized('Slovakia', 'Slowakei', 'Slovaquie', 'Sllovaki') },
  { code: 'SI', dialCode: '+386', name: localized('Slovenia', 'Slowenien', 'Slovénie', 'Slloveni') },
  { code: 'ES', dialCode: '+34', name: localized('Spain', 'Spanien', 'Espagne', 'Spanjë') },
  { code: 'SE', dialCode: '+46', name: localized('Sweden', 'Schweden', 'Suède', 'Suedi') },
  { code: 'TR', dialCode: '+90', name: localized('Türkiye', 'Türkei', 'Turquie', 'Turqi') },
  {
    code: 'GB',
    dialCode: '+44',
    name: localized('United Kingdom', 'Vereinigtes Königreich', 'Royaume-Uni', 'Mbretëria e Bashkuar'),
  },
  {
    code: 'US',
    dialCode: '+1',
    name: localized('United States', 'Vereinigte Staaten', 'États-Unis', 'Shtetet e Bashkuara'),
  },
];
export const RANKED_COUNTRIES = ['CH', 'KV', 'FR', 'DE', 'AT', 'IT', 'MK'];

export const AIRPORTS: {
  code: string;
  name: LocalizedText;
  city: LocalizedText;
  countryCode: string;
  timezone: string;
  isMain: boolean;
}[] = [
  {
    code: 'ZRH',
    name: localized('Zurich Airport', 'Flughafen Zürich', 'Aéroport de Zurich', 'Aeroporti i Cyrihut'),
    city: localized('Zurich', 'Zürich', 'Zurich', 'Cyrih'),
    countryCode: 'CH',
    timezone: 'Europe/Zurich',
    isMain: true,
  },
  {
    code: 'BSL',
    name: localized('EuroAirport Basel', 'EuroAirport Basel', 'EuroAirport Bâle', 'EuroAirport Bazel'),
    city: localized('Basel', 'Basel', 'Bâle', 'Bazel'),
    countryCode: 'CH',
    timezone: 'Europe/Zurich',
    isMain: true,
  },
  {
    code: 'GVA',
    name: localized('Geneva Airport', 'Flughafen Genf', 'Aéroport de Genève', 'Aeroporti i Gjenevës'),
    city: localized('Geneva', 'Genf', 'Genève', 'Gjenevë'),
    countryCode: 'CH',
    timezone: 'Europe/Zurich',
    isMain: true,
  },
  {
    code: 'PRN',
    name: localized(
      'Pristina International Airport',
      'Flughafen Pristina',
      'Aéroport de Pristina',
      'Aeroporti Ndërkombëtar i Prishtinës',
    ),
    city: localized('Pristina', 'Pristina', 'Pristina', 'Prishtinë'),
    countryCode: 'KV',
    timezone: 'Europe/Belgrade',
    isMain: true,
  },
  {
    code: 'SKP',
    name: localized(
      'Skopje International Airport',
      'Flughafen Skopje',
      'Aéroport de Skopje',
      'Aeroporti Ndërkombëtar i Shkupit',
    ),
    city: localized('Skopje', 'Skopje', 'Skopje', 'Shkup'),
    countryCode: 'MK',
    timezone: 'Europe/Skopje',
    isMain: true,
  },
  {
    code: 'TIA',
    name: localized(
      'Tirana International Airport',
      'Flughafen Tirana',
      'Aéroport de Tirana',
      'Aeroporti Ndërkombëtar i Tiranës',
    ),
    city: localized('Tirana', 'Tirana', 'Tirana', 'Tiranë'),
    countryCode: 'AL',
    timezone: 'Europe/Tirane',
    isMain: true,
  },
  {
    code: 'OHD',
    name: localized(
      'Ohrid St. Paul the Apostle Airport',
      'Flughafen Ohrid',
      "Aéroport d'Ohrid",
      'Aeroporti i Ohrit',
    ),
    city: localized('Ohrid', 'Ohrid', 'Ohrid', 'Ohër'),
    countryCode: 'MK',
    timezone: 'Europe/Skopje',
    isMain: false,
  },
  {
    code: 'STR',
    name: localized(
      'Stuttgart Airport',
      'Flughafen Stuttgart',
      'Aéroport de Stuttgart',
      'Aeroporti i Shtutgartit',
    ),
    city: localized('Stuttgart', 'Stuttgart', 'Stuttgart', 'Shtutgart'),
    countryCode: 'DE',
    timezone: 'Europe/Berlin',
    isMain: false,
  },
  {
    code: 'FDH',
    name: localized(
      'Friedrichshafen Airport',
      'Flughafen Friedrichshafen',
      'Aéroport de Friedrichshafen',
      'Aeroporti i Friedrichshafenit',
    ),
    city: localized('Friedrichshafen', 'Friedrichshafen', 'Friedrichshafen', 'Friedrichshafen'),
    countryCode: 'DE',
    timezone: 'Europe/Berlin',
    isMain: false,
  },
];

/** Tariff groups and tariffs: ids 1 and 2 economy, 3 economy-plus, 4 business (spec 03 §9). */
export const TARIFF_GROUPS = [
  { id: 1, code: 'economy', name: localized('Economy', 'Economy', 'Économique', 'Ekonomike') },
  {
    id: 2,
    code: 'economy-plus',
    name: localized('Economy Plus', 'Economy Plus', 'Économique Plus', 'Ekonomike Plus'),
  },
  { id: 3, code: 'business', name: localized('Business', 'Business', 'Affaires', 'Biznes') },
];
export const TARIFFS = [
  {
    id: 1,
    code: 'economy-light',
    tariffGroupId: 1,
    name: localized('Economy Light', 'Economy Light', 'Économique Light', 'Ekonomike Light'),
  },
  {
    id: 2,
    code: 'economy-classic',
    tariffGroupId: 1,
    name: localized('Economy Classic', 'Economy Classic', 'Économique Classic', 'Ekonomike Klasike'),
  },
  {
    id: 3,
    code: 'economy-plus',
    tariffGroupId: 2,
    name: localized('Economy Plus', 'Economy Plus', 'Économique Plus', 'Ekonomike Plus'),
  },
  {
    id: 4,
    code: 'business',
    tariffGroupId: 3,
    name: localized('Business', 'Business', 'Affaires', 'Biznes'),
  },
];

/** Virtual accounts: where money is kept or comes from, besides the users' own accounts. */
export const VIRTUAL_ACCOUNTS: {
  code: string;
  name: string;
  kind: 'cash' | 'bank' | 'transfer' | 'card' | 'revenue' | 'expense';
  type: 'asset' | 'expense' | 'revenue' | 'liability';
}[] = [
  { code: 'CASH_ZRH', name: 'Cash desk Zurich', kind: 'cash', type: 'asset' },
  { code: 'CASH_PRN', name: 'Cash desk Pristina', kind: 'cash', type: 'asset' },
  { code: 'CASH_SKP', name: 'Cash desk Skopje', kind: 'cash', type: 'asset' },
  { code: 'BANK_EC', name: 'Bank / EC terminal', kind: 'bank', type: 'asset' },
  { code: 'TRANSFER', name: 'Bank transfer', kind: 'transfer', type: 'asset' },
  { code: 'CARD_PROVIDER', name: 'Card provider (Datatrans)', kind: 'card', type: 'asset' },
  { code: 'REVENUE_TICKETS', name: 'Ticket revenue', kind: 'revenue', type: 'revenue' },
  { code: 'EXPENSE_CASHBACK', name: 'Cashback and discounts', kind: 'expense', type: 'expense' },
];

export const OPTION_TYPES = [
  { id: 1, code: 'general' as const, name: localized('General', 'Allgemein', 'Général', 'E përgjithshme') },
  {
    id: 2,
    code: 'travel-insurance' as const,
    name: localized('Travel insurance', 'Reiseversicherung', 'Assurance voyage', 'Sigurim udhëtimi'),
  },
];
