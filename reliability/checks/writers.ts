/**
 * Writers for the crash and graceful-stop checks: loops that POST clients with unique markers
 * and record every create the server acknowledged (201 and an id). A write whose connection
 * fails (the server was killed or has stopped) is not acknowledged and ends the loop.
 */
import { clientBody } from '../lib/context.ts';
import { HttpClient, jsonHeaders } from '../lib/http.ts';

export type WriteLedger = {
  /** id → marker of every acknowledged create. */
  acknowledged: Map<string, string>;
  /** Every marker ever sent (acknowledged or not). */
  sent: Set<string>;
  /** Answers other than 201, by status. */
  refused: Map<number, number>;
  /** Acknowledged creates whose answer was malformed. */
  malformed: number;
};

export function newLedger(): WriteLedger {
  return { acknowledged: new Map(), sent: new Set(), refused: new Map(), malformed: 0 };
}

/** Runs `count` writers until `stop()` or a connection failure; each at most `maxWrites` writes. */
export async function runWriters(options: {
  client: HttpClient;
  cookie: string;
  tag: string;
  count: number;
  ledger: WriteLedger;
  stop: () => boolean;
  maxWrites?: number;
  /** Called with each acknowledged id (at the moment it was acknowledged). */
  onAcknowledged?: (id: string) => void;
}): Promise<void> {
  const { client, cookie, tag, ledger } = options;
  const writer = async (writerIndex: number) => {
    for (let sequence = 1; sequence <= (options.maxWrites ?? 100_000) && !options.stop(); sequence += 1) {
      const marker = `${tag}-w${writerIndex}-${sequence}`;
      ledger.sent.add(marker);
      let status: number;
      let body: string;
      try {
        ({ status, body } = await client.request({
          method: 'POST',
          path: '/api/clients',
          headers: jsonHeaders(client.origin, cookie),
          body: clientBody(marker, sequence),
          timeoutMs: 15_000,
        }));
      } catch {
        return; // the server is gone: this write is not acknowledged
      }
      if (status === 201) {
        try {
          const created = JSON.parse(body) as { _id?: unknown; lastName?: unknown };
          if (typeof created._id !== 'string' || created.lastName !== marker) throw new Error('not the client sent');
          ledger.acknowledged.set(created._id, marker);
          options.onAcknowledged?.(created._id);
        } catch {
          ledger.malformed += 1;
        }
      } else {
        ledger.refused.set(status, (ledger.refused.get(status) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: options.count }, (_, index) => writer(index + 1)));
}
