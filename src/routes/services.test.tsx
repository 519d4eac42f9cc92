/** /services, the salon's services (issue 40): an owner lists, adds, edits and removes them; staff are told it is an owner's. */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PRICE_RULE, type Service } from '#contract/book';
import { mockDb } from '#mocks/db.ts';
import { server } from '#mocks/node.ts';
import { changeStatuses, goOffline } from '../testing/offline.ts';
import { renderApp } from '../testing/render-app.tsx';

/** The mock's services as stored, removed ones too. */
const storedServices = async () => (await mockDb.readBook((setup) => setup.listServices())).body;
const rowOf = (name: string) => screen.findByRole('row', { name: new RegExp(`^${name}\\b`) });

describe('/services', () => {
  it('shows an owner the services still offered: name, duration and price in the salon’s currency', async () => {
    mockDb.setSalon({ currency: 'EUR' });
    await renderApp('/services', { loggedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Services' })).toBeInTheDocument();
    const haircut = within(await rowOf('Haircut and styling'));
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Duration', 'Price', 'Actions']);
    expect(haircut.getByRole('cell', { name: '60 min' })).toBeInTheDocument();
    expect(haircut.getByRole('cell', { name: '€45.00' })).toBeInTheDocument();
    const names = screen.getAllByRole('rowheader').map((header) => header.textContent);
    expect(names).toEqual(['Bridal make-up', 'Hair colour', 'Haircut and styling', 'Photoshoot make-up']);
  });

  it('tells staff it is an owner’s page', async () => {
    await renderApp('/services', { loggedIn: true, account: 'sam' });
    expect(await screen.findByText('Only an owner can see this page.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add service' })).not.toBeInTheDocument();
  });

  it('sends a visitor to the login page', async () => {
    const { router } = await renderApp('/services');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('adds a service with a price, and one without; the form is empty again after each', async () => {
    const { user } = await renderApp('/services', { loggedIn: true });
    await rowOf('Hair colour');
    const form = within(screen.getByRole('region', { name: 'Add a service' }));
    await user.type(form.getByLabelText('Service name'), 'Manicure');
    await user.type(form.getByLabelText('Duration (minutes)'), '30');
    await user.type(form.getByLabelText('Price'), '25.5');
    await user.click(form.getByRole('button', { name: 'Add service' }));

    const manicure = within(await rowOf('Manicure'));
    expect(manicure.getByRole('cell', { name: '30 min' })).toBeInTheDocument();
    expect(manicure.getByRole('cell', { name: '€25.50' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Manicure is added.');
    expect(form.getByLabelText('Service name')).toHaveValue('');
    expect((await storedServices()).find(({ name }) => name === 'Manicure')).toMatchObject({ durationMinutes: 30, price: 2550 });

    await user.type(form.getByLabelText('Service name'), 'Consultation');
    await user.type(form.getByLabelText('Duration (minutes)'), '15');
    await user.click(form.getByRole('button', { name: 'Add service' }));
    expect(within(await rowOf('Consultation')).getByRole('cell', { name: '—' })).toBeInTheDocument();
  });

  it('says the contract’s rules by the fields and sends nothing', async () => {
    const { user } = await renderApp('/services', { loggedIn: true });
    await rowOf('Hair colour');
    const form = within(screen.getByRole('region', { name: 'Add a service' }));
    await user.type(form.getByLabelText('Duration (minutes)'), '7');
    await user.type(form.getByLabelText('Price'), '12.345');
    await user.click(form.getByRole('button', { name: 'Add service' }));

    expect(await form.findByText('Enter the service name.')).toBeInTheDocument();
    expect(form.getByLabelText('Service name')).toHaveAccessibleDescription('Enter the service name.');
    expect(form.getByLabelText('Duration (minutes)')).toHaveAccessibleDescription('Use 5 to 480 minutes, in steps of 5.');
    expect(form.getByLabelText('Price')).toHaveAccessibleDescription(PRICE_RULE);
    expect(await storedServices()).toHaveLength(4);
  });

  it('keeps what was typed when the server refuses, and says why by the field', async () => {
    server.use(http.post('*/api/services', () => HttpResponse.json({ message: PRICE_RULE }, { status: 400 })));
    const { user } = await renderApp('/services', { loggedIn: true });
    await rowOf('Hair colour');
    const form = within(screen.getByRole('region', { name: 'Add a service' }));
    await user.type(form.getByLabelText('Service name'), 'Manicure');
    await user.type(form.getByLabelText('Duration (minutes)'), '30');
    await user.type(form.getByLabelText('Price'), '25');
    await user.click(form.getByRole('button', { name: 'Add service' }));

    await waitFor(() => expect(form.getByLabelText('Price')).toHaveAccessibleDescription(PRICE_RULE));
    expect(form.getByLabelText('Service name')).toHaveValue('Manicure');
    expect(form.getByLabelText('Duration (minutes)')).toHaveValue(30);
  });

  it('edits a service in its row; Cancel leaves it as it was', async () => {
    const { user } = await renderApp('/services', { loggedIn: true });
    await user.click(within(await rowOf('Hair colour')).getByRole('button', { name: 'Edit Hair colour' }));
    const editor = within(screen.getByRole('form', { name: 'Edit Hair colour' }));
    expect(editor.getByLabelText('Service name')).toHaveFocus();
    expect(editor.getByLabelText('Duration (minutes)')).toHaveValue(120);
    expect(editor.getByLabelText('Price')).toHaveValue('85.00');
    await user.clear(editor.getByLabelText('Service name'));
    await user.type(editor.getByLabelText('Service name'), 'Colour and gloss');
    await user.clear(editor.getByLabelText('Price'));
    await user.click(editor.getByRole('button', { name: 'Save' }));

    const edited = within(await rowOf('Colour and gloss'));
    expect(edited.getByRole('cell', { name: '—' })).toBeInTheDocument();
    expect(edited.getByRole('button', { name: 'Edit Colour and gloss' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Colour and gloss is saved.');

    await user.click(edited.getByRole('button', { name: 'Edit Colour and gloss' }));
    await user.type(within(screen.getByRole('form', { name: 'Edit Colour and gloss' })).getByLabelText('Service name'), ' deluxe');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await rowOf('Colour and gloss')).toBeInTheDocument();
    expect((await storedServices()).map(({ name }) => name)).toContain('Colour and gloss');
  });

  it('Remove asks first: No keeps the service, Yes stops listing it and keeps it stored as removed', async () => {
    const { user } = await renderApp('/services', { loggedIn: true });
    const bridal = within(await rowOf('Bridal make-up'));
    await user.click(bridal.getByRole('button', { name: 'Remove Bridal make-up' }));
    await user.click(within(bridal.getByRole('alertdialog', { name: /^Remove Bridal make-up\?/ })).getByRole('button', { name: 'No' }));
    expect(bridal.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(bridal.getByRole('button', { name: 'Remove Bridal make-up' }));
    await user.click(within(bridal.getByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Bridal make-up is removed.');
    expect(screen.queryByRole('row', { name: /^Bridal make-up/ })).not.toBeInTheDocument();
    expect((await storedServices()).find(({ name }) => name === 'Bridal make-up')).toMatchObject<Partial<Service>>({ removed: true });
  });

  it('offline, adding fails at once with what was typed kept, and waits for no connection', async () => {
    const { user, queryClient } = await renderApp('/services', { loggedIn: true });
    await rowOf('Hair colour');
    goOffline();
    // The mock's offline scenario names no service call yet: this one fails as the network does.
    server.use(http.post('*/api/services', () => HttpResponse.error()));
    const form = within(screen.getByRole('region', { name: 'Add a service' }));
    await user.type(form.getByLabelText('Service name'), 'Manicure');
    await user.type(form.getByLabelText('Duration (minutes)'), '30');
    await user.click(form.getByRole('button', { name: 'Add service' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Could not add the service: the server cannot be reached. Try again once the connection is back.',
    );
    expect(changeStatuses(queryClient)).toEqual(['error']);
    expect(form.getByLabelText('Service name')).toHaveValue('Manicure');
  });
});
