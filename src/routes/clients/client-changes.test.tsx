/**
 * Several staff on one client (issue 18): the edit form's If-Match, the conflict and its merge, a client deleted
 * while being edited, the delete's second question, undo, history, export and erasure. The colleague is the mock's
 * (mocks/colleague.ts), writing to the same store as staff "colleague".
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { colleague } from '#mocks/colleague.ts';
import { mockDb } from '#mocks/db.ts';
import { server } from '#mocks/node.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { nina } from '../../testing/sample-clients.ts';
import { recordJsonBodies } from '../../testing/request-log.ts';

/** The If-Match header of every `method` request from now on (null when there was none). */
function recordIfMatch(method: 'PUT' | 'DELETE'): Array<string | null> {
  const headers: Array<string | null> = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method === method) headers.push(request.headers.get('If-Match'));
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return headers;
}

type View = Awaited<ReturnType<typeof renderApp>>;

async function openNina() {
  await mockDb.setClients([nina]);
  const view = await renderApp('/clients/edit/c-nina', { loggedIn: true });
  await screen.findByLabelText('First name');
  return view;
}

async function replaceValue(user: View['user'], label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, value);
}

/** Update, saved: the If-Match headers it sent. */
async function ifMatchOfUpdate(user: View['user']): Promise<Array<string | null>> {
  const ifMatch = recordIfMatch('PUT');
  await user.click(screen.getByRole('button', { name: 'Update' }));
  await screen.findByText('Client updated successfully!');
  return ifMatch;
}

/**
 * Nina's form with `mine` typed (label → value), the colleague saving `theirs` meanwhile, then Update: the conflict's
 * alert.
 */
async function updateOverColleague(mine: Record<string, string>, theirs: Parameters<typeof colleague.update>[1]) {
  const { user } = await openNina();
  for (const [label, value] of Object.entries(mine)) await replaceValue(user, label, value);
  await colleague.update('c-nina', theirs);
  await user.click(screen.getByRole('button', { name: 'Update' }));
  return { user, alert: await screen.findByRole('alert') };
}

