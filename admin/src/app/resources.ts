import type { ResourceProps } from '@refinedev/core';
import type { ResourceMap } from './data-provider.ts';

/**
 * The Refine resources of the back office and the API calls behind them. Each area adds its lists
 * here when its pages are built, e.g. `flights: { list: api.flight.list, one: api.flight.get, … }`.
 */
export const RESOURCE_CALLS: ResourceMap = {};

/** Refine's resource declarations (names and list routes), kept beside their calls. */
export const RESOURCES: ResourceProps[] = [];
