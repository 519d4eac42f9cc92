import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type { LoginRequest } from '#contract/api';
import { useLogin } from '../api/login.ts';
import { loadStaffNavBar } from './load-staff-nav-bar.ts';

/**
 * The login form. No client-side rule: the server decides.
 * Success alerts and goes to /clients (or back to where the session ended); any failure gets one alert.
 */
export function LoginForm({ redirect }: { redirect?: string }) {
  const login = useLogin();
  const navigate = useNavigate();
  const { register, handleSubmit } = useForm<LoginRequest>({
    defaultValues: { username: '', password: '' },
  });

  return (
    <form
      className="card form"
      onSubmit={handleSubmit(async (credentials) => {
        // The logged-in nav bar arrives while the server checks the password, ready when the flag is set.
        void loadStaffNavBar();
        // Awaited, not mutate's callbacks: those run only while the observer has a listener at that moment, and the
        // login re-renders the whole layout (the nav, the staff pages' parts); a CI run saw neither alert once.
        try {
          await login.mutateAsync(credentials);
        } catch {
          window.alert('Invalid username or password');
          return;
        }
        window.alert('Login successful!');
        // Back to where the session ended, if it did; otherwise the client list.
        await (redirect ? navigate({ href: redirect }) : navigate({ to: '/clients' }));
      })}
    >
      <div className="form__field">
        <label htmlFor="login-username">Username</label>
        <input id="login-username" type="text" autoComplete="username" autoCapitalize="none" {...register('username')} />
      </div>
      <div className="form__field">
        <label htmlFor="login-password">Password</label>
        <input id="login-password" type="password" autoComplete="current-password" {...register('password')} />
      </div>
      <button type="submit" className="button button--primary" disabled={login.isPending}>
        Log in
      </button>
    </form>
  );
}