/** Delete, Yes: the client deleted from its form, and the list shown. */
async function deleteFromForm({ user, router }: View) {
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await user.click(screen.getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
}

describe('saving over a colleague', () => {
  it('sends the version the form was opened at as If-Match', async () => {
    const { user } = await openNina();
    await replaceValue(user, 'First name', 'Nadia');
    expect(await ifMatchOfUpdate(user)).toEqual(['"v1"']);
  });

  it('a colleague’s change since: the form keeps what was typed, takes their untouched fields, shows both-changed ones', async () => {
    const { alert } = await updateOverColleague(
      { 'Last name': 'Petrova-Hart', Email: 'nina.mine@example.com' },
      { email: 'nina.theirs@example.com', firstName: 'Nadia' },
    );

    expect(alert).toHaveTextContent('This client was changed by colleague while you were editing.');
    // Untouched by the user: the colleague's value. Changed by both: the user's, with theirs beside it.
    expect(screen.getByLabelText('First name')).toHaveValue('Nadia');
    expect(screen.getByLabelText('Last name')).toHaveValue('Petrova-Hart');
    expect(screen.getByLabelText('Email')).toHaveValue('nina.mine@example.com');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Their value: nina.theirs@example.com');
    expect(screen.queryByText(/^Their value: .*Petrova/)).not.toBeInTheDocument();
    expect(await mockDb.findClient('c-nina')).toMatchObject({ email: 'nina.theirs@example.com', lastName: 'Petrova' });
  });

  it('"Keep my changes" saves the form as it stands over the new version', async () => {
    const ifMatch = recordIfMatch('PUT');
    const bodies = recordJsonBodies('PUT');
    const { user } = await updateOverColleague(
      { Email: 'nina.mine@example.com' },
      { email: 'nina.theirs@example.com', firstName: 'Nadia' },
    );

    await user.click(screen.getByRole('button', { name: 'Keep my changes' }));

    await screen.findByText('Client updated successfully!');
    expect(ifMatch).toEqual(['"v1"', '"v2"']);
    expect(bodies[1]).toMatchObject({ firstName: 'Nadia', email: 'nina.mine@example.com' });
    expect(await mockDb.findClient('c-nina')).toMatchObject({ firstName: 'Nadia', email: 'nina.mine@example.com' });
  });

  it('"Their value" shows a colleague’s text as they typed it, and a date in the list’s form', async () => {
    await updateOverColleague(
      { 'Last name': 'Mine', 'Registration date and time': '2024-05-03T09:00' },
      { lastName: 'Theirs', registrationDateTime: '2024-06-02T08:15' },
    );

    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Their value: Theirs');
    expect(screen.getByLabelText('Registration date and time')).toHaveAccessibleDescription('Their value: 2024-06-02 08:15');
  });

  it('"Use their version" shows the stored client and saves nothing', async () => {
    const { user } = await updateOverColleague({ Email: 'nina.mine@example.com' }, { email: 'nina.theirs@example.com' });
    const puts = recordJsonBodies('PUT');

    await user.click(screen.getByRole('button', { name: 'Use their version' }));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('nina.theirs@example.com');
    expect(screen.queryByText(/^Their value:/)).not.toBeInTheDocument();
    expect(puts).toEqual([]);
    // The next save is over their version.
    expect(await ifMatchOfUpdate(user)).toEqual(['"v2"']);
  });

  it('deleted while editing: "Restore and save my changes" brings it back with the form saved', async () => {
    const { user } = await openNina();
    await replaceValue(user, 'Last name', 'Hart');
    await colleague.delete('c-nina');

    await user.click(screen.getByRole('button', { name: 'Update' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This client was deleted by colleague while you were editing.');
    expect(within(alert).getByRole('link', { name: 'Back to the client list' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/clients/),
    );
    await user.click(within(alert).getByRole('button', { name: 'Restore and save my changes' }));

    await screen.findByText('Client updated successfully!');
    expect(await mockDb.findClient('c-nina')).toMatchObject({ lastName: 'Hart' });
    expect(await mockDb.listDeletedClients()).toEqual([]);
  });
});

describe('delete, undo and the second question', () => {
  it('changed since the form was opened: Yes meets a second question; No keeps the client', async () => {
    const ifMatch = recordIfMatch('DELETE');
    const { user } = await openNina();
    await colleague.update('c-nina', { lastName: 'Novak' });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));

    const second = await screen.findByRole('alertdialog', {
      name: 'This client was changed by colleague since you opened it. Delete anyway?',
    });
    expect(screen.queryByText('Do you really want to delete this client?')).not.toBeInTheDocument();
    await user.click(within(second).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await mockDb.findClient('c-nina')).toBeDefined();
    expect(ifMatch).toEqual(['"v1"']);
  });

  it('Yes to the second question deletes over the new version and goes to /clients', async () => {
    const ifMatch = recordIfMatch('DELETE');
    const { user, router } = await openNina();
    await colleague.update('c-nina', { lastName: 'Novak' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    const second = await screen.findByRole('alertdialog', { name: /Delete anyway\?$/ });

    await user.click(within(second).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(ifMatch).toEqual(['"v1"', '"v2"']);
    expect(await mockDb.findClient('c-nina')).toBeUndefined();
    expect(await screen.findByRole('status')).toHaveTextContent('Client deleted: Nina Novak.');
  });

  it('after Yes the list says "Client deleted: …" with Undo for at least 10 s; Undo restores the same client', async () => {
    const view = await openNina();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await deleteFromForm(view);
      const notice = await screen.findByRole('status');
      expect(notice).toHaveTextContent('Client deleted: Nina Petrova.');
      expect(screen.queryByRole('cell', { name: 'Nina' })).not.toBeInTheDocument();

      vi.advanceTimersByTime(10_000);
      await view.user.click(within(await screen.findByRole('status')).getByRole('button', { name: 'Undo' }));

      expect(await screen.findByText('Client restored: Nina Petrova.')).toBeInTheDocument();
      expect(await screen.findByRole('cell', { name: 'Nina' })).toBeInTheDocument();
      expect(await mockDb.findClient('c-nina')).toMatchObject({ _id: 'c-nina', lastName: 'Petrova' });
      expect((await mockDb.history('c-nina'))?.map((change) => change.kind)).toEqual(['restored', 'deleted', 'registered']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the notice leaves after 15 s', async () => {
    const view = await openNina();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await deleteFromForm(view);
      await screen.findByText('Client deleted: Nina Petrova.');
      // Inside act: the notice leaves in the timer's callback, a state change React must see.
      await act(async () => vi.advanceTimersByTime(15_000));
      expect(screen.queryByText('Client deleted: Nina Petrova.')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('history, export and erasure', () => {
  it('History lists every change newest first, who and when, and each changed field from → to', async () => {
    await mockDb.setClients([nina]);
    await colleague.update('c-nina', { lastName: 'Novak', registrationDateTime: '2024-06-02T08:15' });
    await renderApp('/clients/edit/c-nina', { loggedIn: true });

    const history = await screen.findByRole('region', { name: 'History' });
    const entries = await within(history).findAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent(/^Updated by colleague on \d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(entries[0]).toHaveTextContent('Last name: Petrova → Novak');
    expect(entries[0]).toHaveTextContent('Registration date and time: 2024-05-01 10:30 → 2024-06-02 08:15');
    expect(entries[0]).not.toHaveTextContent('Email:');
    expect(entries[1]).toHaveTextContent(/^Registered by \w+ on \d{4}-\d\d-\d\d \d\d:\d\d$/);
  });

  it('a merge shows in the kept client’s history with the fields it took from the other, from → to', async () => {
    const twin = { ...nina, _id: 'c-nina-2', email: 'nina.p@work.example', registrationDateTime: '2025-01-01T10:00:00.000Z' };
    await mockDb.setClients([nina, twin]);
    const fields = { firstName: 'kept', lastName: 'kept', email: 'other', registrationDateTime: 'kept' } as const;
    await mockDb.merge({ keepId: 'c-nina', otherId: 'c-nina-2', keepVersion: 1, otherVersion: 1, fields }, 'colleague');
    await renderApp('/clients/edit/c-nina', { loggedIn: true });

    const history = await screen.findByRole('region', { name: 'History' });
    const entries = await within(history).findAllByRole('listitem');
    expect(entries[0]).toHaveTextContent(/^Merged by colleague on \d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(entries[0]).toHaveTextContent('Email: nina@example.com → nina.p@work.example');
    expect(entries[0]).not.toHaveTextContent('First name:');
  });

  it('an update of ours appears in the history once saved', async () => {
    const { user } = await openNina();
    await replaceValue(user, 'First name', 'Nadia');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Client updated successfully!');
    await user.click(screen.getByRole('link', { name: 'View clients list' }));
    await user.click(within(await screen.findByRole('row', { name: /^Nadia / })).getByRole('button', { name: 'Edit' }));

    const history = await screen.findByRole('region', { name: 'History' });
    expect(await within(history).findByText('First name: Nina → Nadia')).toBeInTheDocument();
  });

  it('"Export data" downloads client-{id}.json with the client and its history', async () => {
    const saved: Array<{ name: string; blob: Blob }> = [];
    // Spies, which the setup restores after the test: an assigned function stayed in URL for the files after this one.
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', blob: blob as Blob });
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const last = saved.at(-1);
      if (last) last.name = this.download;
    });
    const { user } = await openNina();

    await user.click(screen.getByRole('button', { name: 'Export data' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('client-c-nina.json');
    const file = JSON.parse(await (saved[0] as { blob: Blob }).blob.text()) as Record<string, unknown>;
    expect(file).toMatchObject({ client: nina, version: 1, deleted: null, history: [{ kind: 'registered', clientId: 'c-nina' }] });
  });

  it('"Erase permanently" asks, Cancel keeps everything, Erase removes it all and goes to /clients', async () => {
    const { user, router } = await openNina();
    await user.click(screen.getByRole('button', { name: 'Erase permanently' }));
    const question = screen.getByRole('alertdialog', { name: 'Erase all data of Nina Petrova? This cannot be undone.' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(await mockDb.findClient('c-nina')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Erase permanently' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Erase' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(await screen.findByRole('status')).toHaveTextContent('Client erased: Nina Petrova.');
    expect(await mockDb.findClient('c-nina')).toBeUndefined();
    expect(await mockDb.history('c-nina')).toBeUndefined();
  });
});
