/** What a session learns of its own account: GET /api/me (the SPA shows only what the server will allow). */
import { Me } from '#contract/team';
import type { ZodPlugin } from '../zod-type-provider.ts';

export const accountRoutes: ZodPlugin = async (app) => {
  app.get(
    '/me',
    {
      schema: {
        operationId: 'getMe',
        summary: 'This session’s account and its role',
        response: { 200: Me },
      },
    },
    async (request, reply) => {
      // The role can change while the page is open: the SPA asks again rather than keeping an old answer.
      reply.header('cache-control', 'no-store');
      const { username, role } = request.session!;
      return { username, role };
    },
  );
};
