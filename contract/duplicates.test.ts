import { describe, expect, it } from 'vitest';
import type { Client } from './api.ts';
import { duplicatePairs } from './duplicates.ts';

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
});
