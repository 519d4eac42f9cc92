/** GET /api/outbox (issue 41), owner only: the emails waiting, counted by the server's outbox repository on the store. */
import { uncached } from '#contract/http';
import { mockDb } from '../db.ts';
import { respond, route } from './respond.ts';

export const outboxHandlers = [
  route('GET /api/outbox', async ({ request }) => respond(request, uncached({ waiting: await mockDb.outboxWaiting() }))),
];
