import { toChf, toRappen } from '@flybook/domain';
import type { Rate, RateBody, RateListQuery, RatePrice } from '@flybook/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ApiError, ValidationError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { changedFields, logEntityChange, removeUnlessInUse } from '../../platform/entity-log.ts';
import { listTariffs } from '../lookups/lookups.service.ts';
import * as repo from './rates.repository.ts';

// What other modules may use of this module's queries (docs/architecture.md): its repository is its own.
export { findRate, type PriceListRow, priceListsOf } from './rates.repository.ts';

const toPrice = (row: repo.RatePriceRow): RatePrice => ({
  tariff: { id: row.tariffId },
  priceStandard: toChf(row.priceStandard),
  priceRound: toChf(row.priceRound),
  priceChildPercent: Number(row.priceChildPercent),
  priceInfantPercent: Number(row.priceInfantPercent),
  airportFee: toChf(row.airportFee),
  fuelFee: toChf(row.fuelFee),
});

const toRate = (row: repo.RateRow, prices: repo.RatePriceRow[]): Rate => ({
  id: row.id,
  name: row.name,
  isActive: row.isActive,
  priceList: prices.map(toPrice),
});

const toRow = (price: RatePrice): repo.NewRatePrice => ({
  tariffId: price.tariff.id,
  priceStandard: toRappen(price.priceStandard),
  priceRound: toRappen(price.priceRound),
  priceChildPercent: price.priceChildPercent.toFixed(2),
  priceInfantPercent: price.priceInfantPercent.toFixed(2),
  airportFee: toRappen(price.airportFee),
  fuelFee: toRappen(price.fuelFee),
});

export function createRatesService(db: Db) {
  /**
   * Every tariff of the price list must exist; a new rate must price every tariff, an edited one
   * at least the required ones (checked by the schema) — a tariff left out is no longer sold.
   */
  async function checkTariffs(body: RateBody, mode: 'create' | 'update') {
    const tariffIds = (await listTariffs(db)).map(({ tariff }) => tariff.id);
    const errors = body.priceList.flatMap((price, index) =>
      tariffIds.includes(price.tariff.id)
        ? []
        : [
            {
              code: 'ERROR_NOT_FOUND',
              message: `Unknown tariff ${price.tariff.id}`,
              field: `priceList.${index}.tariff.id`,
            },
          ],
    );
    if (mode === 'create') {
      const priced = new Set(body.priceList.map((price) => price.tariff.id));
      for (const id of tariffIds.filter((tariffId) => !priced.has(tariffId))) {
        errors.push({
          code: 'ERROR_REQUIRED',
          message: `Prices for tariff ${id} are required`,
          field: 'priceList',
        });
      }
    }
    if (errors.length > 0) throw new ValidationError(errors);
  }

  async function get(id: number): Promise<Rate> {
    const row = await repo.findRate(db, id);
    if (!row) throw ApiError.notFound('rate', id);
    return toRate(row, (await repo.pricesOf(db, [id])).get(id) ?? []);
  }

  return {
    get,

    async list(query: z.output<typeof RateListQuery>) {
      const { items, total } = await repo.listRates(db, query, query);
      const prices = await repo.pricesOf(
        db,
        items.map((row) => row.id),
      );
      return { items: items.map((row) => toRate(row, prices.get(row.id) ?? [])), total };
    },

    async entireList() {
      const rows = await repo.activeRates(db);
      const prices = await repo.pricesOf(
        db,
        rows.map((row) => row.id),
      );
      return { items: rows.map((row) => toRate(row, prices.get(row.id) ?? [])) };
    },

    async create(actor: AuthUser, body: RateBody) {
      await checkTariffs(body, 'create');
      const id = await db.transaction(async (tx) => {
        const row = await repo.insertRate(
          tx,
          { name: body.name.trim(), isActive: body.isActive },
          body.priceList.map(toRow),
        );
        await logEntityChange(tx, {
          userId: actor.id,
          entityType: 'rate',
          entityId: row.id,
          operation: 'create',
          changedFields: ['name', 'isActive', 'priceList'],
        });
        return row.id;
      });
      return get(id);
    },

    async update(actor: AuthUser, id: number, body: RateBody) {
      await checkTariffs(body, 'update');
      const before = await get(id);
      // Stored price lists come back by tariff; compare in that order so only real changes are logged.
      const priceList = [...body.priceList].sort((a, b) => a.tariff.id - b.tariff.id);
      const after = { name: body.name.trim(), isActive: body.isActive, priceList };
      await db.transaction(async (tx) => {
        await repo.updateRate(tx, id, { name: after.name, isActive: after.isActive }, priceList.map(toRow));
        await logEntityChange(tx, {
          userId: actor.id,
          entityType: 'rate',
          entityId: id,
          operation: 'update',
          changedFields: changedFields(before, after),
        });
      });
      return get(id);
    },

    /** Deletes a rate no flight uses (its prices go with it); one in use answers 409 ERROR_IN_USE (deactivate it instead). */
    remove: (actor: AuthUser, id: number) =>
      removeUnlessInUse(db, actor, {
        entityType: 'rate',
        name: 'rate',
        id,
        exists: async (tx) => (await repo.findRate(tx, id)) !== undefined,
        remove: (tx) => repo.deleteRate(tx, id),
      }),
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
