/** /clients/duplicates and /clients/merge (issue 29): the pairs, the merge with its choices, its 412, its undo. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Client } from '#contract/api';
import { mockDb } from '#mocks/db.ts';
import { renderApp } from '../../testing/render-app.tsx';

const ann: Client = {
  _id: 'c-ann',
  firstName: 'Ann',
  lastName: 'Hart',
  email: 'ann@example.com',
  registrationDateTime: '2024-05-01T10:30:00.000Z',
};
/** Registered later, same email in another case. */
const anne: Client = {
  _id: 'c-anne',
  firstName: 'Anne',
  lastName: 'Hart',
  email: 'ANN@example.com',
  registrationDateTime: '2024-06-02T09:00:00.000Z',
};
const omar: Client = {
  _id: 'c-omar',
  firstName: 'Omar',
  lastName: 'Haddad',
  email: 'omar@example.com',
  registrationDateTime: '2024-05-03T12:00:00.000Z',
};

async function openMerge() {
  await mockDb.setClients([ann, anne, omar]);
  const view = await renderApp('/clients/duplicates', { loggedIn: true });
  await view.user.click(await screen.findByRole('button', { name: 'Merge' }));
  await screen.findByRole('button', { name: 'Merge into one client' });
  return view;
}

const field = (name: string) => screen.getByRole('group', { name });

/** The element of `role` whose text has `text`: a notice, a history entry. */
async function findWithText(role: 'status' | 'listitem', text: string, container: HTMLElement = document.body): Promise<HTMLElement> {
  return waitFor(() => {
    const found = within(container)
      .getAllByRole(role)
      .find((element) => element.textContent?.includes(text));
    if (!found) throw new Error(`No ${role} says “${text}”`);
    return found;
  });
}

