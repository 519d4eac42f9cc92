import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Client } from './api.ts';
import { duplicatePairs, registeredFirst, type DuplicatePair } from './duplicates.ts';
import { emailKey, foldText } from './text.ts';

let nextId = 0;
const client = (firstName: string, lastName: string, email: string, registered: string): Client => ({
  _id: `c${++nextId}`,
  firstName,
  lastName,
  email,
  registrationDateTime: `${registered}T10:00:00.000Z`,
});
const described = (clients: readonly Client[]) =>
  duplicatePairs(clients).map(
    ({ kept, other, reasons }) => `${kept.firstName} ${kept.lastName} + ${other.firstName} ${other.lastName}: ${reasons.join(', ')}`,
  );

describe('possible duplicates', () => {
  it('pair clients with the same email in any case, or the same name in any case and without accents', () => {
    const lucia = client('Lucía', 'Pérez', 'lucia@example.com', '2024-01-01');
    const luciaAgain = client('LUCIA', 'PEREZ', 'lp@example.com', '2024-03-01');
    const ana = client('Ana', 'Silva', 'ana@example.com', '2024-02-01');
    const anaMother = client('Maria', 'Silva', ' ANA@example.com', '2024-04-01');
    const zoe = client('Zoë', 'Lee', 'zoe@example.com', '2024-05-01');
    expect(described([zoe, anaMother, luciaAgain, ana, lucia])).toEqual([
      'Lucía Pérez + LUCIA PEREZ: name',
      'Ana Silva + Maria Silva: email',
    ]);
  });

  it('keep the client registered first, pair each later one with it once, with both reasons when both match', () => {
    const first = client('Ana', 'Silva', 'ana@example.com', '2024-01-01');
    const second = client('Ana', 'Silva', 'ana@example.com', '2024-02-01');
    const third = client('ana', 'silva', 'other@example.com', '2024-03-01');
    expect(described([third, second, first])).toEqual(['Ana Silva + Ana Silva: email, name', 'Ana Silva + ana silva: name']);
    expect(duplicatePairs([third, second, first]).map((pair) => pair.kept._id)).toEqual([first._id, first._id]);
  });

  it('find none when every email and name differs', () => {
    expect(
      duplicatePairs([client('Ana', 'Silva', 'a@example.com', '2024-01-01'), client('Bo', 'Lee', 'b@example.com', '2024-01-01')]),
    ).toEqual([]);
  });

  it('pair every later client with the first registered of its group, whatever order the list comes in', () => {
    const latest = client('Ana', 'Silva', 'ana@example.com', '2024-03-01');
    const earliest = client('Bo', 'Lee', 'ANA@example.com', '2024-01-01');
    const middle = client('Cy', 'Park', ' ana@EXAMPLE.com ', '2024-02-01');
    const namesake = client('ANA', 'SÍLVA', 'silva@example.com', '2024-02-15');
    expect(described([latest, middle, namesake, earliest])).toEqual([
      'Bo Lee + Cy Park: email',
      'Bo Lee + Ana Silva: email',
      'ANA SÍLVA + Ana Silva: name',
    ]);
  });

  it('find the pairs the sorted scan finds, the same objects in the same order', () => {
    const people = fc.uniqueArray(
      fc.record({
        _id: fc.integer({ min: 0, max: 999 }).map((n) => `p${String(n).padStart(3, '0')}`),
        firstName: fc.constantFrom('Ana', 'ANA', 'Ána', ' ana ', 'Bo', 'Zoë', 'ZOE'),
        lastName: fc.constantFrom('Silva', 'SILVA', 'Sílva', 'Lee', 'Lée '),
        email: fc.constantFrom('a@x.example', 'A@X.example', ' a@x.example', 'b@x.example', 'c@x.example', 'd@x.example'),
        registrationDateTime: fc.constantFrom('2024-01-01T10:00:00.000Z', '2024-01-01T10:00:00.000Z', '2023-06-01T09:00:00.000Z'),
      }),
      { maxLength: 30, selector: (person) => person._id },
    );
    fc.assert(
      fc.property(people, (clients) => {
        const pairs = duplicatePairs(clients);
        const expected = sortedScan(clients);
        expect(pairs).toEqual(expected);
        pairs.forEach((pair, index) => {
          expect(pair.kept).toBe(expected[index]?.kept);
          expect(pair.other).toBe(expected[index]?.other);
        });
      }),
      { numRuns: 300 },
    );
  });
});

/**
 * The pairs as the contract first found them (before they were grouped by key): the list sorted by registration, each
 * client paired with the first one met with its email or its name.
 */
function sortedScan(clients: readonly Client[]): DuplicatePair[] {
  const firstByEmail = new Map<string, Client>();
  const firstByName = new Map<string, Client>();
  const pairs = new Map<string, DuplicatePair>();
  const pair = (kept: Client, other: Client, reason: 'email' | 'name') => {
    const found = pairs.get(`${kept._id} ${other._id}`);
    if (found) found.reasons.push(reason);
    else pairs.set(`${kept._id} ${other._id}`, { kept, other, reasons: [reason] });
  };
  for (const client of [...clients].sort(registeredFirst)) {
    const email = emailKey(client.email);
    const name = `${foldText(client.firstName.trim())} ${foldText(client.lastName.trim())}`;
    const sameEmail = firstByEmail.get(email);
    const sameName = firstByName.get(name);
    if (sameEmail) pair(sameEmail, client, 'email');
    else firstByEmail.set(email, client);
    if (sameName) pair(sameName, client, 'name');
    else firstByName.set(name, client);
  }
  return [...pairs.values()].sort((a, b) => registeredFirst(a.kept, b.kept) || registeredFirst(a.other, b.other));
}
