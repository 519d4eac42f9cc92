/** The clients table: the only place that knows its SQL. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Client, ClientInput } from '../../contract/api.ts';
import { forEachValue } from '../db/database.ts';
import type { ClientsTable, Database } from '../db/schema.ts';

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

/**
 * A client's JSON as SQLite writes it: the fields of toClient, in its order, so the same
 * text JSON.stringify(toClient(row)) gives. Lets the list be serialised without a JavaScript
 * object per row (see forEachJson).
 */
const clientJson = sql<string>`json_object('_id', id, 'firstName', first_name, 'lastName', last_name, 'email', email, 'registrationDateTime', registration_date_time)`;

export function createClientsRepository(db: Kysely<Database>) {
  return {
    /** How many clients there are and how many bytes their JSON takes: to size one Buffer for forEachJson. */
    async jsonSize(): Promise<{ clients: number; bytes: number }> {
      const size = await db
        .selectFrom('clients')
        .select((eb) => [eb.fn.countAll<number>().as('clients'), sql<number>`total(length(cast(${clientJson} as blob)))`.as('bytes')])
        .executeTakeFirstOrThrow();
      return { clients: Number(size.clients), bytes: Number(size.bytes) };
    },

    /**
     * Every client's JSON, oldest registration first (the list's order), handed to `visit` one
     * at a time: one string per row, without a JavaScript object per row (50,000 rows should
     * not cost 50,000 of them).
     */
    forEachJson(visit: (json: string) => void): Promise<void> {
      return forEachValue(
        db,
        db.selectFrom('clients').select(clientJson.as('json')).orderBy('registration_date_time').orderBy('id').compile(),
        visit,
      );
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
