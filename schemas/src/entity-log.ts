import { z } from 'zod';
import { IsoDateSchema, listQuery, listResponse } from './common.ts';
import { defineCall } from './http.ts';

/**
 * The event log (spec 03 §2 Settings, §3 Entity log entry, §7 Settings calls): who created,
 * changed or deleted which entity, and which fields changed. Rules: docs/users.md.
 */

export const ENTITY_OPERATIONS = ['create', 'update', 'delete'] as const;
export const EntityOperationSchema = z.enum(ENTITY_OPERATIONS);

export const EntityLogEntrySchema = z.object({
  id: z.number().int(),
  timestamp: z.string(),
  /** Who made the change; null for changes without a user (jobs) or by a user since deleted. */
  user: z.object({ id: z.number().int(), displayName: z.string() }).nullable(),
  /** What kind of entity: agent, customer, manager, flight, reservation, … */
  entityType: z.string(),
  entityId: z.string(),
  operationType: EntityOperationSchema,
  /** Names of the fields that changed (never their values). */
  changedFields: z.array(z.string()),
});
export type EntityLogEntry = z.infer<typeof EntityLogEntrySchema>;

/** Days of the office (Europe/Zurich), both ends included; `to` not before `from`. */
const DateInterval = z
  .object({ from: IsoDateSchema.optional(), to: IsoDateSchema.optional() })
  .refine((interval) => !interval.from || !interval.to || interval.from <= interval.to, {
    message: 'The end date is before the start date',
    path: ['to'],
  });

/** Spec 03 §7 and §9: default 15, max 50, sorted by timestamp descending. */
export const EntityLogListQuery = listQuery({
  defaultPageSize: 15,
  maxPageSize: 50,
  sortBy: ['timestamp', 'entityType', 'operationType'],
  defaultSortBy: 'timestamp',
  defaultSortOrder: 'DESC',
}).extend({
  /** An entity id (digits, matched exactly), or part of the user's name, the entity type or a changed field. */
  query: z.string().max(100).optional(),
  dateInterval: DateInterval.optional(),
  entityType: z.string().max(60).optional(),
  operationType: EntityOperationSchema.optional(),
});

/**
 * A page of the log. The log only grows, so its count stops early: when more entries match than
 * the API counts (10,000), `total` is that number and `totalIsCapped` is true, read "more than
 * `total`" (docs/lists-at-scale.md). Without `totalIsCapped`, `total` is exact.
 */
export const EntityLogListResponse = listResponse(EntityLogEntrySchema).extend({
  totalIsCapped: z.literal(true).optional(),
});

const ROLE_ENTITY_LOG_LIST = 'ROLE_ENTITY_LOG_LIST';

export const entityLogCalls = {
  list: defineCall({
    method: 'GET',
    path: 'entity-log/list',
    summary: 'The event log of creates, updates and deletes, filtered and paged',
    auth: 'user',
    roles: ROLE_ENTITY_LOG_LIST,
    query: EntityLogListQuery,
    response: EntityLogListResponse,
  }),
  entityTypeList: defineCall({
    method: 'GET',
    path: 'entity-log/entity-type/list',
    summary: 'Entity types that appear in the event log',
    auth: 'user',
    roles: ROLE_ENTITY_LOG_LIST,
    response: z.object({ items: z.array(z.string()) }),
  }),
  operationTypeList: defineCall({
    method: 'GET',
    path: 'entity-log/operation-type/list',
    summary: 'Operation types of the event log',
    auth: 'user',
    roles: ROLE_ENTITY_LOG_LIST,
    response: z.object({ items: z.array(EntityOperationSchema) }),
  }),
};
