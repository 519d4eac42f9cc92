import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { LoginRequest } from '#contract/api';
import { INVALID_CREDENTIALS } from '#contract/http';
import { CONFIRM_WITH_PASSKEY, secondStepOptions, useLogin, usePasskeyAutofill, usePasskeySignIn } from '../api/login.ts';
import { loadStaffNavBar } from './load-staff-nav-bar.ts';

/**
 * The login form. No client-side rule: the server decides.
 * Success alerts and goes to /clients (or back to where the session ended); any failure gets one alert.
 * Issue 30: a passkey signs in too (the button, or the Username field's autofill), and an account may ask for its
 * passkey after the password; each ends as the form's login does, and each failure gets the same alert.
 */
export function LoginForm({ redirect }: { redirect?: string }) {
  const login = useLogin();
  const passkey = usePasskeySignIn();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const { register, handleSubmit } = useForm<LoginRequest>({
    defaultValues: { username: '', password: '' },
  });

  const signedIn = async () => {
    window.alert('Login successful!');
    // Back to where the session ended, if it did; otherwise the client list.
    await (redirect ? navigate({ href: redirect }) : navigate({ to: '/clients' }));
  };
  const autofill = usePasskeyAutofill((outcome) => (outcome.signedIn ? void signedIn() : window.alert(INVALID_CREDENTIALS)));

  /** Awaited, not mutate's callbacks: those run only while the observer has a listener at that moment (below). */
  const withPasskey = async (how: Parameters<typeof passkey.mutateAsync>[0]) => {
    void loadStaffNavBar();
    try {
      await passkey.mutateAsync(how);
    } catch {
      setConfirming(false);
      window.alert(INVALID_CREDENTIALS);
      // The button's ceremony ended the autofill's request: the field offers saved passkeys again.
      autofill.restart();
      return;
    }
    await signedIn();
  };

  const busy = login.isPending || passkey.isPending;
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
        } catch (error) {
          const options = secondStepOptions(error);
          if (options) {
            // The right password, for an account that asks for its passkey after it: the browser asks now.
            setConfirming(true);
            await withPasskey({ kind: 'second-step', options });
            return;
          }
          window.alert(INVALID_CREDENTIALS);
          return;
        }
        await signedIn();
      })}
    >
      <div className="form__field">
        <label htmlFor="login-username">Username</label>
        <input id="login-username" type="text" autoComplete="username webauthn" autoCapitalize="none" {...register('username')} />
      </div>
      <div className="form__field">
        <label htmlFor="login-password">Password</label>
        <input id="login-password" type="password" autoComplete="current-password" {...register('password')} />
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        Log in
      </button>
      <p className="form__step" role="status">
        {confirming ? CONFIRM_WITH_PASSKEY : ''}
      </p>
      <button type="button" className="button" disabled={busy} onClick={() => void withPasskey({ kind: 'button' })}>
        Sign in with a passkey
      </button>
    </form>
  );
}
