/**
 * The staff page (issue 28), owner only: the accounts, a new one with its one-time sign-in link, a role, disable /
 * enable, a password reset (a new link; the old password stops working at once) and "Sign out everywhere". Each
 * change is in the audit trail, the session's account as its actor.
 */
import { z } from 'zod';
import { ApiErrorBody } from '#contract/api';
import { NewStaffMember, SignInLink, StaffChange, StaffList, StaffMember, StaffMemberWithLink } from '#contract/team';
import { sendAnswered } from '../http/answered.ts';
import type { ZodPlugin } from '../zod-type-provider.ts';

const UsernameParams = z.object({ username: z.string().max(64) });

export const staffRoutes: ZodPlugin = async (app) => {
  const team = app.staffManagement;
  const actor = (request: { session: { username: string } | null }) => request.session!.username;
  const send = sendAnswered.bind(null, app);

  app.get(
    '/staff',
    {
      schema: {
        operationId: 'listStaff',
        summary: 'The staff accounts: role, status, last sign-in, open sessions',
        response: { 200: StaffList, 403: ApiErrorBody },
      },
    },
    async (request, reply) => send(request, reply, await team.list()),
  );

  app.post(
    '/staff',
    {
      schema: {
        operationId: 'addStaffMember',
        summary: 'Adds an account, without a password: its one-time sign-in link (shown once) sets one',
        body: NewStaffMember,
        response: { 201: StaffMemberWithLink, 403: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request, reply) => send(request, reply, await team.invite(actor(request), request.body)),
  );

  app.patch(
    '/staff/:username',
    {
      schema: {
        operationId: 'changeStaffMember',
        summary: 'Changes an account’s role, or disables (ending its sessions) or enables it; there is always an active owner',
        params: UsernameParams,
        body: StaffChange,
        response: { 200: StaffMember, 403: ApiErrorBody, 404: ApiErrorBody, 409: ApiErrorBody },
      },
    },
    async (request, reply) => send(request, reply, await team.change(actor(request), request.params.username, request.body)),
  );

  app.post(
    '/staff/:username/password-reset',
    {
      schema: {
        operationId: 'resetStaffPassword',
        summary: 'Resets an account’s password: the old one stops working, its sessions end, a new sign-in link sets the next',
        params: UsernameParams,
        response: { 200: SignInLink, 403: ApiErrorBody, 404: ApiErrorBody },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => send(request, reply, await team.resetPassword(actor(request), request.params.username)),
  );

  app.post(
    '/staff/:username/sign-out',
    {
      schema: {
        operationId: 'signOutStaffMember',
        summary: 'Ends every session of an account, on every instance',
        params: UsernameParams,
        response: { 204: z.undefined(), 403: ApiErrorBody, 404: ApiErrorBody },
      },
      config: { bodyOptional: true },
    },
    async (request, reply) => send(request, reply, await team.signOutEverywhere(actor(request), request.params.username)),
  );
};
