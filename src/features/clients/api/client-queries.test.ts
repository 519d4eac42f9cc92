import type { Client } from '#contract/api';
import { sortByRegistration } from './client-queries.ts';

const client = (id: string, registrationDateTime: string): Client => ({
  _id: id,
  firstName: id,
  lastName: 'Hart',
  email: `${id}@example.com`,
  registrationDateTime,
});

describe('sortByRegistration', () => {
  it('puts the oldest registration first, equal times in their original order', () => {
    const clients = [
      client('c', '2024-05-01T10:30:00.000Z'),
      client('a', '2023-01-15T09:00:00.000Z'),
      client('d', '2024-05-01T10:30:00.000Z'),
      client('b', '2023-06-01T08:00:00+02:00'),
    ];
    expect(sortByRegistration(clients).map((each) => each._id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('returns a new array and leaves the cached one as it is, sorted or not', () => {
    const sorted = [client('a', '2023-01-15T09:00:00.000Z'), client('b', '2024-01-15T09:00:00.000Z')];
    const unsorted = [...sorted].reverse();
    for (const clients of [sorted, unsorted]) {
      const before = [...clients];
      const result = sortByRegistration(clients);
      expect(result).not.toBe(clients);
      expect(clients).toEqual(before);
      expect(result.map((each) => each._id)).toEqual(['a', 'b']);
    }
    expect(sortByRegistration([])).toEqual([]);
  });
});
