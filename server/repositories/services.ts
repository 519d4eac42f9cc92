/** The services the salon offers (issue 40): a removed service stays on the appointments that name it. */
import type { Kysely, Selectable } from 'kysely';
import type { Service } from '#contract/book';
import type { Database, ServicesTable } from '../db/schema.ts';

export function toService(row: Selectable<ServicesTable>): Service {
  return {
    id: row.id,
    name: row.name,
    durationMinutes: row.duration_minutes,
    price: row.price === null ? null : Number(row.price),
    removed: row.removed_at !== null,
  };
}

export function createServicesRepository(db: Kysely<Database>) {
  return {
    /** Every service, removed ones too (they name past appointments), in name order. */
    async list(): Promise<Service[]> {
      return (await db.selectFrom('services').selectAll().orderBy('name').orderBy('id').execute()).map(toService);
    },
    /** One service, removed or not; undefined for an unknown id. */
    async find(id: string): Promise<Service | undefined> {
      const row = await db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toService(row);
    },
  };
}
