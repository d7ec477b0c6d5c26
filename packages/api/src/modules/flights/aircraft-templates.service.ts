import { mapSeatsByTariffGroup, toChf, toRappen } from '@flybook/domain';
import type { AircraftSection, AircraftTemplate, AircraftTemplateBody } from '@flybook/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { StoredAircraftSection } from '../../db/schema/index.ts';
import { ApiError, ValidationError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { changedFields, logEntityChange, removeUnlessInUse } from '../../platform/entity-log.ts';
import { transactionUnique } from '../../platform/sql.ts';
import { listTariffGroups } from '../lookups/lookups.service.ts';
import * as repo from './aircraft-templates.repository.ts';

type TemplateRow = NonNullable<Awaited<ReturnType<typeof repo.findTemplate>>>;

/** Wire sections (prices in CHF) to stored ones (prices in Rappen), and back. */
export const storeSections = (sections: readonly AircraftSection[]): StoredAircraftSection[] =>
  sections.map((section) => ({ ...section, prices: section.prices.map((row) => row.map(toRappen)) }));
export const wireSections = (sections: readonly StoredAircraftSection[]): AircraftSection[] =>
  sections.map((section) => ({ ...section, prices: section.prices.map((row) => row.map(toChf)) }));

const toTemplate = (row: TemplateRow): AircraftTemplate => ({
  id: row.id,
  label: row.label,
  sections: wireSections(row.sections),
});

/** Seats the map gives each tariff group (the domain's count), as the template list answers them. */
export const seatsByTariffGroup = (sections: readonly StoredAircraftSection[]) =>
  [...mapSeatsByTariffGroup(sections)].map(([id, seats]) => ({ tariffGroup: { id }, seats }));

const labelTaken = (label: string) =>
  new ValidationError([
    { code: 'ERROR_NOT_UNIQUE', message: `The label ${label} is already used`, field: 'label' },
  ]);

export function createAircraftTemplatesService(db: Db) {
  async function checkTariffGroups(body: z.output<typeof AircraftTemplateBody>) {
    const known = new Set((await listTariffGroups(db)).map((group) => group.id));
    body.sections.forEach((section, index) => {
      if (!known.has(section.tariffGroup.id)) {
        throw new ValidationError([
          {
            code: 'ERROR_NOT_FOUND',
            message: `Unknown tariff group ${section.tariffGroup.id}`,
            field: `sections.${index}.tariffGroup.id`,
          },
        ]);
      }
    });
  }

  return {
    async list() {
      const rows = await repo.listTemplates(db);
      return {
        items: rows.map((row) => ({
          id: row.id,
          label: row.label,
          seatsByTariffGroup: seatsByTariffGroup(row.sections),
        })),
      };
    },

    async get(id: number) {
      const row = await repo.findTemplate(db, id);
      if (!row) throw ApiError.notFound('aircraft template', id);
      return toTemplate(row);
    },

    async create(actor: AuthUser, body: z.output<typeof AircraftTemplateBody>) {
      const label = body.label.trim();
      await checkTariffGroups(body);
      return transactionUnique(
        db,
        async (tx) => {
          if (await repo.findTemplateByLabel(tx, label)) throw labelTaken(label);
          const row = await repo.insertTemplate(tx, { label, sections: storeSections(body.sections) });
          await logEntityChange(tx, {
            userId: actor.id,
            entityType: 'aircraftTemplate',
            entityId: row.id,
            operation: 'create',
            changedFields: ['label', 'sections'],
          });
          return toTemplate(row);
        },
        () => labelTaken(label),
      );
    },

    async update(actor: AuthUser, id: number, body: z.output<typeof AircraftTemplateBody>) {
      const label = body.label.trim();
      await checkTariffGroups(body);
      return transactionUnique(
        db,
        async (tx) => {
          const before = await repo.findTemplate(tx, id);
          if (!before) throw ApiError.notFound('aircraft template', id);
          const holder = await repo.findTemplateByLabel(tx, label);
          if (holder && holder.id !== id) throw labelTaken(label);
          const sections = storeSections(body.sections);
          const row = (await repo.updateTemplate(tx, id, { label, sections }))!;
          await logEntityChange(tx, {
            userId: actor.id,
            entityType: 'aircraftTemplate',
            entityId: id,
            operation: 'update',
            changedFields: changedFields(before, { label, sections }),
          });
          return toTemplate(row);
        },
        () => labelTaken(label),
      );
    },

    /** Deletes an aircraft template no flight uses; one in use answers 409 ERROR_IN_USE (deactivate it instead). */
    remove: (actor: AuthUser, id: number) =>
      removeUnlessInUse(db, actor, {
        entityType: 'aircraftTemplate',
        name: 'aircraft template',
        id,
        exists: async (tx) => (await repo.findTemplate(tx, id)) !== undefined,
        remove: (tx) => repo.deleteTemplate(tx, id),
      }),
  };
}

export type AircraftTemplatesService = ReturnType<typeof createAircraftTemplatesService>;
