import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../shared/schemas/chat';
import { HistoryGate } from './chat-sockets';

const message = (id: number): ChatMessage => ({
  id,
  content: `m${id}`,
  sessionId: '00000000-0000-4000-8000-000000000000',
  userId: 'operator',
  clientId: `client-${id}`,
  staffName: 'Sam',
  createdAt: new Date(0).toISOString(),
  readAt: null,
});

describe('a visitor socket’s history gate', () => {
  it('holds live messages while the history is read, then passes on those the history lacked, once', () => {
    const gate = new HistoryGate();
    // Stored while the history was read: 11 made it into the history, 12 and 10 did not.
    expect([gate.hold(message(11)), gate.hold(message(12)), gate.hold(message(10))]).toEqual([true, true, true]);
    expect(gate.open([message(9), message(11)]).map((m) => m.id)).toEqual([12, 10]);
    // Open: later messages go straight out, and nothing is held back twice.
    expect(gate.hold(message(13))).toBe(false);
    expect(gate.open([])).toEqual([]);
  });
});
