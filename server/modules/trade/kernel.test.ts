// The trade kernel's rules without a database: a write tells no one until its commit and no one if it
// rolls back; its signals go out once per record, its own topic's first, then the orders', then the
// rest, and other services' announcements last; a move is refused in the order the API answers
// (wrong side, stale version, state); an idempotent request answers the first record or refuses
// another body under the same key.
import { describe, expect, it } from 'vitest';
import type { ActionRefusal } from '../../../shared/order-actions';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import type { LiveSignal } from '../../realtime/live';
import type { NotificationService, StoredNotification } from '../notifications/service';
import { createTradeWriter } from './after-commit';
import { replayOf, requestHash } from './idempotency';
import { refuseMove } from './moves';

function harness() {
  const heard: string[] = [];
  const db = { transaction: async <T>(fn: (tx: object) => Promise<T>) => fn({}) } as unknown as Db;
  const notifications = { announce: async (n: StoredNotification) => void heard.push(`bell ${n.id}`) } as unknown as NotificationService;
  const live = {
    changed: async (s: LiveSignal) => void heard.push(`${s.topic} ${s.id} ${s.audiences.map((a) => a.organisationId ?? 'staff').join(',')}`),
  };
  return { heard, writer: createTradeWriter({ db, notifications, live }, 'shipment') };
}

describe('the write that tells after its commit', () => {
  it('announces the bell, then its own records, the orders and the rest, once each, and others’ announcements last', async () => {
    const { heard, writer } = harness();
    await writer.write(async (_tx, fx) => {
      fx.orderChanged({ id: 7, buyerId: 'b', sellerId: 's' });
      fx.after(async () => void heard.push('credit note'));
      fx.changed('invoice', 3, [{ permission: 'orders:manage', organisationId: 'i' }]);
      fx.changed('shipment', 1, [{ permission: 'orders:manage', organisationId: 'old' }]);
      fx.changed('shipment', 1, [{ permission: 'orders:manage', organisationId: 's' }]);
      fx.told({ id: 42, permission: 'orders:manage' });
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['bell 42', 'shipment 1 s', 'order 7 b,s', 'invoice 3 i', 'credit note']);
  });

  it('tells no one when the write rolls back', async () => {
    const { heard, writer } = harness();
    await expect(
      writer.write(async (_tx, fx) => {
        fx.told({ id: 1, permission: 'orders:manage' });
        fx.orderChanged({ id: 2, buyerId: 'b', sellerId: 's' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(heard).toEqual([]);
  });

  it('lets another service collect inside the caller’s write and announce after the caller’s commit', async () => {
    const { heard, writer } = harness();
    const c = writer.collect();
    c.fx.changed('shipment', 9, [{ permission: 'orders:manage', organisationId: 'x' }]);
    expect(heard).toEqual([]);
    await c.announce();
    expect(heard).toEqual(['shipment 9 x']);
  });
});

describe('refusing a move', () => {
  const refusal = (code: string, kind: ActionRefusal['kind']): ActionRefusal => ({ code, kind, message: code });
  const invalid = () => new AppError('invalid_transition', 'conflict', 'moved on');
  const codeOf = (f: () => void) => {
    try {
      f();
      return null;
    } catch (err) {
      return (err as AppError).code;
    }
  };

  it('answers the wrong side first, then a stale version, then the state', () => {
    expect(codeOf(() => refuseMove(refusal('wrong_side', 'forbidden'), 'order', { current: 2, sent: 1 }, invalid))).toBe('wrong_side');
    expect(codeOf(() => refuseMove(refusal('invalid_transition', 'conflict'), 'order', { current: 2, sent: 1 }, invalid))).toBe('version_conflict');
    expect(codeOf(() => refuseMove(refusal('invalid_transition', 'conflict'), 'order', { current: 2, sent: 2 }, invalid))).toBe('invalid_transition');
    expect(codeOf(() => refuseMove(refusal('order_in_shipment', 'conflict'), 'order', { current: 2, sent: null }, invalid))).toBe('order_in_shipment');
    expect(codeOf(() => refuseMove(null, 'order', { current: 2, sent: 2 }, invalid))).toBeNull();
  });
});

describe('idempotent creation', () => {
  it('answers the first record for the same body and refuses another body under the same key', () => {
    const hash = requestHash({ lines: [[1, 2]], note: '' });
    expect(requestHash({ lines: [[1, 2]], note: '' })).toBe(hash);
    const reused = () => new AppError('idempotency_key_reused', 'conflict', 'reused');
    expect(replayOf(undefined, hash, reused)).toBeNull();
    expect(replayOf({ id: 1, requestHash: hash }, hash, reused)).toEqual({ id: 1, requestHash: hash });
    expect(() => replayOf({ id: 1, requestHash: 'other' }, hash, reused)).toThrow('reused');
  });
});
