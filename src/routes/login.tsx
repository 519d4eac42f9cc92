import { createFileRoute } from '@tanstack/react-router';
import { LoginForm } from '../features/auth/components/login-form.tsx';

export const Route = createFileRoute('/login')({
  head: () => ({ meta: [{ title: 'Log in · Your Beauty Salon' }] }),
  component: LoginPage,
});

function LoginPage() {
  return (
    <div className="page page--narrow">
      <h1 className="page__title">Staff login</h1>
      <LoginForm />
    </div>
  );
}
