import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AccountPasskeys, Passkey, PasskeyOptions, type PasskeySetting } from '#contract/passkeys';
import { apiPaths } from '#contract/paths';
import { AccountSessionList } from '#contract/team';
import { apiRequest } from '../../../lib/api-client.ts';
import { onlineOnly } from '../../../lib/query-client.ts';

const sessionsKey = ['account', 'sessions'] as const;

/** GET /api/account/sessions: the account's open sessions, this one marked `current`. */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => apiRequest(apiPaths.accountSessions, { schema: AccountSessionList, signal }),
    staleTime: 0,
    // Where the account is signed in from (IPs, browsers) stays out of the offline copy (features/offline).
    meta: { offlineCopy: false },
  });

/** PUT /api/account/password: the current password first, then the new one. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (passwords: { currentPassword: string; newPassword: string }) =>
      apiRequest(apiPaths.accountPassword, { method: 'PUT', body: passwords }),
    ...onlineOnly,
  });
}

/** DELETE /api/account/sessions/:id, or every other session without an id. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string | null) =>
      apiRequest(sessionId === null ? apiPaths.accountSessions : apiPaths.accountSession(sessionId), { method: 'DELETE' }),
    ...onlineOnly,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

const passkeysKey = ['account', 'passkeys'] as const;

/** GET /api/account/passkeys: the account's passkeys, and whether it asks for one after the password (issue 30). */
export const passkeysQuery = () =>
  queryOptions({
    queryKey: passkeysKey,
    queryFn: ({ signal }) => apiRequest(apiPaths.accountPasskeys, { schema: AccountPasskeys, signal }),
    staleTime: 0,
    meta: { offlineCopy: false },
  });

/**
 * Adds a passkey: the server's options, the browser's own dialog (@simplewebauthn/browser), then its answer under the
 * name given. The dialog's refusal (closed, cancelled, timed out) is thrown as the browser's error (a NotAllowedError).
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await apiRequest(apiPaths.accountPasskeyOptions, { method: 'POST', schema: PasskeyOptions });
      // Loaded when needed: a static import would name its chunk in the entry's list of each route's files.
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
      // AddPasskeyRequest, with the browser library's type of the response (the server checks it with the contract).
      return apiRequest(apiPaths.accountPasskeys, { method: 'POST', body: { name, response }, schema: Passkey });
    },
    ...onlineOnly,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

/** DELETE /api/account/passkeys/:id */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passkeyId: string) => apiRequest(apiPaths.accountPasskey(passkeyId), { method: 'DELETE' }),
    ...onlineOnly,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

/** PUT /api/account/passkey-setting: "Ask for my passkey after my password". */
export function useAskForPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (askAfterPassword: boolean) => {
      const body: PasskeySetting = { askAfterPassword };
      return apiRequest(apiPaths.accountPasskeySetting, { method: 'PUT', body });
    },
    ...onlineOnly,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}
