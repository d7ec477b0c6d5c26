import { toChf, toRappen } from '@flybook/domain';
import type { CreateOptionBody, Option, OptionListQuery, UpdateOptionBody } from '@flybook/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ApiError, ValidationError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { changedFields, logEntityChange, removeUnlessInUse } from '../../platform/entity-log.ts';
import { transactionUnique } from '../../platform/sql.ts';
import { listTariffs } from '../lookups/lookups.service.ts';
import * as repo from './options.repository.ts';
import { findRate } from './rates.repository.ts';

const toOption = ({ option, type }: { option: repo.OptionRow; type: repo.OptionTypeRow }): Option => ({
  id: option.id,
  code: option.code,
  type: { id: type.id, code: type.code, name: type.name },
  isActive: option.isActive,
  configValues: { title: option.title, description: option.description, price: toChf(option.price) },
});

const codeTaken = (code: string) =>
  new ValidationError([
    { code: 'ERROR_NOT_UNIQUE', message: `The code ${code} is already used`, field: 'code' },
  ]);

type Body = z.output<typeof CreateOptionBody> | z.output<typeof UpdateOptionBody>;
const valuesOf = (body: Body) => ({
  code: body.code,
  isActive: body.isActive,
  title: body.configValues.title,
  description: body.configValues.description,
  price: toRappen(body.configValues.price),
});

export function createOptionsService(db: Db) {
  async function get(id: number) {
    const row = await repo.findOption(db, id);
    if (!row) throw ApiError.notFound('option', id);
    return toOption(row);
  }

  return {
    get,

    async list(query: z.output<typeof OptionListQuery>) {
      const { items, total } = await repo.listOptions(db, query, query);
      return { items: items.map(toOption), total };
    },

    async entireList() {
      return { items: (await repo.activeOptions(db)).map(toOption) };
    },

    async types() {
      return { items: await repo.listOptionTypes(db) };
    },

    /**
     * Options a passenger may add on a flight of this rate and tariff. Every active option applies
     * to every rate and tariff (docs/decisions.md); the rate and tariff must exist and the tariff
     * must be priced by the rate, else nothing can be booked there.
     */
    async attachable(rateId: number, tariffId: number) {
      const rate = await findRate(db, rateId);
      const tariffExists = (await listTariffs(db)).some(({ tariff }) => tariff.id === tariffId);
      if (!rate?.isActive || !tariffExists) return { items: [] };
      return { items: (await repo.activeOptions(db)).map(toOption) };
    },

    async create(actor: AuthUser, body: z.output<typeof CreateOptionBody>) {
      const types = await repo.listOptionTypes(db);
      if (!types.some((type) => type.id === body.type.id)) {
        throw new ValidationError([
          { code: 'ERROR_NOT_FOUND', message: `Unknown option type ${body.type.id}`, field: 'type.id' },
        ]);
      }
      const values = { ...valuesOf(body), typeId: body.type.id };
      const id = await transactionUnique(
        db,
        async (tx) => {
          if (await repo.findOptionByCode(tx, body.code)) throw codeTaken(body.code);
          const newId = await repo.insertOption(tx, values);
          await logEntityChange(tx, {
            userId: actor.id,
            entityType: 'option',
            entityId: newId,
            operation: 'create',
            changedFields: Object.keys(values),
          });
          return newId;
        },
        () => codeTaken(body.code),
      );
      return get(id);
    },

    async update(actor: AuthUser, id: number, body: z.output<typeof UpdateOptionBody>) {
      const values = valuesOf(body);
      await transactionUnique(
        db,
        async (tx) => {
          const before = await repo.findOption(tx, id);
          if (!before) throw ApiError.notFound('option', id);
          if (body.type && body.type.id !== before.option.typeId) {
            throw new ValidationError([
              {
                code: 'ERROR_IMMUTABLE_PROPERTY_IS_CHANGED',
                message: 'Immutable properties can not be changed.',
                field: 'type.id',
              },
            ]);
          }
          const holder = await repo.findOptionByCode(tx, body.code);
          if (holder && holder.id !== id) throw codeTaken(body.code);
          await repo.updateOption(tx, id, values);
          await logEntityChange(tx, {
            userId: actor.id,
            entityType: 'option',
            entityId: id,
            operation: 'update',
            changedFields: changedFields(before.option, values),
          });
        },
        () => codeTaken(body.code),
      );
      return get(id);
    },

    /** Deletes an option no booking holds; one in use answers 409 ERROR_IN_USE (deactivate it instead). */
    remove: (actor: AuthUser, id: number) =>
      removeUnlessInUse(db, actor, {
        entityType: 'option',
        name: 'option',
        id,
        exists: async (tx) => (await repo.findOption(tx, id)) !== undefined,
        remove: (tx) => repo.deleteOption(tx, id),
      }),
  };
}

export type OptionsService = ReturnType<typeof createOptionsService>;
