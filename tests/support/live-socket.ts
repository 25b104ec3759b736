// A signed-in person's live channel (/ws/live) in API tests: the events it received, and `settle()`,
// which waits until every push under way has been handed to the sockets and then makes a round
// trip — frames arrive in order, so whatever was sent before the answer is in `events`.
import WebSocket from 'ws';
import type { Client } from './client';
import type { TestServer } from './test-server';

export interface LiveEvent {
  type: string;
  id?: unknown;
  topic?: string;
}

export interface LiveSocket {
  ws: WebSocket;
  events: LiveEvent[];
  settle(): Promise<void>;
}

export function openLive(t: Pick<TestServer, 'url' | 'app'>, c: Client): Promise<LiveSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/ws/live`, { headers: { cookie: c.header() } });
    const events: LiveEvent[] = [];
    const waiting: (() => void)[] = [];
    ws.on('message', (raw) => {
      const event = JSON.parse(String(raw)) as LiveEvent;
      // The server answers a frame it cannot read with an error: that is the round trip's end.
      if (event.type === 'error') waiting.shift()?.();
      else events.push(event);
    });
    const settle = async () => {
      await t.app.sockets.flush();
      await new Promise<void>((done) => {
        waiting.push(done);
        ws.send('not json');
      });
    };
    ws.once('open', () => resolve({ ws, events, settle })).once('error', reject);
  });
}
