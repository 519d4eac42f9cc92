/**
 * The types openapi-typescript makes of the document, for conformance.test.ts's openapi-fetch client: the client a
 * standard tool generates from docs/openapi.json. Committed (npm run openapi writes them); document.test.ts fails
 * while they are stale.
 */
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenApiDocument } from './document.ts';

export const GENERATED_CLIENT_TYPES = fileURLToPath(new URL('generated-client.d.ts', import.meta.url));

export async function generatedClientTypes(document: OpenApiDocument): Promise<string> {
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)) as Parameters<typeof openapiTS>[0]);
  return `// Made by openapi-typescript from docs/openapi.json (npm run openapi): do not edit.\n${astToString(ast)}`;
}
