/** The clients table: the only place that knows its SQL. */
import type { Kysely, Selectable } from 'kysely';
import type { Client, ClientInput } from '../../contract/api.js';
import type { ClientsTable, Database } from '../db/schema.js';

const clientColumns = ['id', 'first_name', 'last_name', 'email', 'registration_date_time'] as const;

type ClientRow = Pick<Selectable<ClientsTable>, (typeof clientColumns)[number]>;

/** Exactly the contract's fields: nothing internal ever reaches an answer. */
function toClient(row: ClientRow): Client {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    registrationDateTime: row.registration_date_time,
  };
}

function toColumns(input: ClientInput) {
  return {
    first_name: input.firstName,
    last_name: input.lastName,
    email: input.email,
    registration_date_time: input.registrationDateTime,
  };
}

export function createClientsRepository(db: Kysely<Database>) {
  return {
    /** Every client, oldest registration first (SPEC.md section 4). */
    async listAll(): Promise<Client[]> {
      const rows = await db.selectFrom('clients').select(clientColumns).orderBy('registration_date_time').orderBy('id').execute();
      return rows.map(toClient);
    },

    async findById(id: string): Promise<Client | undefined> {
      const row = await db.selectFrom('clients').select(clientColumns).where('id', '=', id).executeTakeFirst();
      return row && toClient(row);
    },

    async insert(id: string, input: ClientInput, now: Date): Promise<Client> {
      const row = await db
        .insertInto('clients')
        .values({ id, ...toColumns(input), created_at: now.toISOString(), updated_at: now.toISOString() })
        .returning(clientColumns)
        .executeTakeFirstOrThrow();
      return toClient(row);
    },

    /** The client as stored after the update, or undefined when there is no such client. */
    async update(id: string, input: ClientInput, now: Date): Promise<Client | undefined> {
      const row = await db
        .updateTable('clients')
        .set({ ...toColumns(input), updated_at: now.toISOString() })
        .where('id', '=', id)
        .returning(clientColumns)
        .executeTakeFirst();
      return row && toClient(row);
    },

    /** Whether a client was deleted. */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('clients').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type ClientsRepository = ReturnType<typeof createClientsRepository>;
