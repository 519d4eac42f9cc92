import { describe, expect, it } from 'vitest';
import { colleague } from './colleague.ts';
import { mockDb } from './db.ts';

describe('the simulated colleague', () => {
  const amelia = 'mock-000001';

  it('updates some fields of a client as staff "colleague": a new version and an "updated" entry', () => {
    const updated = colleague.update(amelia, { lastName: 'Novak', registrationDateTime: '2024-05-01T10:30' });
    expect(updated).toEqual({ ...mockDb.findClient(amelia), lastName: 'Novak', registrationDateTime: '2024-05-01T10:30:00.000Z' });
    expect(mockDb.findVersioned(amelia)?.version).toBe(2);
    expect(mockDb.history(amelia)?.[0]).toMatchObject({
      version: 2,
      kind: 'updated',
      by: 'colleague',
      before: { lastName: 'Hart' },
      after: { lastName: 'Novak' },
    });
  });

  it('deletes a client as staff "colleague"', () => {
    expect(colleague.delete(amelia)).toBe(true);
    expect(mockDb.findClient(amelia)).toBeUndefined();
    expect(mockDb.listDeletedClients()).toEqual([expect.objectContaining({ _id: amelia, deletedBy: 'colleague' })]);
    expect(colleague.delete(amelia)).toBe(false);
  });

  it('refuses fields the contract refuses, and a client that is not there, writing nothing', () => {
    expect(() => colleague.update(amelia, { email: 'nina' })).toThrow('Email must be a valid email address');
    expect(() => colleague.update('unknown', { lastName: 'Novak' })).toThrow('The colleague found no client unknown to update');
    colleague.delete(amelia);
    expect(() => colleague.update(amelia, { lastName: 'Novak' })).toThrow(/no client mock-000001/);
    expect(mockDb.history(amelia)?.map((change) => change.kind)).toEqual(['deleted', 'registered']);
  });
});
