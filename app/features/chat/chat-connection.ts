// The visitor's side of the chat protocol: session id + secret in local storage (spec §3), a
// WebSocket that reconnects with the spec's backoff and asks for everything after the last message it
// saw, and sends that are resent (same client id) until acknowledged — so nothing is lost or doubled.
import { type ChatMessage, RECONNECT_BACKOFF_MS, SECRET_STORAGE_KEY, type ServerEvent, SESSION_STORAGE_KEY } from '@shared/schemas/chat';

export interface Pending {
  clientId: string;
  content: string;
  page: string;
}

export interface ConnectionHandlers {
  onMessages(messages: ChatMessage[]): void;
  onAck(clientId: string, message: ChatMessage): void;
  onError(code: string, message: string, clientId?: string): void;
  onPresence(staffOnline: boolean): void;
  onTyping(): void;
  onStatus(connected: boolean): void;
}

const ACK_TIMEOUT_MS = 8000;

export async function ensureSession(): Promise<{ sessionId: string; secret: string }> {
  const sessionId = localStorage.getItem(SESSION_STORAGE_KEY);
  const secret = localStorage.getItem(SECRET_STORAGE_KEY);
  if (sessionId && secret) return { sessionId, secret };
  const res = await fetch('/api/chat/sessions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  if (!res.ok) throw new Error(`chat session: ${res.status}`);
  const created = (await res.json()) as { sessionId: string; secret: string };
  localStorage.setItem(SESSION_STORAGE_KEY, created.sessionId);
  localStorage.setItem(SECRET_STORAGE_KEY, created.secret);
  return created;
}

export class ChatConnection {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private lastSeen = 0;
  private pending = new Map<string, { item: Pending; timer: ReturnType<typeof setTimeout> | null }>();
  private closed = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly session: { sessionId: string; secret: string },
    private readonly handlers: ConnectionHandlers,
  ) {}

  start() {
    this.connect();
  }

  stop() {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    for (const p of this.pending.values()) if (p.timer) clearTimeout(p.timer);
    this.ws?.close();
  }

  send(item: Pending) {
    this.pending.set(item.clientId, { item, timer: null });
    this.transmit(item.clientId);
  }

  typing() {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'typing' }));
  }

  private transmit(clientId: string) {
    const entry = this.pending.get(clientId);
    if (!entry) return;
    if (entry.timer) clearTimeout(entry.timer);
    if (this.ws?.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ type: 'send', ...entry.item }));
      // No acknowledgement in time: send again; the server keeps one copy per client id.
      entry.timer = setTimeout(() => this.transmit(clientId), ACK_TIMEOUT_MS);
    }
  }

  private connect() {
    if (this.closed) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/chat`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'auth', sessionId: this.session.sessionId, secret: this.session.secret, after: this.lastSeen }));
    };
    ws.onmessage = (e) => {
      const event = JSON.parse(String(e.data)) as ServerEvent;
      switch (event.type) {
        case 'ready':
          this.attempt = 0;
          this.handlers.onStatus(true);
          this.seen(event.messages);
          this.handlers.onPresence(event.staffOnline);
          for (const id of this.pending.keys()) this.transmit(id);
          break;
        case 'message':
          this.seen([event.message]);
          break;
        case 'ack': {
          const entry = this.pending.get(event.clientId);
          this.seen([event.message]);
          // A resend is acknowledged too: only the first acknowledgement counts.
          if (!entry) break;
          if (entry.timer) clearTimeout(entry.timer);
          this.pending.delete(event.clientId);
          this.handlers.onAck(event.clientId, event.message);
          break;
        }
        case 'presence':
          this.handlers.onPresence(event.staffOnline);
          break;
        case 'typing':
          this.handlers.onTyping();
          break;
        case 'error': {
          if (event.clientId) {
            const entry = this.pending.get(event.clientId);
            if (entry?.timer) clearTimeout(entry.timer);
            this.pending.delete(event.clientId);
          }
          this.handlers.onError(event.code, event.message, event.clientId);
          break;
        }
        default:
          break;
      }
    };
    ws.onclose = (e) => {
      this.handlers.onStatus(false);
      if (this.closed) return;
      if (e.code === 4403) {
        // The stored secret is not valid here (e.g. a wiped database): start a new conversation.
        localStorage.removeItem(SESSION_STORAGE_KEY);
        localStorage.removeItem(SECRET_STORAGE_KEY);
        this.handlers.onError('chat_forbidden', 'Your conversation could not be found. Please reload the page.');
        return;
      }
      const delay = RECONNECT_BACKOFF_MS[Math.min(this.attempt, RECONNECT_BACKOFF_MS.length - 1)] as number;
      this.attempt += 1;
      this.reconnectTimer = setTimeout(() => this.connect(), delay);
    };
  }

  private seen(messages: ChatMessage[]) {
    if (!messages.length) return;
    this.lastSeen = Math.max(this.lastSeen, ...messages.map((m) => m.id));
    this.handlers.onMessages(messages);
  }
}
