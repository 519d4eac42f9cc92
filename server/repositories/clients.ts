/** The clients table: the only place that knows its SQL. */
import { sql, type CompiledQuery, type Kysely, type Selectable } from 'kysely';
import type { Client, ClientInput } from '#contract/api';
import { isPostgres } from '../db/engine.ts';
import type { ClientsTable, Database } from '../db/schema.ts';

const clientColumns = ['id', 'first_name', 'last_name', 'email', 'registration_date_time'] as const;

type ClientRow = Pick<Selectable<ClientsTable>, (typeof clientColumns)[number]>;

/** Exactly the contract's fields: nothing internal ever reaches a response. */
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
 * Each client's JSON as the database writes it, the same text as JSON.stringify(toClient(row)) (SQLite's
 * json_object; PostgreSQL's row_to_json, which writes no spaces): no JavaScript object per row for the list.
 */
function clientsAsJson(db: Kysely<Database>) {
  if (isPostgres(db)) {
    const fields = db
      .selectFrom('clients')
      .select(['id as _id', 'first_name as firstName', 'last_name as lastName', 'email', 'registration_date_time as registrationDateTime'])
      .as('client');
    return db
      .selectFrom(fields)
      .select(sql<string>`row_to_json(client)::text`.as('json'))
      .orderBy('client.registrationDateTime')
      .orderBy('client._id');
  }
  const json = sql<string>`json_object('_id', id, 'firstName', first_name, 'lastName', last_name, 'email', email, 'registrationDateTime', registration_date_time)`;
  return db.selectFrom('clients').select(json.as('json')).orderBy('registration_date_time').orderBy('id');
}

export function createClientsRepository(db: Kysely<Database>) {
  return {
    /** How many clients there are and how many bytes their JSON takes: to size one Buffer for the list. */
    async jsonSize(): Promise<{ clients: number; bytes: number }> {
      const size = await db
        .selectFrom(clientsAsJson(db).clearOrderBy().as('list'))
        .select((eb) => [eb.fn.countAll<number>().as('clients'), sql<number>`sum(octet_length(list.json))`.as('bytes')])
        .executeTakeFirstOrThrow();
      return { clients: Number(size.clients), bytes: Number(size.bytes ?? 0) };
    },

    /** Every client's JSON, oldest registration first (the list's order): for DatabaseEngine.forEachValue. */
    jsonListQuery(): CompiledQuery<{ json: string }> {
      return clientsAsJson(db).compile();
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
