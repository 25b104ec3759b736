// The Idempotency-Key header of an API request that creates a record (placing an order, recording a
// payment): without it there is no replay to answer (null); with it, it must be a valid key
// (shared/schemas/orders.ts), else the request is refused as invalid (`invalid_idempotency_key`).
import type { Request } from 'express';
import { idempotencyKey } from '../../shared/schemas/orders';
import { AppError } from '../core/errors';

/** The request's Idempotency-Key (null: none sent), or the refusal saying what is wrong with it. */
export function idempotencyKeyOf(req: Request): string | null {
  const raw = req.get('Idempotency-Key');
  if (raw === undefined) return null;
  const r = idempotencyKey.safeParse(raw);
  if (!r.success)
    throw new AppError('invalid_idempotency_key', 'invalid', r.error.issues[0]?.message ?? 'The Idempotency-Key header is not valid.', {
      details: [{ path: 'Idempotency-Key', message: r.error.issues[0]?.message ?? 'Not valid.' }],
    });
  return r.data;
}
