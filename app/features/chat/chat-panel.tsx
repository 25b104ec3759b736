// The support chat panel (spec §2, §4): loaded only when a visitor opens the chat.
import { useEffect, useMemo, useRef, useState } from 'react';
import { CHAT_MAX_LENGTH, type ChatMessage } from '@shared/schemas/chat';
import { toast } from '~/lib/toast-store';
import { ChatConnection, ensureSession, type Pending } from './chat-connection';

interface Bubble {
  key: string;
  sender: 'user' | 'assistant';
  content: string;
  timestamp: string;
  staffName?: string | null;
}

const GREETING = 'Hello! Welcome to Frolic customer support. How can we help you today?';
const ACK = 'Thanks for your message! A member of our team will reply here shortly.';
export const SEND_ERROR = 'Sorry, there was an error sending your message. Please try again later.';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

export default function ChatPanel({ onClose, supportEmail }: { onClose: () => void; supportEmail: string }) {
  const [stored, setStored] = useState<ChatMessage[]>([]);
  const [local, setLocal] = useState<Bubble[]>([]);
  const [pending, setPending] = useState<Bubble[]>([]);
  const [input, setInput] = useState('');
  const [loading, setLoading] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [staffOnline, setStaffOnline] = useState(true);
  const [staffTyping, setStaffTyping] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [session, setSession] = useState<{ sessionId: string; secret: string } | null>(null);
  const [emailSaved, setEmailSaved] = useState(false);
  const conn = useRef<ChatConnection | null>(null);
  // Sent before the session and its socket exist (a quick visitor, a slow network): handed to the
  // connection as soon as it is made, so an early Enter is never dropped.
  const early = useRef<Pending[]>([]);
  const endRef = useRef<HTMLDivElement>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastTypingSent = useRef(0);
  const [greetedAt] = useState(() => new Date().toISOString());

  useEffect(() => {
    let connection: ChatConnection | null = null;
    let cancelled = false;
    ensureSession()
      .then((s) => {
        if (cancelled) return;
        setSession(s);
        connection = new ChatConnection(s, {
          onMessages: (messages) => {
            setStored((prev) => {
              const byId = new Map(prev.map((m) => [m.id, m]));
              for (const m of messages) byId.set(m.id, m);
              const all = [...byId.values()].sort((a, b) => a.id - b.id);
              const last = all.at(-1);
              // Waiting for a human while the visitor has the last word.
              setWaiting(!!last && last.userId === 'anonymous_user');
              return all;
            });
            if (messages.some((m) => m.userId === 'operator')) setStaffTyping(false);
          },
          onAck: (clientId, message) => {
            setPending((prev) => prev.filter((p) => p.key !== clientId));
            // Right after the stored message, on the server's clock like the messages around it.
            const after = new Date(new Date(message.createdAt).getTime() + 1).toISOString();
            setLocal((prev) => [...prev, { key: `ack-${clientId}`, sender: 'assistant', content: ACK, timestamp: after }]);
            setLoading(false);
            setWaiting(true);
            toast({ title: 'Message sent', description: 'Our team will respond shortly.' });
          },
          onError: (_code, message, clientId) => {
            if (clientId) setPending((prev) => prev.filter((p) => p.key !== clientId));
            setLoading(false);
            setError(SEND_ERROR);
            setLocal((prev) => [
              ...prev,
              {
                key: `err-${Date.now()}`,
                sender: 'assistant',
                content: `We're sorry — ${message} You can also write to us at ${supportEmail}.`,
                timestamp: new Date().toISOString(),
              },
            ]);
          },
          onPresence: setStaffOnline,
          onTyping: () => {
            setStaffTyping(true);
            if (typingTimer.current) clearTimeout(typingTimer.current);
            typingTimer.current = setTimeout(() => setStaffTyping(false), 4000);
          },
          onStatus: () => undefined,
        });
        conn.current = connection;
        connection.start();
        for (const item of early.current.splice(0)) connection.send(item);
      })
      .catch(() => {
        early.current = [];
        setPending([]);
        setLoading(false);
        setError(SEND_ERROR);
        setLocal([
          {
            key: 'offline',
            sender: 'assistant',
            content: `We're sorry, the chat is unavailable right now. Please write to us at ${supportEmail}.`,
            timestamp: new Date().toISOString(),
          },
        ]);
      });
    return () => {
      cancelled = true;
      connection?.stop();
    };
  }, [supportEmail]);

  const bubbles = useMemo(() => {
    const fromStore: Bubble[] = stored.map((m) => ({
      key: `m-${m.id}`,
      sender: m.userId === 'anonymous_user' ? 'user' : 'assistant',
      content: m.content,
      timestamp: m.createdAt,
      staffName: m.staffName,
    }));
    // A message both pending and already stored (echoed before its acknowledgement) shows once.
    const storedClientIds = new Set(stored.map((m) => m.clientId));
    const all = [...fromStore, ...local, ...pending.filter((p) => !storedClientIds.has(p.key))].sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    // The greeting opens the conversation, so it carries the time of its first message.
    const opened = stored[0]?.createdAt ?? greetedAt;
    return [{ key: 'greeting', sender: 'assistant' as const, content: GREETING, timestamp: opened < greetedAt ? opened : greetedAt }, ...all];
  }, [stored, local, pending, greetedAt]);

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [bubbles.length, staffTyping]);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const content = input.trim();
    if (!content || disabled) return;
    const clientId = crypto.randomUUID();
    setError(null);
    setLoading(true);
    setPending((prev) => [...prev, { key: clientId, sender: 'user', content, timestamp: new Date().toISOString() }]);
    setInput('');
    const item = { clientId, content, page: location.pathname };
    if (conn.current) conn.current.send(item);
    else early.current.push(item);
  }

  function onType(value: string) {
    setInput(value);
    if (Date.now() - lastTypingSent.current > 3000) {
      lastTypingSent.current = Date.now();
      conn.current?.typing();
    }
  }

  async function saveEmail(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!session) return;
    const email = String(new FormData(e.currentTarget).get('email') ?? '');
    const res = await fetch(`/api/chat/sessions/${session.sessionId}/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-chat-secret': session.secret },
      body: JSON.stringify({ email }),
    });
    if (res.ok) setEmailSaved(true);
    else toast({ title: 'Enter a valid email address.', variant: 'destructive' });
  }

  // Waiting for a human disables the input (spec §4) while someone is there to answer; with the
  // team offline the visitor may add more (and leave an email).
  const waitingForStaff = waiting && staffOnline;
  const disabled = loading || waitingForStaff;
  return (
    <section
      role="dialog"
      aria-label="Support chat"
      className="fixed right-4 bottom-24 z-40 flex w-80 flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-2xl sm:w-96"
      data-testid="chat-panel"
    >
      <header className="flex items-center justify-between bg-forest px-4 py-3 text-white">
        <div className="flex items-center gap-3">
          <span className="flex size-9 items-center justify-center rounded-full bg-brass-light font-semibold text-ink" aria-hidden="true">
            AI
          </span>
          <div>
            <h2 className="font-semibold">Frolic Assistant</h2>
            <p className="flex items-center gap-1 text-xs text-stone-200">
              <span className={`size-2 rounded-full ${staffOnline ? 'bg-green-400' : 'bg-stone-400'}`} aria-hidden="true" />
              {staffOnline ? 'Online' : 'Offline'}
            </p>
          </div>
        </div>
        <button type="button" onClick={onClose} className="rounded p-1 text-xl leading-none hover:bg-white/10" aria-label="Close chat">
          ×
        </button>
      </header>
      <div className="h-96 space-y-3 overflow-y-auto p-4" aria-live="polite" data-testid="chat-messages">
        {bubbles.map((b) => (
          <div key={b.key} className={`flex ${b.sender === 'user' ? 'justify-end' : 'justify-start'}`}>
            <div
              className={`max-w-[80%] rounded-2xl px-3 py-2 text-sm ${b.sender === 'user' ? 'bg-forest text-white' : 'bg-stone-100 text-ink'}`}
              data-sender={b.sender}
            >
              {b.staffName ? <p className="text-xs font-semibold text-brass">{b.staffName}, Frolic support</p> : null}
              <p className="break-words whitespace-pre-wrap">{b.content}</p>
              <p className={`mt-1 text-right text-[11px] ${b.sender === 'user' ? 'text-stone-200' : 'text-stone-500'}`}>{time(b.timestamp)}</p>
            </div>
          </div>
        ))}
        {staffTyping ? <p className="text-xs text-stone-500">Support is typing…</p> : null}
        <div ref={endRef} />
      </div>
      <div className="border-t border-stone-200 p-3 text-xs text-stone-700" role="note">
        {error ? (
          <p className="mb-2 font-medium text-red-800" role="alert">
            {error}
          </p>
        ) : null}
        {staffOnline ? (
          <p>
            {waiting
              ? 'A member of our team will reply here. You can keep browsing; your conversation is saved.'
              : 'Our team answers here during opening hours. Please do not share payment details.'}
          </p>
        ) : emailSaved ? (
          <p>Thank you — we will reply to your email as well.</p>
        ) : (
          <form onSubmit={saveEmail} className="space-y-2">
            <p>Our team is offline right now and usually replies within a few hours on working days. Leave your email and we will write back.</p>
            <div className="flex gap-2">
              <label htmlFor="chat-email" className="sr-only">
                Your email address
              </label>
              <input
                id="chat-email"
                name="email"
                type="email"
                required
                placeholder="you@example.com"
                className="min-w-0 flex-1 rounded border border-stone-300 px-2 py-1"
              />
              <button type="submit" className="rounded bg-forest px-3 py-1 font-medium text-white">
                Save
              </button>
            </div>
          </form>
        )}
      </div>
      <form onSubmit={submit} className="flex gap-2 border-t border-stone-200 p-3">
        <label htmlFor="chat-input" className="sr-only">
          Your message
        </label>
        <input
          id="chat-input"
          value={input}
          onChange={(e) => onType(e.target.value)}
          maxLength={CHAT_MAX_LENGTH}
          disabled={disabled}
          placeholder={waitingForStaff ? 'Waiting for support response...' : 'Type your question...'}
          className="min-w-0 flex-1 rounded-full border border-stone-300 px-4 py-2 text-sm disabled:bg-stone-100"
        />
        <button
          type="submit"
          disabled={disabled || !input.trim()}
          className="flex size-10 items-center justify-center rounded-full bg-forest text-white disabled:opacity-50"
          aria-label="Send message"
        >
          {loading ? (
            <span className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent" data-testid="chat-spinner" />
          ) : (
            <span aria-hidden="true">➤</span>
          )}
        </button>
      </form>
    </section>
  );
}