describe('/clients/duplicates', () => {
  it('is opened from the client list, and says so when there are none', async () => {
    await mockDb.setClients([ann, omar]);
    const { user, router } = await renderApp('/clients', { loggedIn: true, account: 'sam' });
    await screen.findByRole('row', { name: /Omar/ });
    await user.click(await screen.findByRole('link', { name: 'Possible duplicates' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/duplicates'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Possible duplicates' })).toBeInTheDocument();
    expect(await screen.findByText('No possible duplicates.')).toBeInTheDocument();
  });

  it('shows each pair side by side, the client registered first on the left, with a Merge button', async () => {
    const sameName: Client = {
      ...omar,
      _id: 'c-omar-2',
      email: 'o.haddad@example.com',
      firstName: 'ÓMAR',
      registrationDateTime: '2024-07-01T08:00:00.000Z',
    };
    await mockDb.setClients([anne, ann, omar, sameName]);
    await renderApp('/clients/duplicates', { loggedIn: true });

    const pairs = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(
      pairs.map((pair) => pair.getAttribute('aria-labelledby') && within(pair).getByRole('heading', { level: 2 }).textContent),
    ).toEqual(['Ann Hart and Anne Hart', 'Omar Haddad and ÓMAR Haddad']);
    const [first, second] = pairs as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Same email')).toBeInTheDocument();
    expect(within(second).getByText('Same name')).toBeInTheDocument();
    const [earlier, later] = within(first).getAllByRole('region') as [HTMLElement, HTMLElement];
    expect(within(earlier).getByRole('heading', { name: 'Registered first' })).toBeInTheDocument();
    expect(within(earlier).getByText('ann@example.com')).toBeInTheDocument();
    expect(within(later).getByText('ANN@example.com')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Merge' })).toHaveAccessibleDescription('Ann Hart and Anne Hart');
    expect(screen.getByRole('status')).toHaveTextContent('2 pairs');
  });

  it('shows a hundred pairs at first, and the rest on "Show more"', async () => {
    const twins = Array.from({ length: 120 }, (_, index): Client[] => {
      const email = `twin${index}@example.com`;
      const registrationDateTime = `2024-01-01T10:${String(index % 60).padStart(2, '0')}:00.000Z`;
      return [
        { _id: `c-${index}-a`, firstName: `Twin${index}`, lastName: 'A', email, registrationDateTime },
        { _id: `c-${index}-b`, firstName: `Twin${index}`, lastName: 'B', email: email.toUpperCase(), registrationDateTime },
      ];
    });
    await mockDb.setClients(twins.flat());
    const { user } = await renderApp('/clients/duplicates', { loggedIn: true });

    expect(await screen.findByText('120 pairs')).toBeInTheDocument();
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(100);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    const pairs = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(pairs).toHaveLength(120);
    expect(pairs[100]).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});

describe('/clients/merge', () => {
  it('offers both values of each field as radio buttons named by the value, the kept client’s chosen', async () => {
    await openMerge();

    expect(within(field('First name')).getByRole('radio', { name: 'Ann' })).toBeChecked();
    expect(within(field('First name')).getByRole('radio', { name: 'Anne' })).not.toBeChecked();
    expect(within(field('Email')).getByRole('radio', { name: 'ann@example.com' })).toBeChecked();
    expect(within(field('Email')).getByRole('radio', { name: 'ANN@example.com' })).toBeInTheDocument();
    expect(within(field('Registration date and time')).getByRole('radio', { name: '2024-05-01 10:30' })).toBeChecked();
    // A value both share needs no choice.
    expect(within(field('Last name')).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(field('Last name')).getByText(/Hart/)).toBeInTheDocument();
  });

  it('merges into the client registered first, which /clients names with "Undo merge"; the undo brings both back', async () => {
    const { user, router } = await openMerge();
    await user.click(within(field('First name')).getByRole('radio', { name: 'Anne' }));
    await user.click(screen.getByRole('button', { name: 'Merge into one client' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    const notice = await findWithText('status', 'Clients merged: Anne Hart.');
    expect(await mockDb.findClient('c-ann')).toMatchObject({ firstName: 'Anne', email: 'ann@example.com' });
    expect(await mockDb.findClient('c-anne')).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('row', { name: /ANN@example\.com/ })).not.toBeInTheDocument());

    await user.click(within(notice).getByRole('button', { name: 'Undo merge' }));
    expect(await screen.findByText('Merge undone: Ann Hart and Anne Hart are two clients again.')).toBeInTheDocument();
    expect(await mockDb.findClient('c-ann')).toEqual(ann);
    expect(await mockDb.findClient('c-anne')).toEqual(anne);
    expect(await screen.findByRole('row', { name: /ANN@example\.com/ })).toBeInTheDocument();
  });

  it('is refused when a colleague changed either client since the page opened, and shows the new values', async () => {
    const { user } = await openMerge();
    await mockDb.updateClient('c-anne', { ...anne, firstName: 'Annette' }, 'sam');
    await user.click(screen.getByRole('button', { name: 'Merge into one client' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'One of these clients was changed since this page opened: here they are as they are now.',
    );
    expect(within(field('First name')).getByRole('radio', { name: 'Annette' })).toBeInTheDocument();
    expect(await mockDb.findClient('c-anne')).toMatchObject({ firstName: 'Annette' });

    // Sent again, against what is shown now, it is done.
    await user.click(screen.getByRole('button', { name: 'Merge into one client' }));
    expect(await screen.findByText('Clients merged: Ann Hart.')).toBeInTheDocument();
    expect(await mockDb.findClient('c-anne')).toBeUndefined();
  });

  it('says there is no such client for an address that names none', async () => {
    await mockDb.setClients([ann]);
    await renderApp('/clients/merge?keep=c-ann&other=c-gone', { loggedIn: true });
    expect(await screen.findByText('No such client.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Merge into one client' })).not.toBeInTheDocument();
  });
});

describe('a merge in the kept client’s history', () => {
  it('says with whom and which fields came from the other, and offers "Undo merge"', async () => {
    const merging = await openMerge();
    await merging.user.click(within(field('Email')).getByRole('radio', { name: 'ANN@example.com' }));
    await merging.user.click(screen.getByRole('button', { name: 'Merge into one client' }));
    await screen.findByText('Clients merged: Ann Hart.');
    merging.unmount();

    const { user } = await renderApp('/clients/edit/c-ann', { loggedIn: true });
    const history = await screen.findByRole('region', { name: 'History' });
    const entry = await findWithText('listitem', 'Merged by admin', history);
    expect(within(entry).getByText('Email: ann@example.com → ANN@example.com')).toBeInTheDocument();
    expect(await within(entry).findByText('With Anne Hart (ANN@example.com)')).toBeInTheDocument();
    expect(within(entry).getByText('From Anne Hart: Email')).toBeInTheDocument();

    await user.click(within(entry).getByRole('button', { name: 'Undo merge' }));
    expect(await screen.findByText('Merge undone: Ann Hart and Anne Hart are two clients again.')).toBeInTheDocument();
    expect(await mockDb.findClient('c-anne')).toEqual(anne);
    await waitFor(() => expect(within(entry).queryByRole('button', { name: 'Undo merge' })).not.toBeInTheDocument());
  });

  it('is in the other client’s history too, once it is back: into whom, and the fields it gave', async () => {
    const merging = await openMerge();
    await merging.user.click(within(field('Email')).getByRole('radio', { name: 'ANN@example.com' }));
    await merging.user.click(screen.getByRole('button', { name: 'Merge into one client' }));
    await merging.user.click(within(await findWithText('status', 'Clients merged: Ann Hart.')).getByRole('button', { name: 'Undo merge' }));
    await screen.findByText('Merge undone: Ann Hart and Anne Hart are two clients again.');
    merging.unmount();

    await renderApp('/clients/edit/c-anne', { loggedIn: true });
    const history = await screen.findByRole('region', { name: 'History' });
    const entry = await findWithText('listitem', 'Merged by admin', history);
    expect(await within(entry).findByText('Into Ann Hart (ANN@example.com)')).toBeInTheDocument();
    expect(within(entry).getByText('From this client: Email')).toBeInTheDocument();
    expect(within(entry).queryByRole('button', { name: 'Undo merge' })).not.toBeInTheDocument();
  });

  it('changes nothing when one client was changed since the merge, and says so', async () => {
    const merging = await openMerge();
    await merging.user.click(screen.getByRole('button', { name: 'Merge into one client' }));
    await screen.findByText('Clients merged: Ann Hart.');
    merging.unmount();
    await mockDb.updateClient('c-ann', { ...ann, lastName: 'Hart-Lee' }, 'sam');

    const { user } = await renderApp('/clients/edit/c-ann', { loggedIn: true });
    const history = await screen.findByRole('region', { name: 'History' });
    await user.click(await within(history).findByRole('button', { name: 'Undo merge' }));
    expect(await within(history).findByRole('alert')).toHaveTextContent('Ann Hart-Lee was changed since the merge, so it was not undone.');
    expect(await mockDb.findClient('c-anne')).toBeUndefined();
  });
});
