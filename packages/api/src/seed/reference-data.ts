import type { LocalizedText } from '../db/schema/users.ts';

const t = (en: string, de: string, fr: string, sq: string): LocalizedText => ({ en, de, fr, sq });

/** Countries: the airline's markets first in this order (spec 03 §9), then the rest by name. */
export const COUNTRIES: { code: string; dialCode: string; name: LocalizedText }[] = [
  { code: 'CH', dialCode: '+41', name: t('Switzerland', 'Schweiz', 'Suisse', 'Zvicër') },
  { code: 'KV', dialCode: '+383', name: t('Kosovo', 'Kosovo', 'Kosovo', 'Kosovë') },
  { code: 'FR', dialCode: '+33', name: t('France', 'Frankreich', 'France', 'Francë') },
  { code: 'DE', dialCode: '+49', name: t('Germany', 'Deutschland', 'Allemagne', 'Gjermani') },
  { code: 'AT', dialCode: '+43', name: t('Austria', 'Österreich', 'Autriche', 'Austri') },
  { code: 'IT', dialCode: '+39', name: t('Italy', 'Italien', 'Italie', 'Itali') },
  {
    code: 'MK',
    dialCode: '+389',
    name: t('North Macedonia', 'Nordmazedonien', 'Macédoine du Nord', 'Maqedoni e Veriut'),
  },
  { code: 'AL', dialCode: '+355', name: t('Albania', 'Albanien', 'Albanie', 'Shqipëri') },
  { code: 'BE', dialCode: '+32', name: t('Belgium', 'Belgien', 'Belgique', 'Belgjikë') },
  {
    code: 'BA',
    dialCode: '+387',
    name: t(
      'Bosnia and Herzegovina',
      'Bosnien und Herzegowina',
      'Bosnie-Herzégovine',
      'Bosnjë dhe Hercegovinë',
    ),
  },
  { code: 'BG', dialCode: '+359', name: t('Bulgaria', 'Bulgarien', 'Bulgarie', 'Bullgari') },
  { code: 'HR', dialCode: '+385', name: t('Croatia', 'Kroatien', 'Croatie', 'Kroaci') },
  { code: 'CZ', dialCode: '+420', name: t('Czechia', 'Tschechien', 'Tchéquie', 'Çeki') },
  { code: 'DK', dialCode: '+45', name: t('Denmark', 'Dänemark', 'Danemark', 'Danimarkë') },
  { code: 'FI', dialCode: '+358', name: t('Finland', 'Finnland', 'Finlande', 'Finlandë') },
  { code: 'GR', dialCode: '+30', name: t('Greece', 'Griechenland', 'Grèce', 'Greqi') },
  { code: 'HU', dialCode: '+36', name: t('Hungary', 'Ungarn', 'Hongrie', 'Hungari') },
  { code: 'IE', dialCode: '+353', name: t('Ireland', 'Irland', 'Irlande', 'Irlandë') },
  {
    code: 'LI',
    dialCode: '+423',
    name: t('Liechtenstein', 'Liechtenstein', 'Liechtenstein', 'Lihtenshtajn'),
  },
  { code: 'LU', dialCode: '+352', name: t('Luxembourg', 'Luxemburg', 'Luxembourg', 'Luksemburg') },
  { code: 'ME', dialCode: '+382', name: t('Montenegro', 'Montenegro', 'Monténégro', 'Mal i Zi') },
  { code: 'NL', dialCode: '+31', name: t('Netherlands', 'Niederlande', 'Pays-Bas', 'Holandë') },
  { code: 'NO', dialCode: '+47', name: t('Norway', 'Norwegen', 'Norvège', 'Norvegji') },
  { code: 'PL', dialCode: '+48', name: t('Poland', 'Polen', 'Pologne', 'Poloni') },
  { code: 'PT', dialCode: '+351', name: t('Portugal', 'Portugal', 'Portugal', 'Portugali') },
  { code: 'RO', dialCode: '+40', name: t('Romania', 'Rumänien', 'Roumanie', 'Rumani') },
  { code: 'RS', dialCode: '+381', name: t('Serbia', 'Serbien', 'Serbie', 'Serbi') },
  { code: 'SK', dialCode: '+421', name: t('Slovakia', 'Slowakei', 'Slovaquie', 'Sllovaki') },
  { code: 'SI', dialCode: '+386', name: t('Slovenia', 'Slowenien', 'Slovénie', 'Slloveni') },
  { code: 'ES', dialCode: '+34', name: t('Spain', 'Spanien', 'Espagne', 'Spanjë') },
  { code: 'SE', dialCode: '+46', name: t('Sweden', 'Schweden', 'Suède', 'Suedi') },
  { code: 'TR', dialCode: '+90', name: t('Türkiye', 'Türkei', 'Turquie', 'Turqi') },
  {
    code: 'GB',
    dialCode: '+44',
    name: t('United Kingdom', 'Vereinigtes Königreich', 'Royaume-Uni', 'Mbretëria e Bashkuar'),
  },
  {
    code: 'US',
    dialCode: '+1',
    name: t('United States', 'Vereinigte Staaten', 'États-Unis', 'Shtetet e Bashkuara'),
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
    name: t('Zurich Airport', 'Flughafen Zürich', 'Aéroport de Zurich', 'Aeroporti i Cyrihut'),
    city: t('Zurich', 'Zürich', 'Zurich', 'Cyrih'),
    countryCode: 'CH',
    timezone: 'Europe/Zurich',
    isMain: true,
  },
  {
    code: 'BSL',
    name: t('EuroAirport Basel', 'EuroAirport Basel', 'EuroAirport Bâle', 'EuroAirport Bazel'),
    city: t('Basel', 'Basel', 'Bâle', 'Bazel'),
    countryCode: 'CH',
    timezone: 'Europe/Zurich',
    isMain: true,
  },
  {
    code: 'GVA',
    name: t('Geneva Airport', 'Flughafen Genf', 'Aéroport de Genève', 'Aeroporti i Gjenevës'),
    city: t('Geneva', 'Genf', 'Genève', 'Gjenevë'),
    countryCode: 'CH',
    timezone: 'Europe/Zurich',
    isMain: true,
  },
  {
    code: 'PRN',
    name: t(
      'Pristina International Airport',
      'Flughafen Pristina',
      'Aéroport de Pristina',
      'Aeroporti Ndërkombëtar i Prishtinës',
    ),
    city: t('Pristina', 'Pristina', 'Pristina', 'Prishtinë'),
    countryCode: 'KV',
    timezone: 'Europe/Belgrade',
    isMain: true,
  },
  {
    code: 'SKP',
    name: t(
      'Skopje International Airport',
      'Flughafen Skopje',
      'Aéroport de Skopje',
      'Aeroporti Ndërkombëtar i Shkupit',
    ),
    city: t('Skopje', 'Skopje', 'Skopje', 'Shkup'),
    countryCode: 'MK',
    timezone: 'Europe/Skopje',
    isMain: true,
  },
  {
    code: 'TIA',
    name: t(
      'Tirana International Airport',
      'Flughafen Tirana',
      'Aéroport de Tirana',
      'Aeroporti Ndërkombëtar i Tiranës',
    ),
    city: t('Tirana', 'Tirana', 'Tirana', 'Tiranë'),
    countryCode: 'AL',
    timezone: 'Europe/Tirane',
    isMain: true,
  },
  {
    code: 'OHD',
    name: t('Ohrid St. Paul the Apostle Airport', 'Flughafen Ohrid', "Aéroport d'Ohrid", 'Aeroporti i Ohrit'),
    city: t('Ohrid', 'Ohrid', 'Ohrid', 'Ohër'),
    countryCode: 'MK',
    timezone: 'Europe/Skopje',
    isMain: false,
  },
  {
    code: 'STR',
    name: t('Stuttgart Airport', 'Flughafen Stuttgart', 'Aéroport de Stuttgart', 'Aeroporti i Shtutgartit'),
    city: t('Stuttgart', 'Stuttgart', 'Stuttgart', 'Shtutgart'),
    countryCode: 'DE',
    timezone: 'Europe/Berlin',
    isMain: false,
  },
  {
    code: 'FDH',
    name: t(
      'Friedrichshafen Airport',
      'Flughafen Friedrichshafen',
      'Aéroport de Friedrichshafen',
      'Aeroporti i Friedrichshafenit',
    ),
    city: t('Friedrichshafen', 'Friedrichshafen', 'Friedrichshafen', 'Friedrichshafen'),
    countryCode: 'DE',
    timezone: 'Europe/Berlin',
    isMain: false,
  },
];

