import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockDb } from '#mocks/db.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { recordRequests } from '../../testing/request-log.ts';
import { nina, omar, typeNewClient } from '../../testing/sample-clients.ts';

describe('an email another client already has', () => {
  it('asks before saving; No keeps the form as typed and sends nothing', async () => {
    await mockDb.setClients([nina]);
    const requests = recordRequests();
    const { user } = await renderApp('/clients/register', { loggedIn: true });
    await typeNewClient(user, '  NINA@example.com ');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const question = await screen.findByRole('alertdialog', {
      name: 'A client with this email already exists: Nina Petrova. Save anyway?',
    });
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Léa');
    expect(requests).not.toContain('POST /api/clients');
  });

  it('Yes saves', async () => {
    await mockDb.setClients([nina]);
    const { user } = await renderApp('/clients/register', { loggedIn: true });
    await typeNewClient(user, 'nina@example.com');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await screen.findByText('Client registered successfully!');
    expect((await mockDb.listClients()).filter((client) => client.email === 'nina@example.com')).toHaveLength(2);
  });

  it('on the edit page, asks about another client’s email but not the client’s own', async () => {
    await mockDb.setClients([nina, omar]);
    const { user } = await renderApp('/clients/edit/c-nina', { loggedIn: true });
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'omar@example.com');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alertdialog', { name: /already exists: Omar Haddad/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No' }));

    await user.clear(email);
    await user.type(email, 'nina@example.com');
    await user.type(screen.getByLabelText('Last name'), '-Ivanova');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Client updated successfully!');
  });
});
