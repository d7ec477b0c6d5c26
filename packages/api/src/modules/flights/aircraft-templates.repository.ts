import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { aircraftTemplates, type StoredAircraftSection } from '../../db/schema/index.ts';

export const listTemplates = (db: Db) =>
  db.select().from(aircraftTemplates).orderBy(asc(aircraftTemplates.label));

export const findTemplate = async (db: Db | Tx, id: number) =>
  (await db.select().from(aircraftTemplates).where(eq(aircraftTemplates.id, id)).limit(1))[0];

export const findTemplateByLabel = async (db: Db | Tx, label: string) =>
  (
    await db
      .select()
      .from(aircraftTemplates)
      .where(sql`lower(${aircraftTemplates.label}) = lower(${label})`)
      .limit(1)
  )[0];

export async function insertTemplate(tx: Tx, values: { label: string; sections: StoredAircraftSection[] }) {
  const [row] = await tx.insert(aircraftTemplates).values(values).returning();
  return row!;
}

export async function updateTemplate(
  tx: Tx,
  id: number,
  values: { label: string; sections: StoredAircraftSection[] },
) {
  const [row] = await tx
    .update(aircraftTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(aircraftTemplates.id, id))
    .returning();
  return row;
}

export async function deleteTemplate(tx: Tx, id: number) {
  await tx.delete(aircraftTemplates).where(eq(aircraftTemplates.id, id));
}
