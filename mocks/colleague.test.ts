import { describe, expect, it } from 'vitest';
import { colleague } from './colleague.ts';
import { mockDb } from './db.ts';

describe('the simulated colleague', () => {
  const amelia = 'mock-000001';

  it('updates some fields of a client as staff "colleague": a new version and an "updated" entry', async () => {
    const updated = await colleague.update(amelia, { lastName: 'Novak', registrationDateTime: '2024-05-01T10:30' });
    expect(updated).toEqual({ ...(await mockDb.findClient(amelia)), lastName: 'Novak', registrationDateTime: '2024-05-01T10:30:00.000Z' });
    expect((await mockDb.findVersioned(amelia))?.version).toBe(2);
    expect((await mockDb.history(amelia))?.[0]).toMatchObject({
      version: 2,
      kind: 'updated',
      by: 'colleague',
      before: { lastName: 'Hart' },
      after: { lastName: 'Novak' },
    });
  });

  it('deletes a client as staff "colleague"', async () => {
    expect(await colleague.delete(amelia)).toBe(true);
    expect(await mockDb.findClient(amelia)).toBeUndefined();
    expect(await mockDb.listDeletedClients()).toEqual([expect.objectContaining({ _id: amelia, deletedBy: 'colleague' })]);
    expect(await colleague.delete(amelia)).toBe(false);
  });

  it('refuses fields the contract refuses, and a client that is not there, writing nothing', async () => {
    await expect(colleague.update(amelia, { email: 'nina' })).rejects.toThrow('Email must be a valid email address');
    await expect(colleague.update('unknown', { lastName: 'Novak' })).rejects.toThrow('The colleague found no client unknown to update');
    await colleague.delete(amelia);
    await expect(colleague.update(amelia, { lastName: 'Novak' })).rejects.toThrow(/no client mock-000001/);
    expect((await mockDb.history(amelia))?.map((change) => change.kind)).toEqual(['deleted', 'registered']);
  });
});
