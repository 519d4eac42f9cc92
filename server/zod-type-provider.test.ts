import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type SerializedBody, type ZodTypeProvider } from './zod-type-provider.ts';

const ResponseBody = z.object({ name: z.string() });

async function appResponding(body: SerializedBody<z.input<typeof ResponseBody>> | z.input<typeof ResponseBody>) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get('/', { schema: { response: { 200: ResponseBody } } }, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(body);
  });
  return app;
}

describe('the response serializer', () => {
  it('parses a value with its schema: a field outside the contract is dropped', async () => {
    const app = await appResponding({ name: 'Zoë', secret: 'x' } as z.input<typeof ResponseBody>);
    expect((await app.inject({ url: '/' })).body).toBe('{"name":"Zoë"}');
  });

  it('is not called for a body made ahead: its bytes are sent as they are', async () => {
    // Bytes the schema would refuse, so that a call of the serializer would show as a 500.
    const app = await appResponding(Buffer.from('{"name":1, "extra":true}') as SerializedBody<z.input<typeof ResponseBody>>);
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"name":1, "extra":true}');
  });
});
