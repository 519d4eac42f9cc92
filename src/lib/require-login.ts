import { redirect } from '@tanstack/react-router';
import { isLoggedIn } from './login-flag.ts';

/**
 * A staff page's `beforeLoad`: without the login flag, to /login (SPEC.md section 4's client-side guard). Only a
 * mirror: the server decides each request's access.
 */
export function requireLogin(): void {
  if (!isLoggedIn()) throw redirect({ to: '/login' });
}
