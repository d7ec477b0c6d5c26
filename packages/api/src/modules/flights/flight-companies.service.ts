import type { FlightCompany, FlightCompanyBody, FlightCompanyListQuery } from '@flybook/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ApiError, ValidationError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { changedFields, logEntityChange, removeUnlessInUse } from '../../platform/entity-log.ts';
import { transactionUnique } from '../../platform/sql.ts';
import * as repo from './flight-companies.repository.ts';

const toCompany = ({
  id,
  name,
  code,
  isActive,
  pnlOriginator,
  pnlAddresses,
}: repo.FlightCompanyRow): FlightCompany => ({ id, name, code, isActive, pnlOriginator, pnlAddresses });

/** The stored values of a body. */
const valuesOf = (body: FlightCompanyBody) => ({
  name: body.name.trim(),
  code: body.code,
  isActive: body.isActive,
  pnlOriginator: body.pnlOriginator,
  pnlAddresses: [...new Set(body.pnlAddresses)],
});

const codeTaken = (code: string) =>
  new ValidationError([
    { code: 'ERROR_NOT_UNIQUE', message: `The code ${code} is already used`, field: 'code' },
  ]);

export function createFlightCompaniesService(db: Db) {
  return {
    async list(query: z.output<typeof FlightCompanyListQuery>) {
      const { items, total } = await repo.listCompanies(db, query, query);
      return { items: items.map(toCompany), total };
    },

    async entireList() {
      return { items: (await repo.activeCompanies(db)).map(toCompany) };
    },

    async get(id: number) {
      const row = await repo.findCompany(db, id);
      if (!row) throw ApiError.notFound('flight company', id);
      return toCompany(row);
    },

    async create(actor: AuthUser, body: FlightCompanyBody) {
      const values = valuesOf(body);
      return transactionUnique(
        db,
        async (tx) => {
          if (await repo.findCompanyByCode(tx, values.code)) throw codeTaken(values.code);
          const row = await repo.insertCompany(tx, values);
          await logEntityChange(tx, {
            userId: actor.id,
            entityType: 'flightCompany',
            entityId: row.id,
            operation: 'create',
            changedFields: Object.keys(values),
          });
          return toCompany(row);
        },
        () => codeTaken(values.code),
      );
    },

    async update(actor: AuthUser, id: number, body: FlightCompanyBody) {
      const values = valuesOf(body);
      return transactionUnique(
        db,
        async (tx) => {
          const before = await repo.findCompany(tx, id);
          if (!before) throw ApiError.notFound('flight company', id);
          const holder = await repo.findCompanyByCode(tx, values.code);
          if (holder && holder.id !== id) throw codeTaken(values.code);
          const row = (await repo.updateCompany(tx, id, values))!;
          await logEntityChange(tx, {
            userId: actor.id,
            entityType: 'flightCompany',
            entityId: id,
            operation: 'update',
            changedFields: changedFields(before, values),
          });
          return toCompany(row);
        },
        () => codeTaken(values.code),
      );
    },

    /** Deletes a company no flight refers to; one that flies keeps its history (deactivate it instead). */
    remove: (actor: AuthUser, id: number) =>
      removeUnlessInUse(db, actor, {
        entityType: 'flightCompany',
        name: 'flight company',
        id,
        exists: async (tx) => (await repo.findCompany(tx, id)) !== undefined,
        remove: (tx) => repo.deleteCompany(tx, id),
      }),
  };
}

export type FlightCompaniesService = ReturnType<typeof createFlightCompaniesService>;
