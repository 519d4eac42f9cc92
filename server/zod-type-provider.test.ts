import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type SerializedBody, type ZodTypeProvider } from './zod-type-provider.ts';

const Answer = z.object({ name: z.string() });

async function appAnswering(body: SerializedBody<z.input<typeof Answer>> | z.input<typeof Answer>) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get('/', { schema: { response: { 200: Answer } } }, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(body);
  });
  return app;
}

describe('the response serializer', () => {
  it('parses a value with its schema: a field outside the contract is dropped', async () => {
    const app = await appAnswering({ name: 'Zoë', secret: 'x' } as z.input<typeof Answer>);
    expect((await app.inject({ url: '/' })).body).toBe('{"name":"Zoë"}');
  });

  it('is not called for a body made ahead: its bytes are sent as they are', async () => {
    // Bytes the schema would refuse, so that a call of the serializer would show as a 500.
    const app = await appAnswering(Buffer.from('{"name":1, "extra":true}') as SerializedBody<z.input<typeof Answer>>);
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"name":1, "extra":true}');
  });
});
