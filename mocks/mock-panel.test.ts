import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockDb } from './db.ts';
import { showMockPanel } from './mock-panel.ts';

describe('the mock panel’s colleague', () => {
  afterEach(() => {
    document.querySelector('.salon-mock-panel')?.remove();
    window.history.replaceState(null, '', '/');
  });

  async function openPanel(path: string) {
    window.history.replaceState(null, '', path);
    showMockPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mock backend' }));
    return user;
  }

  it('edits the client on screen as staff "colleague": another last name, a new version', async () => {
    const user = await openPanel('/clients/edit/mock-000001');
    await user.click(screen.getByRole('button', { name: 'Colleague edits this client' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Colleague changed the last name from Hart to Novak'));
    expect(await mockDb.findVersioned('mock-000001')).toMatchObject({ client: { lastName: 'Novak' }, version: 2 });
    expect((await mockDb.history('mock-000001'))?.[0]).toMatchObject({ kind: 'updated', by: 'colleague' });
    await user.click(screen.getByRole('button', { name: 'Colleague edits this client' }));
    await expect.poll(async () => (await mockDb.findClient('mock-000001'))?.lastName).toBe('Lambert');
  });

  it('deletes the client on screen as staff "colleague"', async () => {
    const user = await openPanel('/clients/edit/mock-000002');
    await user.click(screen.getByRole('button', { name: 'Colleague deletes this client' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Colleague deleted this client.'));
    expect(await mockDb.findClient('mock-000002')).toBeUndefined();
    expect(await mockDb.listDeletedClients()).toEqual([expect.objectContaining({ _id: 'mock-000002', deletedBy: 'colleague' })]);
    await user.click(screen.getByRole('button', { name: 'Colleague edits this client' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The colleague found no client mock-000002 to update'));
  });

  it('registers a client as staff "colleague", anywhere', async () => {
    const user = await openPanel('/clients');
    await user.click(screen.getByRole('button', { name: 'Colleague registers a client' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Colleague registered Zoe Quinn.'));
    expect((await mockDb.listClients()).at(-1)).toMatchObject({ firstName: 'Zoe', lastName: 'Quinn', email: 'zoe.quinn.1@example.com' });
    expect((await mockDb.changes()).at(-1)).toMatchObject({ kind: 'registered', by: 'colleague' });
  });

  it('asks for an edit page elsewhere, changing nothing', async () => {
    const user = await openPanel('/clients');
    await user.click(screen.getByRole('button', { name: 'Colleague deletes this client' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Open a client’s edit page first'));
    expect(await mockDb.listDeletedClients()).toEqual([]);
  });
});
