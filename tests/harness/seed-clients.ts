/**
 * Realistic clients, many of them, written through the server's own code: the database is
 * opened (and migrated) by `openDatabase`, rows go in through the clients repository with
 * ids from `generateClientId`, and every generated client is first checked against the
 * contract's ClientInput, so the data is exactly what the API could have stored.
 * The names and dates come from a seeded generator: the same count gives the same people.
 */
import { ClientInput } from '#contract/api';
import { generateClientId } from '#server/clients/client-store.ts';
import { openDatabase, type DatabaseConfig } from '#server/db/database.ts';
import { createClientsRepository } from '#server/repositories/clients.ts';
import { seededRandom } from './seeded-random.ts';

const FIRST_NAMES = [
  'Amelia',
  'Olivia',
  'Isla',
  'Ava',
  'Mia',
  'Sofia',
  'Grace',
  'Lily',
  'Freya',
  'Emily',
  'Ella',
  'Chloé',
  'Zoë',
  'Hannah',
  'Nina',
  'Léa',
  'Anaïs',
  'Maja',
  'Aiko',
  'Priya',
  'Fatima',
  'Noor',
  'Sara',
  'Lucía',
  'Valentina',
  'Ingrid',
  'Mateo',
  'Liam',
  'Noah',
  'Oscar',
  'Jonas',
  'Tomás',
  'Yusuf',
  'Kenji',
  'Arjun',
  'Elena',
  'Ivana',
];
const LAST_NAMES = [
  'Hart',
  'Smith',
  'García',
  'Müller',
  'Rossi',
  'Dubois',
  'Kowalski',
  'Novak',
  'Johansson',
  'Nakamura',
  'Patel',
  'Okafor',
  'Haddad',
  'Silva',
  'Jensen',
  'Van der Berg',
  "O'Neill",
  'Fernández',
  'Nguyen',
  'Kim',
  'Papadopoulos',
  'Andersson',
  'Moreau',
  'Schmidt',
  'Costa',
  'Horvat',
  'Yilmaz',
  'Cohen',
  'Bianchi',
  'Lindqvist',
];
const DOMAINS = ['example.com', 'example.org', 'mail.example', 'salon-clients.example'];

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const emailPart = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** Registrations spread over ten years of opening hours, on the minute. */
const FIRST_DAY = Date.parse('2016-01-04T00:00:00Z');
const DAYS = 3650;

export function generateClients(count: number, seed = 5): ClientInput[] {
  const random = seededRandom(seed);
  const clients: ClientInput[] = [];
  for (let index = 0; index < count; index += 1) {
    const firstName = pick(random, FIRST_NAMES);
    const lastName = pick(random, LAST_NAMES);
    const day = FIRST_DAY + Math.floor(random() * DAYS) * 86_400_000;
    const minute = 9 * 60 + Math.floor(random() * 10 * 60);
    const registered = new Date(day + minute * 60_000).toISOString().slice(0, 16);
    clients.push(
      ClientInput.parse({
        firstName,
        lastName,
        email: `${emailPart(firstName)}.${emailPart(lastName)}${index}@${pick(random, DOMAINS)}`,
        registrationDateTime: registered,
      }),
    );
  }
  return clients;
}

export type SeedResult = { added: number; total: number };

/**
 * Adds `count` generated clients to the database (a SQLite file or any DatabaseConfig), creating
 * and migrating it when it is new, or the `clients` given (salon-clients.ts). With `replace`, the clients already
 * there are deleted first.
 */
export async function seedClients(
  database: string | DatabaseConfig,
  count: number,
  { replace = false, clients = generateClients(count) }: { replace?: boolean; clients?: readonly ClientInput[] } = {},
): Promise<SeedResult> {
  const { db } = await openDatabase(typeof database === 'string' ? { kind: 'sqlite', file: database } : database);
  try {
    const now = new Date();
    const BATCH = 5000;
    if (replace) await db.deleteFrom('clients').execute();
    for (let start = 0; start < clients.length; start += BATCH) {
      // One transaction per batch: one disk sync per 5,000 rows instead of one per row.
      await db.transaction().execute(async (trx) => {
        const repository = createClientsRepository(trx);
        for (const client of clients.slice(start, start + BATCH)) await repository.insert(generateClientId(), client, { by: 'seed', now });
      });
    }
    const { total } = await db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return { added: clients.length, total: Number(total) };
  } finally {
    await db.destroy();
  }
}
