import type { ResourceProps } from '@refinedev/core';
import type { ResourceCalls, ResourceMap } from './data-provider.ts';

const calls: Record<string, ResourceCalls> = {};

/**
 * The Refine resources of the back office and the API calls behind them, read by the data provider
 * at each call. Each area registers its resources with {@link registerResources} from a module its
 * pages import, so the calls' schemas load with the area's chunk and not with the shell.
 */
export const RESOURCE_CALLS: ResourceMap = calls;

/**
 * Adds an area's resources, e.g. `registerResources({ rates: { list: rateCalls.list, one: … } })`,
 * at the top level of the area's resource module. A name registered twice keeps the last calls.
 */
export function registerResources(map: ResourceMap): void {
  Object.assign(calls, map);
}

/**
 * Refine's resource declarations (names and the spec's routes), kept small so the shell knows every
 * resource without its calls.
 */
export const RESOURCES: ResourceProps[] = [
  { name: 'flights', list: '/flight/list', create: '/flight/new', edit: '/flight/edit/:id' },
  {
    name: 'flightCompanies',
    list: '/flight/company/list',
    create: '/flight/company/new',
    edit: '/flight/company/edit/:id',
  },
  {
    name: 'aircraftTemplates',
    list: '/flight/aircraft-template/list',
    create: '/flight/aircraft-template/new',
    edit: '/flight/aircraft-template/edit/:id',
  },
  { name: 'balanceLog', list: '/invoice/balance-log' },
  { name: 'ownBalanceLog', list: '/invoice/balance-log' },
  { name: 'allotments', list: '/allotment/list' },
  { name: 'agentAllotments', list: '/allotment/list' },
  { name: 'allotmentInvoices', list: '/allotment/invoiceList' },
  { name: 'agentAllotmentInvoices', list: '/allotment/invoiceList' },
  { name: 'rates', list: '/rate/list', create: '/rate/new', edit: '/rate/edit/:id' },
  { name: 'options', list: '/rate/option/list', create: '/rate/option/new', edit: '/rate/option/edit/:id' },
];
