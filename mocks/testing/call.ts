/** For the mock's handler tests: one request to the mock on http://localhost, `body` sent as JSON (or `rawBody` as is). */
export async function callWithHeaders(method: string, path: string, body?: unknown, rawBody?: string) {
  const response = await fetch(`http://localhost${path}`, {
    method,
    headers: body !== undefined || rawBody !== undefined ? { 'Content-Type': 'application/json' } : undefined,
    body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
}

/** The same, its answer's status and JSON only (what tests compare whole). */
export async function call(method: string, path: string, body?: unknown, rawBody?: string) {
  const { status, json } = await callWithHeaders(method, path, body, rawBody);
  return { status, json };
}
