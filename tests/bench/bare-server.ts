/**
 * The bound the API is compared with: a bare `node:http` server responding from buffers
 * serialised once at start, with no framework, no session check, no database and no log.
 *
 * `node --import tsx tests/bench/bare-server.ts <list.json>`: the file is GET /api/clients's body
 * as the real server sent it; GET /api/clients responds with those exact bytes, and
 * GET /api/clients/<id> the JSON of that one client. It prints its origin, then serves until
 * it is stopped.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const file = process.argv[2];
if (!file) throw new Error('Usage: bare-server.ts <list.json>');
const list = readFileSync(file);
const responses = new Map<string, Buffer>([['/api/clients', list]]);
for (const client of JSON.parse(list.toString('utf8')) as { _id: string }[]) {
  responses.set(`/api/clients/${client._id}`, Buffer.from(JSON.stringify(client)));
}

const server = createServer((request, response) => {
  const body = request.method === 'GET' && request.url !== undefined ? responses.get(request.url) : undefined;
  if (!body) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  response.end(body);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (typeof address === 'object' && address) console.info(`Bare server: http://127.0.0.1:${address.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