/** Tariff groups and tariffs: ids 1 and 2 economy, 3 economy-plus, 4 business (spec 03 §9). */
export const TARIFF_GROUPS = [
  { id: 1, code: 'economy', name: t('Economy', 'Economy', 'Économique', 'Ekonomike') },
  {
    id: 2,
    code: 'economy-plus',
    name: t('Economy Plus', 'Economy Plus', 'Économique Plus', 'Ekonomike Plus'),
  },
  { id: 3, code: 'business', name: t('Business', 'Business', 'Affaires', 'Biznes') },
];
export const TARIFFS = [
  {
    id: 1,
    code: 'economy-light',
    tariffGroupId: 1,
    name: t('Economy Light', 'Economy Light', 'Économique Light', 'Ekonomike Light'),
  },
  {
    id: 2,
    code: 'economy-classic',
    tariffGroupId: 1,
    name: t('Economy Classic', 'Economy Classic', 'Économique Classic', 'Ekonomike Klasike'),
  },
  {
    id: 3,
    code: 'economy-plus',
    tariffGroupId: 2,
    name: t('Economy Plus', 'Economy Plus', 'Économique Plus', 'Ekonomike Plus'),
  },
  { id: 4, code: 'business', tariffGroupId: 3, name: t('Business', 'Business', 'Affaires', 'Biznes') },
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
