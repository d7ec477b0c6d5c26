import { type AdminRouteName, adminPath } from '@flybook/domain';
import type { CrudFilter } from '@refinedev/core';
import type { TFunction } from 'i18next';
import { filtersFromValues } from '../app/list/use-server-list.ts';

/**
 * How the event log reads to people (spec 03 §2: "a readable view of the changed fields"): entity
 * types and field names in the interface language, with a fallback that spells out any other name
 * ("seatsByTariff" → "Seats by tariff").
 */

/** "seatsByTariff" → "Seats by tariff"; "phoneMobile" → "Phone mobile". */
export function spelledOut(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The catalogue key of an entity type's name. */
export const entityTypeLabelKey = (type: string) => `settings.entityLog.entityTypes.${type}`;

/** An entity type's name ("flightCompany" → "Airline company"). */
export const entityTypeLabel = (t: TFunction, type: string) =>
  t(entityTypeLabelKey(type), { defaultValue: spelledOut(type) });

/**
 * The catalogue key of a changed field's label: its name, a dotted one camel-cased, since the
 * catalogue's keys are dotted paths ("flights.status", the status of a reservation's flight →
 * `settings.entityLog.fields.flightsStatus`).
 */
export const fieldLabelKey = (field: string) =>
  `settings.entityLog.fields.${field.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase())}`;

/** A changed field's name ("creditLimitTotalAmount" → "Credit limit"). */
export const fieldLabel = (t: TFunction, field: string) =>
  t(fieldLabelKey(field), { defaultValue: spelledOut(field) });

/** Where an entity of the log is edited, for the entity id's link; null when there is no page. */
const EDIT_PAGES: Record<string, { route: AdminRouteName; param: string }> = {
  agent: { route: 'agentEdit', param: 'agentId' },
  customer: { route: 'customerEdit', param: 'customerId' },
  manager: { route: 'managerEdit', param: 'managerId' },
  user: { route: 'userPermissions', param: 'userId' },
  flight: { route: 'flightEdit', param: 'flightId' },
  flightCompany: { route: 'flightCompanyEdit', param: 'flightCompanyId' },
  aircraftTemplate: { route: 'aircraftTemplateEdit', param: 'aircraftTemplateId' },
  rate: { route: 'rateEdit', param: 'rateId' },
  option: { route: 'optionEdit', param: 'optionId' },
  reservation: { route: 'reservationEdit', param: 'reservationId' },
};

export function entityPage(
  entry: { entityType: string; entityId: string; operationType: string },
  canOpen: (route: AdminRouteName) => boolean,
): string | null {
  const page = EDIT_PAGES[entry.entityType];
  if (!page || entry.operationType === 'delete' || !/^\d+$/.test(entry.entityId) || !canOpen(page.route)) {
    return null;
  }
  return adminPath(page.route, { [page.param]: entry.entityId });
}

export type EntityLogFilterValues = {
  query: string;
  fromDate: string;
  toDate: string;
  entityType: string;
  operationType: string;
};

/** The filter bar → the list query: the two dates travel as `dateInterval[from]` / `[to]`. */
export function entityLogFilters({ fromDate, toDate, ...rest }: EntityLogFilterValues): CrudFilter[] {
  const filters = filtersFromValues(rest);
  if (fromDate || toDate)
    filters.push({ field: 'dateInterval', operator: 'between', value: [fromDate, toDate] });
  return filters;
}
