// Idempotent creation (placing an order, recording a payment, allocating stock): a request sent again
// with the same Idempotency-Key and the same body answers the first one's record; the same key with
// another body is refused. The body is compared by a hash of its canonical form.
import { createHash } from 'node:crypto';

/** The SHA-256 of `canonical` as JSON (the caller puts it in canonical form: lines sorted, fields named). */
export function requestHash(canonical: unknown): string {
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * The record an earlier request with this key made (null: none), or the refusal when its body was
 * another (`reused`). `existing` is the caller's read by key.
 */
export function replayOf<R extends { requestHash: string | null }>(existing: R | undefined, hash: string, reused: (existing: R) => Error): R | null {
  if (!existing) return null;
  if (existing.requestHash !== hash) throw reused(existing);
  return existing;
}
