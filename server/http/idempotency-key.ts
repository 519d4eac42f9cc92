/** A create that honours Idempotency-Key (contract/idempotency-key.ts): POST /api/clients and POST /api/appointments. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Answered } from '#contract/http';
import { idempotencyKeyOf } from '#contract/idempotency-key';
import { sendAnswered } from './answered.ts';

/** Declared for the OpenAPI document; checked by idempotencyKeyOf. */
export const IdempotencyKeyHeaders = z.looseObject({ 'idempotency-key': z.string().optional() });

/** Sends the 400 of a header that is not a key, else what `create` answers with the key (undefined without one). */
export async function sendCreatedOnce(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  create: (key: string | undefined) => Promise<Answered>,
) {
  const key = idempotencyKeyOf(request.headers['idempotency-key']);
  return sendAnswered(app, request, reply, typeof key === 'object' ? key : await create(key));
}
