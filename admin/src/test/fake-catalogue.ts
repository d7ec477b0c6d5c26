import {
  type ApiErrorItem,
  CreateOptionBody,
  FlightCompanyBody,
  type FlightCompanySchema,
  type OptionSchema,
  type OptionTypeSchema,
  RateBody,
  type RatePrice,
  type RateSchema,
  type TariffSchema,
  UpdateOptionBody,
} from '@flybook/schemas';
import type { z } from 'zod';
import type { FakeRequest } from './fake-api.ts';

type FlightCompany = z.input<typeof FlightCompanySchema>;
type Rate = z.input<typeof RateSchema>;
type Option = z.input<typeof OptionSchema>;
type OptionType = z.input<typeof OptionTypeSchema>;
type Tariff = z.input<typeof TariffSchema>;

const text = (en: string, de: string, fr: string, sq: string) => ({ en, de, fr, sq });

const economy = { id: 1, code: 'economy', name: text('Economy', 'Economy', 'Économique', 'Ekonomike') };

/** The seed's tariffs: 1 and 2 economy, 3 economy-plus, 4 business (spec 03 §9). */
export const TARIFFS: Tariff[] = [
  {
    id: 1,
    code: 'economy-light',
    name: text('Economy Light', 'Economy Light', 'Économique Light', 'Ekonomike Light'),
    tariffGroup: economy,
  },
  {
    id: 2,
    code: 'economy-classic',
    name: text('Economy Classic', 'Economy Classic', 'Économique Classic', 'Ekonomike Klasike'),
    tariffGroup: economy,
  },
  {
    id: 3,
    code: 'economy-plus',
    name: text('Economy Plus', 'Economy Plus', 'Économique Plus', 'Ekonomike Plus'),
    tariffGroup: {
      id: 2,
      code: 'economy-plus',
      name: text('Economy Plus', 'Economy Plus', 'Économique Plus', 'Ekonomike Plus'),
    },
  },
  {
    id: 4,
    code: 'business',
    name: text('Business', 'Business', 'Affaires', 'Biznes'),
    tariffGroup: { id: 3, code: 'business', name: text('Business', 'Business', 'Affaires', 'Biznes') },
  },
];

export const OPTION_TYPES: OptionType[] = [
  { id: 1, code: 'general', name: text('General', 'Allgemein', 'Général', 'E përgjithshme') },
  {
    id: 2,
    code: 'travel-insurance',
    name: text('Travel insurance', 'Reiseversicherung', 'Assurance voyage', 'Sigurim udhëtimi'),
  },
];

/** A price entry; amounts in CHF as the API sends them. */
export const price = (
  tariffId: number,
  priceStandard: number,
  fuelFee: number,
  airportFee: number,
): RatePrice => ({
  tariff: { id: tariffId },
  priceStandard,
  priceRound: priceStandard,
  priceChildPercent: 75,
  priceInfantPercent: 10,
  airportFee,
  fuelFee,
});

export interface FakeCatalogue {
  companies: FlightCompany[];
  rates: Rate[];
  options: Option[];
  /**
   * Records a flight or a booked ticket uses, as `flight-company/1`, `rate/2`, `option/1`: deleting
   * them answers 409 ERROR_IN_USE.
   */
  inUse?: Set<string>;
}

/** An airline company's PNL settings left to their defaults. */
export const NO_PNL_SETTINGS = { pnlOriginator: null, pnlAddresses: [] };

