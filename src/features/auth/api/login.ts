import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { LoginRequest } from '../../../../contract/api';
import { apiPaths } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { setLoggedIn } from '../../../lib/login-flag';

/** POST {host}/login: a 2xx answer is success; its body is not read (SPEC.md section 7). */
export function login(credentials: LoginRequest): Promise<undefined> {
  return apiRequest(apiPaths.login, { method: 'POST', body: credentials });
}

/** SPEC.md sections 4 and 8: the flag, the alert, then /clients; any failure gets one alert. */
export function useLogin() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: login,
    // A 401 here is a wrong password, not an expired session.
    meta: { handlesUnauthorized: true },
    onSuccess: async () => {
      setLoggedIn();
      window.alert('Login successful!');
      await navigate({ to: '/clients' });
    },
    onError: () => {
      window.alert('Invalid username or password');
    },
  });
}
