/**
 * The address `npm start` prints. On a loopback address it names `localhost`: browsers refuse WebAuthn on an IP
 * address (issue 30), and localhost counts as a secure context, so passkeys work at the printed address.
 */
import { isIP } from 'node:net';

function isLoopback(host: string): boolean {
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

export function shownAddress(host: string, port: number): string {
  if (isLoopback(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
