/** GET /api/openapi.json: the API described (openapi/document.ts), behind the session like all of /api. */
import { z } from 'zod';
import type { ZodPlugin } from '../zod-type-provider.ts';

const OpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
});

export const openApiRoutes: ZodPlugin = async (app) => {
  app.get(
    '/openapi.json',
    { schema: { operationId: 'getOpenApiDocument', summary: 'This document: the API in OpenAPI 3.1', response: { 200: OpenApiDocument } } },
    () => app.openApiDocument(),
  );
};
