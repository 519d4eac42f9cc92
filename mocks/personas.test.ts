import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLogin, isLoggedIn } from '#src/lib/login-flag.ts';
import { createSalonMock } from './console-api.ts';
import { mockDb } from './db.ts';
import { showMockPanel } from './mock-panel.ts';
import { signInAs } from './personas.ts';

const get = (path: string) => fetch(new URL(path, window.location.origin));

describe('personas (issue 28)', () => {
  it('signInAs("sam") logs the staff member in, for the mock and for the app', async () => {
    expect(signInAs('sam')).toEqual({ username: 'sam', role: 'staff' });
    expect(isLoggedIn()).toBe(true);
    expect(currentLogin()?.account).toBe('sam');

    expect(await (await get('/api/me')).json()).toEqual({ username: 'sam', role: 'staff' });
    const refused = await get('/api/clients-export');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Only an owner can export clients.' });
  });

  it('signInAs("admin") is the owner again; a name is matched without regard to case', async () => {
    signInAs('sam');
    expect(signInAs(' Admin ')).toEqual({ username: 'admin', role: 'owner' });
    expect(currentLogin()?.account).toBe('admin');
    expect((await get('/api/clients-export')).status).toBe(200);
  });

  it('refuses a name that is not a demo account, naming those that are, and changes nothing', () => {
    signInAs('admin');
    expect(() => signInAs('nina')).toThrow('No mock account nina: use admin, sam');
    expect(mockDb.sessionUser()).toBe('admin');
  });
});

describe('salonMock, the console', () => {
  it('signInAs switches the account and reloads the page', () => {
    const reload = vi.fn();
    const salonMock = createSalonMock({ reload });
    expect(salonMock.signInAs('sam')).toBe('Signed in as sam (staff).');
    expect(mockDb.sessionRole()).toBe('staff');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('colleague keeps working while sam is signed in: its writes are the colleague’s, the session stays sam’s', async () => {
    const salonMock = createSalonMock({ reload: () => {} });
    salonMock.signInAs('sam');
    await salonMock.colleague.update('mock-000001', { lastName: 'Novak' });
    expect((await mockDb.history('mock-000001'))?.[0]).toMatchObject({ kind: 'updated', by: 'colleague' });
    expect(mockDb.sessionUser()).toBe('sam');
  });
});

describe('the mock panel’s persona', () => {
  afterEach(() => document.querySelector('.salon-mock-panel')?.remove());

  async function openPanel(reload: () => void) {
    showMockPanel({ reload });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mock backend' }));
    return { user, persona: screen.getByRole('group', { name: 'Persona' }) };
  }

  it('shows who is signed in, and switches to sam (staff) with a reload', async () => {
    signInAs('admin');
    const reload = vi.fn();
    const { user, persona } = await openPanel(reload);
    expect(within(persona).getByRole('radio', { name: 'admin (owner)' })).toBeChecked();
    expect(persona).toHaveTextContent('Signed in as admin (owner).');

    await user.click(within(persona).getByRole('radio', { name: 'sam (staff)' }));

    expect(mockDb.sessionUser()).toBe('sam');
    expect(currentLogin()?.account).toBe('sam');
    expect(persona).toHaveTextContent('Signed in as sam (staff). Reloading…');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('with nobody signed in, checks no persona', async () => {
    const { persona } = await openPanel(() => {});
    for (const radio of within(persona).getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(persona).toHaveTextContent('Nobody is signed in.');
  });
});
