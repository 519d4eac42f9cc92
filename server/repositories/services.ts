/** The services the salon offers (issue 40): a removed service stays on the appointments that name it. */
import type { Kysely, Selectable } from 'kysely';
import type { Service, ServiceFields } from '#contract/book';
import type { Database, ServicesTable } from '../db/schema.ts';

function toService(row: Selectable<ServicesTable>): Service {
  return {
    id: row.id,
    name: row.name,
    durationMinutes: row.duration_minutes,
    price: row.price === null ? null : Number(row.price),
    removed: row.removed_at !== null,
  };
}

export function createServicesRepository(db: Kysely<Database>) {
  /** One service, removed or not; undefined for an unknown id. */
  async function find(id: string): Promise<Service | undefined> {
    const row = await db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toService(row);
  }

  return {
    /** Every service, removed ones too (they name past appointments), in name order. */
    async list(): Promise<Service[]> {
      return (await db.selectFrom('services').selectAll().orderBy('name').orderBy('id').execute()).map(toService);
    },
    find,
    /** A new service, its id a random UUID (the browser's crypto too: the mock runs this). */
    async add({ name, durationMinutes, price }: ServiceFields, at: string): Promise<Service> {
      const row = { id: crypto.randomUUID(), name, duration_minutes: durationMinutes, price, created_at: at, removed_at: null };
      await db.insertInto('services').values(row).execute();
      return toService(row);
    },
    /** The service's new name, duration and price; undefined for an unknown id. */
    async update(id: string, { name, durationMinutes, price }: ServiceFields): Promise<Service | undefined> {
      const row = await db
        .updateTable('services')
        .set({ name, duration_minutes: durationMinutes, price })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toService(row);
    },
    /** Marks a service removed (kept: it names past appointments); `removedNow` is false when it already was. */
    async remove(id: string, at: string): Promise<{ service: Service; removedNow: boolean } | undefined> {
      const removed = await db
        .updateTable('services')
        .set({ removed_at: at })
        .where('id', '=', id)
        .where('removed_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (removed) return { service: toService(removed), removedNow: true };
      const service = await find(id);
      return service && { service, removedNow: false };
    },
  };
}
