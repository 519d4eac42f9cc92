/** /clients/import, "Import clients" (issue 29): the file, its preview, the import, its undo, owners only. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockDb } from '#mocks/db.ts';
import { readFileMessages } from '../../features/import/utils/read-file.ts';
import { renderApp } from '../../testing/render-app.tsx';

const clients = [
  { _id: 'c-nina', firstName: 'Nina', lastName: 'Petrova', email: 'nina@example.com', registrationDateTime: '2024-05-01T10:30:00.000Z' },
];

/** A new client, one already in the list (another case), one twice, one without an email. */
const CSV = [
  'First name,Last name,Email,Registration date and time',
  'Iris,Novak,iris@example.com,2024-06-01 09:00',
  'Nina,Petrova-Smith,NINA@example.com,2024-06-02 09:00',
  'Iris,Novak,IRIS@example.com,2024-06-03 09:00',
  'Omar,Haddad,,2024-06-04 09:00',
  'Lena,Fischer,lena@example.com,',
].join('\r\n');

const csvFile = (text = CSV, name = 'clients.csv') => new File([text], name, { type: 'text/csv' });

async function openWithFile(file = csvFile()) {
  await mockDb.setClients(clients);
  const view = await renderApp('/clients/import', { loggedIn: true });
  await view.user.upload(await screen.findByLabelText('CSV file'), file);
  await screen.findByRole('list', { name: 'Rows by verdict' });
  return view;
}

