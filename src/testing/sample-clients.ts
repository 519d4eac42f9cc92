/** Clients and typing shared by the SPA's tests (the forms, the offline copy, a client's history, live updates). */
import { screen } from '@testing-library/react';
import type { renderApp } from './render-app.tsx';

type User = Awaited<ReturnType<typeof renderApp>>['user'];

export const nina = {
  _id: 'c-nina',
  firstName: 'Nina',
  lastName: 'Petrova',
  email: 'nina@example.com',
  registrationDateTime: '2024-05-01T10:30:00.000Z',
};

export const omar = {
  _id: 'c-omar',
  firstName: 'Omar',
  lastName: 'Haddad',
  email: 'omar@example.com',
  registrationDateTime: '2023-02-01T09:00:00.000Z',
};

/** Fills the register form with Léa Moreau's details. */
export async function typeNewClient(user: User, email = 'lea@example.com') {
  await user.type(await screen.findByLabelText('First name'), 'Léa');
  await user.type(screen.getByLabelText('Last name'), 'Moreau');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Registration date and time'), '2024-05-01T10:30');
}
