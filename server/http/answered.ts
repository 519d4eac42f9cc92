/**
 * An operation's answer as the contract decided it (contract/http.ts `Answered`): its entries go into the audit trail,
 * then the reply is sent. The mock's handlers send the same answers (mocks/handlers/respond.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Answered } from '#contract/http';

export async function sendAnswered(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, answered: Answered) {
  const { status, body, headers = {}, audit = [] } = answered;
  for (const entry of audit) await app.auditTrail.record(request, entry);
  return reply
    .code(status)
    .headers(headers)
    .send(status === 204 ? undefined : body);
}