const counts = () =>
  within(screen.getByRole('list', { name: 'Rows by verdict' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const verdictOf = (name: RegExp) => within(screen.getByRole('row', { name })).getAllByRole('cell').at(-1)?.textContent;

describe('/clients/import', () => {
  it('is opened from the client list by an owner', async () => {
    await mockDb.setClients(clients);
    const { user, router } = await renderApp('/clients', { loggedIn: true });
    await user.click(await screen.findByRole('link', { name: 'Import clients' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/import'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Import clients' })).toBeInTheDocument();
    expect(screen.getByLabelText('CSV file')).toHaveAttribute('type', 'file');
    expect(await screen.findByText('No imports in the last 30 days.')).toBeInTheDocument();
  });

  it('previews every row with its verdict, the counts and a filter', async () => {
    const { user } = await openWithFile();

    expect(counts()).toEqual(['New: 2', 'Already a client: 1', 'Twice in this file: 1', 'Not valid: 1']);
    expect(verdictOf(/iris@example\.com/)).toBe('New');
    expect(verdictOf(/NINA@example\.com/)).toBe('Already a client');
    expect(verdictOf(/IRIS@example\.com/)).toBe('Twice in this file');
    expect(verdictOf(/Omar/)).toBe('Not valid: Email is required');
    // The column mapping was guessed from the headers.
    expect(screen.getByRole('combobox', { name: 'Email' })).toHaveDisplayValue('Email');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Not valid (1)');
    const preview = screen.getByRole('table', { name: 'The file’s rows and what the import does with each' });
    expect(within(preview).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('row', { name: /Omar/ })).toBeInTheDocument();

    expect(screen.getByRole('radio', { name: 'Skip them' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Import 2 clients' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'Update them' }));
    expect(screen.getByRole('button', { name: 'Import 3 clients' })).toBeEnabled();
  });

  it('follows a changed column mapping', async () => {
    const { user } = await openWithFile();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Email' }), 'Not imported');

    expect(counts()).toEqual(['New: 0', 'Already a client: 0', 'Twice in this file: 0', 'Not valid: 5']);
    expect(screen.getByRole('button', { name: 'Import 0 clients' })).toBeDisabled();
  });

  it('asks how the dates are written only when they could be read two ways', async () => {
    const first = await openWithFile();
    expect(screen.queryByRole('group', { name: 'How are the dates written?' })).not.toBeInTheDocument();
    first.unmount();

    const { user } = await openWithFile(
      csvFile('First name,Last name,Email,Registration date and time\nIris,Novak,iris@example.com,01/02/2024 10:00'),
    );
    const question = screen.getByRole('group', { name: 'How are the dates written?' });
    await user.click(within(question).getByRole('radio', { name: /Month first/ }));
    expect(screen.getByRole('row', { name: /iris@example\.com/ })).toHaveTextContent('2024-01-02');
    await user.click(within(question).getByRole('radio', { name: /Day first/ }));
    expect(screen.getByRole('row', { name: /iris@example\.com/ })).toHaveTextContent('2024-02-01');
  });

  it('imports the rows, says so, and the undo takes them back', async () => {
    const { user } = await openWithFile();
    await user.click(screen.getByRole('button', { name: 'Import 2 clients' }));

    expect(await screen.findByText('Imported 2 clients.')).toBeInTheDocument();
    // Said in a status, read by screen readers without moving focus.
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Imported 2 clients.');
    // The Import button has gone with the preview: focus is on what it did, not lost to the page.
    expect(screen.getByText('Imported 2 clients.')).toHaveFocus();
    expect((await mockDb.listClients()).map((client) => client.firstName).toSorted()).toEqual(['Iris', 'Lena', 'Nina']);
    expect((await mockDb.findClient('c-nina'))?.lastName).toBe('Petrova');
    const recent = await screen.findByRole('row', { name: /clients\.csv/ });
    expect(
      within(recent)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/), 'admin', 'clients.csv', '2', 'No', 'Undo import']);

    // The first "Undo import" is the one beside the message, the other the recent import's.
    const [besideMessage] = screen.getAllByRole('button', { name: 'Undo import' });
    if (!besideMessage) throw new Error('No "Undo import" beside the message');
    await user.click(besideMessage);
    expect(await screen.findByText('Import undone.')).toBeInTheDocument();
    expect((await mockDb.listClients()).map((client) => client.firstName)).toEqual(['Nina']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo import' })).not.toBeInTheDocument());
    expect(within(screen.getByRole('row', { name: /clients\.csv/ })).getAllByRole('cell')[4]).toHaveTextContent(/by admin$/);
  });

  it('names the clients an undo from the list left as they were', async () => {
    const { user } = await openWithFile();
    await user.click(screen.getByRole('radio', { name: 'Update them' }));
    await user.click(screen.getByRole('button', { name: 'Import 3 clients' }));
    await screen.findByText('Imported 3 clients.');
    const iris = (await mockDb.listClients()).find((client) => client.firstName === 'Iris');
    if (!iris) throw new Error('Iris was not imported');
    await mockDb.updateClient(iris._id, { ...iris, lastName: 'Novakova' });

    await user.click(within(await screen.findByRole('row', { name: /clients\.csv/ })).getByRole('button', { name: 'Undo import' }));

    expect(await screen.findByText('Import undone. Changed since the import, so left as they were: Iris Novakova.')).toBeInTheDocument();
    expect((await mockDb.findClient('c-nina'))?.lastName).toBe('Petrova');
  });

  it('says why a file cannot be imported', async () => {
    const { user } = await openWithFile();
    await user.upload(screen.getByLabelText('CSV file'), csvFile('', 'empty.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent(readFileMessages.empty);
    expect(screen.queryByRole('button', { name: /^Import \d/ })).not.toBeInTheDocument();
  });

  it('is an owner’s: staff have no link, and the page says so', async () => {
    await mockDb.setClients(clients);
    const { unmount } = await renderApp('/clients', { loggedIn: true, account: 'sam' });
    await screen.findByRole('link', { name: 'Recently deleted' });
    expect(screen.queryByRole('link', { name: 'Import clients' })).not.toBeInTheDocument();
    unmount();

    await renderApp('/clients/import', { loggedIn: true, account: 'sam' });
    expect(await screen.findByText('Only an owner can see this page.')).toBeInTheDocument();
    expect(screen.queryByLabelText('CSV file')).not.toBeInTheDocument();
  });
});