/** Demo records of the rate and airline company areas; each test gets its own copy. */
export function createFakeCatalogue(): FakeCatalogue {
  return {
    companies: [
      { id: 1, name: 'Air Prishtina', code: 'AP', isActive: true, ...NO_PNL_SETTINGS },
      { id: 2, name: 'Chair Airlines', code: 'GM', isActive: true, ...NO_PNL_SETTINGS },
      { id: 3, name: 'Edelweiss Air', code: 'WK', isActive: false, ...NO_PNL_SETTINGS },
    ],
    rates: [
      {
        id: 1,
        name: 'Summer 2027',
        isActive: true,
        priceList: [
          price(1, 199.95, 35.1, 12.05),
          price(2, 249.9, 35.1, 12.05),
          price(3, 0.1, 0.2, 0.05),
          price(4, 899, 40, 12.05),
        ],
      },
      {
        id: 2,
        name: 'Winter 2027',
        isActive: true,
        priceList: [price(1, 99, 20, 10), price(2, 129, 20, 10)],
      },
    ],
    options: [
      {
        id: 1,
        code: 'BAG-20',
        type: OPTION_TYPES[0]!,
        isActive: true,
        configValues: {
          title: text(
            'Extra bag 20 kg',
            'Zusatzgepäck 20 kg',
            'Bagage supplémentaire 20 kg',
            'Bagazh shtesë 20 kg',
          ),
          description: text('', '', '', ''),
          price: 45.5,
        },
      },
    ],
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fail = (status: number, ...errors: ApiErrorItem[]) => json({ errors }, status);
const notFound = () => fail(404, { code: 'ERROR_NOT_FOUND', message: 'Not found.' });

/** A list answer like the server's: query on the given texts, active only, sort, page from 0. */
function page<T extends { id: number; isActive: boolean }>(
  items: readonly T[],
  request: FakeRequest,
  searchIn: (item: T) => string[],
  sortValue: (item: T, sortBy: string) => string | number,
  defaultSortBy: string,
) {
  const query = (request.query.get('query') ?? '').toLowerCase();
  const activeOnly = request.query.get('isActive') === 'true';
  const sortBy = request.query.get('sortBy') ?? defaultSortBy;
  const direction = request.query.get('sortOrder') === 'DESC' ? -1 : 1;
  const pageIndex = Number(request.query.get('page') ?? 0);
  const pageSize = Number(request.query.get('pageSize') ?? 15);
  const matching = items
    .filter((item) => !activeOnly || item.isActive)
    .filter((item) => query === '' || searchIn(item).some((value) => value.toLowerCase().includes(query)))
    .sort((a, b) => {
      const x = sortValue(a, sortBy);
      const y = sortValue(b, sortBy);
      return (x < y ? -1 : x > y ? 1 : 0) * direction;
    });
  return json({
    items: matching.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize),
    total: matching.length,
  });
}

const nextId = (items: readonly { id: number }[]) => Math.max(0, ...items.map((item) => item.id)) + 1;

/** Answers the airline company, rate, option and tariff calls from the catalogue, or undefined. */
export function handleCatalogue(catalogue: FakeCatalogue, request: FakeRequest): Response | undefined {
  const { method, path } = request;
  const byId = /^(flight-company|rate|option)\/(\d+)$/.exec(path);
  const id = byId ? Number(byId[2]) : 0;

  if (method === 'GET' && path === 'tariff/entire-list') return json({ items: TARIFFS });

  if (method === 'DELETE' && byId) {
    const records: { id: number }[] =
      byId[1] === 'flight-company'
        ? catalogue.companies
        : byId[1] === 'rate'
          ? catalogue.rates
          : catalogue.options;
    const index = records.findIndex((record) => record.id === id);
    if (index < 0) return notFound();
    if (catalogue.inUse?.has(path)) {
      return fail(409, { code: 'ERROR_IN_USE', message: 'This is still in use and cannot be deleted.' });
    }
    records.splice(index, 1);
    return new Response(null, { status: 204 });
  }
  if (method === 'GET' && path === 'option/type/entire-list') return json({ items: OPTION_TYPES });

  if (method === 'GET' && path === 'flight-company/list') {
    return page(
      catalogue.companies,
      request,
      (company) => [company.name, company.code],
      (company, sortBy) => (sortBy === 'id' ? company.id : sortBy === 'code' ? company.code : company.name),
      'name',
    );
  }
  if (byId?.[1] === 'flight-company') {
    const index = catalogue.companies.findIndex((company) => company.id === id);
    const company = catalogue.companies[index];
    if (!company) return notFound();
    if (method === 'GET') return json(company);
    if (method === 'PUT') {
      const changed = { ...FlightCompanyBody.parse(request.body), id };
      catalogue.companies[index] = changed;
      return json(changed);
    }
  }
  if (method === 'POST' && path === 'flight-company') {
    const body = FlightCompanyBody.parse(request.body);
    if (catalogue.companies.some((company) => company.code === body.code)) {
      return fail(422, { code: 'ERROR_NOT_UNIQUE', message: 'This value is already used.', field: 'code' });
    }
    const created = { ...body, id: nextId(catalogue.companies) };
    catalogue.companies.push(created);
    return json(created, 201);
  }

  if (method === 'GET' && path === 'rate/list') {
    return page(
      catalogue.rates,
      request,
      (rate) => [rate.name],
      (rate, sortBy) => (sortBy === 'id' ? rate.id : rate.name),
      'name',
    );
  }
  if (byId?.[1] === 'rate') {
    const index = catalogue.rates.findIndex((rate) => rate.id === id);
    const rate = catalogue.rates[index];
    if (!rate) return notFound();
    if (method === 'GET') return json(rate);
    if (method === 'PUT') {
      const changed = { ...RateBody.parse(request.body), id };
      catalogue.rates[index] = changed;
      return json(changed);
    }
  }
  if (method === 'POST' && path === 'rate') {
    const created = { ...RateBody.parse(request.body), id: nextId(catalogue.rates) };
    catalogue.rates.push(created);
    return json(created, 201);
  }

  if (method === 'GET' && path === 'option/list') {
    return page(
      catalogue.options,
      request,
      (option) => [option.code, ...Object.values(option.configValues.title)],
      (option, sortBy) => (sortBy === 'id' ? option.id : option.code),
      'code',
    );
  }
  if (byId?.[1] === 'option') {
    const index = catalogue.options.findIndex((option) => option.id === id);
    const option = catalogue.options[index];
    if (!option) return notFound();
    if (method === 'GET') return json(option);
    if (method === 'PUT') {
      const changed = { ...UpdateOptionBody.parse(request.body), type: option.type, id };
      catalogue.options[index] = changed;
      return json(changed);
    }
  }
  if (method === 'POST' && path === 'option') {
    const body = CreateOptionBody.parse(request.body);
    const type = OPTION_TYPES.find((candidate) => candidate.id === body.type.id);
    if (!type) return fail(422, { code: 'ERROR_NOT_FOUND', message: 'Unknown type.', field: 'type.id' });
    if (catalogue.options.some((option) => option.code === body.code)) {
      return fail(422, { code: 'ERROR_NOT_UNIQUE', message: 'This value is already used.', field: 'code' });
    }
    const created = { ...body, type, id: nextId(catalogue.options) };
    catalogue.options.push(created);
    return json(created, 201);
  }
  return undefined;
}
