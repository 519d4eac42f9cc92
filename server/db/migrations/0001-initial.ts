/** The first schema: the staff accounts, their sessions, and the clients. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('staff')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('username', 'text', (column) => column.notNull().unique())
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('password_changed_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('staff_id', 'text', (column) => column.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('sessions_staff_id').on('sessions').column('staff_id').execute();

  await db.schema
    .createTable('clients')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('first_name', 'text', (column) => column.notNull())
    .addColumn('last_name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('registration_date_time', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  // The list is read in this order: oldest registration first.
  await db.schema.createIndex('clients_registration_date_time').on('clients').columns(['registration_date_time', 'id']).execute();
}
