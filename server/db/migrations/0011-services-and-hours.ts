/**
 * The book's setup (issue 40, docs/decisions/038-the-book.md): the services the salon offers (a removed one stays on
 * the appointments that name it), each member's working week, and their time off. A member with no row in
 * working_hours takes no appointments.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('services')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('duration_minutes', 'integer', (column) =>
      column.notNull().check(sql`duration_minutes BETWEEN 5 AND 480 AND duration_minutes % 5 = 0`),
    )
    // Minor units of SALON_CURRENCY (3550 is €35.50), or null when the salon names no price.
    .addColumn('price', 'integer', (column) => column.check(sql`price >= 0`))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('removed_at', 'text')
    .execute();

  await db.schema
    .createTable('working_hours')
    .addColumn('staff_id', 'text', (column) => column.primaryKey().references('staff.id').onDelete('cascade'))
    // JSON text: contract/book.ts's WorkingHours, each weekday's { from, to } in the salon's time, or null.
    .addColumn('hours', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('time_off')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('staff_id', 'text', (column) => column.notNull().references('staff.id').onDelete('cascade'))
    // The salon's local dates ("2026-12-24"), both included.
    .addColumn('first_day', 'text', (column) => column.notNull())
    .addColumn('last_day', 'text', (column) => column.notNull().check(sql`last_day >= first_day`))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('time_off_staff_id_last_day').on('time_off').columns(['staff_id', 'last_day']).execute();
}
