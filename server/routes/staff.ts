/**
 * The staff page (issue 28), owner only: the accounts, a new one with its one-time sign-in link, a role, disable /
 * enable, a password reset (a new link; the old password stops working at once) and "Sign out everywhere". Each
 * change is in the audit trail, the session's account as its actor.
 */
import { z } from 'zod';
import { ApiErrorBody } from '#contract/api';
import {
  LAST_OWNER,
  NewStaffMember,
  NO_SUCH_ACCOUNT,
  SignInLink,
  StaffChange,
  StaffList,
  StaffMember,
  StaffMemberWithLink,
  staffChangeAudit,
  USERNAME_TAKEN,
} from '#contract/team';
import { normalizeUsername } from '../auth/staff-accounts.ts';
import type { ZodPlugin } from '../zod-type-provider.ts';

const UsernameParams = z.object({ username: z.string().max(64) });

export const staffRoutes: ZodPlugin = async (app) => {
  const { staffManagement: team, auditTrail } = app;
  const actor = (request: { session: { username: string } | null }) => request.session!.username;

  app.get(
    '/staff',
    {
      schema: {
        operationId: 'listStaff',
        summary: 'The staff accounts: role, status, last sign-in, open sessions',
        response: { 200: StaffList, 403: ApiErrorBody },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return team.list();
    },
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
    async (request, reply) => {
      const added = await team.invite(request.body.username, request.body.role);
      if (!added) return reply.code(409).send({ message: USERNAME_TAKEN });
      const { username, role } = added.member;
      await auditTrail.record(request, { kind: 'account-added', actor: actor(request), subject: username, detail: role });
      // The link is shown once: no cache keeps it.
      return reply.code(201).header('cache-control', 'no-store').send(added);
    },
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
    async (request, reply) => {
      const result = await team.change(request.params.username, request.body);
      if (result.outcome === 'not-found') return reply.code(404).send({ message: NO_SUCH_ACCOUNT });
      if (result.outcome === 'last-owner') return reply.code(409).send({ message: LAST_OWNER });
      const { member, before } = result;
      for (const entry of staffChangeAudit(before, member)) {
        await auditTrail.record(request, { ...entry, actor: actor(request), subject: member.username });
      }
      return member;
    },
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
    async (request, reply) => {
      const reset = await team.resetPassword(request.params.username);
      if (!reset) return reply.code(404).send({ message: NO_SUCH_ACCOUNT });
      await auditTrail.record(request, {
        kind: 'password-reset',
        actor: actor(request),
        subject: normalizeUsername(request.params.username),
      });
      reply.header('cache-control', 'no-store');
      return reset.link;
    },
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
    async (request, reply) => {
      const ended = await team.signOutEverywhere(request.params.username);
      if (ended === undefined) return reply.code(404).send({ message: NO_SUCH_ACCOUNT });
      await auditTrail.record(request, {
        kind: 'sessions-ended',
        actor: actor(request),
        subject: normalizeUsername(request.params.username),
        detail: String(ended),
      });
      return reply.code(204).send();
    },
  );
};
