/**
 * PostgreSQL's way of telling the other instances that a table changed (LISTEN `channel`): a function that notifies
 * the channel, run by a trigger after each statement. Migrations 0004 (client_changes) and 0007 (auth_changes) make
 * theirs with it. The function's text is what each ran before it was shared, down to its indentation (`indent`
 * spaces): PostgreSQL keeps a function's body as written (index.ts).
 */
import { sql, type Kysely } from 'kysely';

/** `CREATE FUNCTION {fn}()` that notifies `channel`, with no payload. */
export async function createNotifyFunction(db: Kysely<unknown>, fn: string, channel: string, indent: number): Promise<void> {
  const pad = ' '.repeat(indent);
  const body = [`BEGIN`, `  PERFORM pg_notify('${channel}', '');`, `  RETURN NULL;`, `END $$`].map((line) => pad + line).join('\n');
  await sql.raw(`\n${pad}CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$\n${body}`).execute(db);
}

/** `CREATE TRIGGER {trigger} AFTER {events} ON {table} FOR EACH STATEMENT EXECUTE FUNCTION {fn}()`. */
export async function notifyAfter(db: Kysely<unknown>, trigger: string, events: string, table: string, fn: string): Promise<void> {
  await sql.raw(`CREATE TRIGGER ${trigger} AFTER ${events} ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`).execute(db);
}
