import { api } from '@flybook/schemas';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/routes.ts';
import * as repo from './lookups.repository.ts';

// Lookups are read-only reference data with no rules of their own: routes read the repository.
export function lookupRoutes(db: Db) {
  const countries = async () => ({
    items: (await repo.listCountries(db)).map(({ id, code, name, dialCode }) => ({
      id,
      code,
      name,
      dialCode,
    })),
  });
  const airports = async (filter: Parameters<typeof repo.listAirports>[1]) => ({
    items: (await repo.listAirports(db, filter)).map(
      ({ id, code, name, city, countryCode, timezone, isMain }) => ({
        id,
        code,
        name,
        city,
        countryCode,
        timezone,
        isMain,
      }),
    ),
  });
  return [
    route(api.lookup.countryList, countries),
    route(api.lookup.publicCountryList, countries),
    route(api.lookup.airportList, ({ query }) => airports(query)),
    route(api.lookup.airportEntireList, () => airports({})),
    route(api.lookup.tariffGroupList, async () => ({ items: await repo.listTariffGroups(db) })),
    route(api.lookup.tariffList, async () => ({
      items: (await repo.listTariffs(db)).map(({ tariff, group }) => ({
        id: tariff.id,
        code: tariff.code,
        name: tariff.name,
        tariffGroup: group,
      })),
    })),
  ];
}
