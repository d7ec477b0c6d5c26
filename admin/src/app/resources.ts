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
 * Refine's resource names. Their pages' paths, guards and menu entries are declared once, in
 * @flybook/domain's route table (ADMIN_ROUTES); nothing navigates through Refine's resource routes,
 * so they are not repeated here.
 */
export const RESOURCES: ResourceProps[] = [
  'flights',
  'flightCompanies',
  'aircraftTemplates',
  'balanceLog',
  'ownBalanceLog',
  'allotments',
  'agentAllotments',
  'allotmentInvoices',
  'agentAllotmentInvoices',
  'rates',
  'options',
].map((name) => ({ name }));
