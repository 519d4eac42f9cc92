import { useRef } from 'react';

/** 128 random bits in hex (crypto.randomUUID needs a secure context, and a salon's own network may be plain HTTP). */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The Idempotency-Key of a request that creates something (a registration, a booking): the same values sent again
 * after a failure (the button pressed again) carry the same key, so that a request whose answer was lost is not
 * carried out twice; other values get a new key.
 */
export function useIdempotencyKey(): (values: unknown) => string {
  const lastAttempt = useRef<{ values: string; key: string } | null>(null);
  return (values) => {
    const sent = JSON.stringify(values);
    if (lastAttempt.current?.values !== sent) lastAttempt.current = { values: sent, key: newIdempotencyKey() };
    return lastAttempt.current.key;
  };
}
