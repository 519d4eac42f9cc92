/**
 * What a response breaks of docs/openapi.json: its status, its declared headers, the API's headers it sends without
 * declaring them, its body (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 writes it). For the tests that drive the API
 * through a client: server/openapi/conformance.test.ts (the server) and tests/api/mock-and-server.test.ts (the mock beside it).
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { RESPONSE_HEADERS, type OpenApiDocument } from '../openapi/document.ts';

/** A document's type with no reference (`{ $ref }`) left where a response, a header or a parameter stands. */
type WrittenOut<T> = T extends { $ref: string } ? never : T extends object ? { [K in keyof T]: WrittenOut<T[K]> } : T;

/**
 * The document with what it writes once under components (responses, headers, parameters) written out where each is
 * used, as a client reads it; references to schemas stay, for Ajv to resolve.
 */
export function withSharedWrittenOut<T extends { components: object }>(document: T): WrittenOut<T> {
  const components = document.components as Record<string, Record<string, unknown>>;
  const writeOut = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(writeOut);
    if (typeof value !== 'object' || value === null) return value;
    const shared = /^#\/components\/(responses|headers|parameters)\/(.+)$/.exec((value as { $ref?: string }).$ref ?? '');
    if (shared) return writeOut(components[shared[1] ?? '']?.[shared[2] ?? '']);
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, writeOut(inner)]));
  };
  return writeOut(document) as WrittenOut<T>;
}

export const document = withSharedWrittenOut(
  JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as OpenApiDocument,
) as OpenApiDocument & { paths: Record<string, Record<string, { responses: Record<string, DocumentedResponse> }>> };
type DocumentedResponse = {
  headers?: Record<string, { required: boolean; schema: object }>;
  content?: Record<string, { schema: object }>;
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validators = new Map<object, ValidateFunction>();
/** A validator of one of the document's schemas, its `#/components/…` references resolved in the document. */
function validatorOf(schema: object): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile({ ...schema, components: document.components });
    validators.set(schema, validate);
  }
  return validate;
}

/** What a response breaks of the document: its status, its declared headers, the API's headers it does not declare, its body. */
export async function nonConformities(method: string, path: string, response: Response): Promise<string[]> {
  const key = `${method} ${path} ${response.status}`;
  const declared = document.paths[path]?.[method.toLowerCase()]?.responses[String(response.status)];
  if (!declared) return [`${key}: status not in the document`];
  const problems: string[] = [];
  for (const [name, header] of Object.entries(declared.headers ?? {})) {
    const value = response.headers.get(name);
    if (value === null) {
      if (header.required) problems.push(`${key}: no ${name}`);
    } else if (!validatorOf(header.schema)(value)) {
      problems.push(`${key}: ${name} ${JSON.stringify(value)} ${ajv.errorsText(validatorOf(header.schema).errors)}`);
    }
  }
  for (const name of Object.keys(RESPONSE_HEADERS)) {
    if (response.headers.has(name) && !declared.headers?.[name]) problems.push(`${key}: sends ${name}, undeclared`);
  }
  const text = await response.text();
  const [mediaType, media] = Object.entries(declared.content ?? {})[0] ?? [];
  if (!mediaType || !media) {
    if (text !== '') problems.push(`${key}: a body where the document declares none`);
    return problems;
  }
  if (!response.headers.get('content-type')?.startsWith(mediaType)) problems.push(`${key}: Content-Type is not ${mediaType}`);
  if (mediaType === 'application/json') {
    const validate = validatorOf(media.schema);
    if (!validate(JSON.parse(text))) problems.push(`${key}: body ${text.slice(0, 200)}: ${ajv.errorsText(validate.errors)}`);
  }
  return problems;
}
