import { z } from 'zod';
import { IsoDateSchema, listQuery, listResponse } from './common.ts';
import { defineCall } from './http.ts';

export const ENTITY_OPERATIONS = ['create', 'update', 'delete'] as const;

export const EntityLogEntrySchema = z.object({
  id: z.number().int(),
  timestamp: z.string(),
  user: z.object({ id: z.number().int(), displayName: z.string() }).nullable(),
  entityType: z.string(),
  entityId: z.string(),
  operationType: z.enum(ENTITY_OPERATIONS),
  changedFields: z.array(z.string()),
});

export const EntityLogListQuery = listQuery({
  defaultPageSize: 15,
  maxPageSize: 50,
  sortBy: ['timestamp', 'entityType', 'operationType'],
  defaultSortBy: 'timestamp',
  defaultSortOrder: 'DESC',
}).extend({
  query: z.string().max(100).optional(),
  dateInterval: z.object({ from: IsoDateSchema.optional(), to: IsoDateSchema.optional() }).optional(),
  entityType: z.string().max(60).optional(),
  operationType: z.enum(ENTITY_OPERATIONS).optional(),
});

const ROLE_ENTITY_LOG_LIST = 'ROLE_ENTITY_LOG_LIST';

export const settingsCalls = {
  entityLogList: defineCall({
    method: 'GET',
    path: 'entity-log/list',
    summary: 'The event log of creates, updates and deletes',
    auth: 'user',
    roles: ROLE_ENTITY_LOG_LIST,
    query: EntityLogListQuery,
    response: listResponse(EntityLogEntrySchema),
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
    response: z.object({ items: z.array(z.enum(ENTITY_OPERATIONS)) }),
  }),
};
