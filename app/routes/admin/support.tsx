// The support inbox: conversations (last message, unread, status), a conversation with the page the
// visitor was on, replies (stored as operator, spec §3), assign, close/reopen, canned replies —
// updated live through the staff socket.
import { useEffect, useRef, useState } from 'react';
import { formatUtc } from '@shared/staff-time';
import { Form, Link, useFetcher, useSearchParams } from 'react-router';
import { CHAT_MAX_LENGTH, chatContent } from '@shared/schemas/chat';
import type { Route } from './+types/support';
import { useStaffSocket } from '~/features/chat/use-staff-socket';
import { requireScreen } from '~/lib/guards.server';
import { refusalOf } from '~/lib/domain-error';
import { useLiveRevalidate } from '~/lib/live-revalidate';
import { statusLabel } from '@shared/status-labels';

export const meta: Route.MetaFunction = () => [{ title: 'Support inbox · Frolic' }];

const STATUSES = ['open', 'assigned', 'closed'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireScreen(request, context, 'support');
  const url = new URL(request.url);
  const status = STATUSES.find((s) => s === url.searchParams.get('status'));
  const selected = url.searchParams.get('c');
  const chat = context.services.chat;
  const [conversations, canned, colleagues] = await Promise.all([chat.listConversations({ status }), chat.cannedReplies(), chat.colleagues()]);
  let conversation = null;
  if (selected && /^[0-9a-f-]{36}$/.test(selected)) {
    try {
      conversation = await chat.openConversation(selected);
    } catch {
      conversation = null;
    }
  }
  return { me: user.id, conversations, canned, colleagues, conversation, status: status ?? null };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Chat = Route.ActionArgs['context']['services']['chat'];
type Staff = Awaited<ReturnType<typeof requireScreen>>;

async function perform(chat: Chat, user: Staff, actor: Parameters<Chat['assign']>[2], form: Record<string, string>, sessionId: string) {
  switch (form.intent) {
    case 'reply': {
      const content = chatContent.safeParse(form.content ?? '');
      if (!content.success) return { error: content.error.issues[0]?.message ?? 'Type a reply.' };
      await chat.postStaffMessage(user, sessionId, { clientId: form.clientId || crypto.randomUUID(), content: content.data }, actor);
      return { ok: true };
    }
    case 'assign':
      await chat.assign(sessionId, form.assignee ? form.assignee : null, actor);
      return { ok: true };
    case 'close':
    case 'reopen':
      await chat.setClosed(sessionId, form.intent === 'close', actor);
      return { ok: true };
    case 'canned': {
      const title = (form.title ?? '').trim();
      const body = (form.body ?? '').trim();
      if (!title || !body || title.length > 80 || body.length > CHAT_MAX_LENGTH)
        return { error: 'A canned reply needs a title (80 characters at most) and a text.' };
      await chat.addCannedReply({ title, body }, actor);
      return { ok: true };
    }
    default:
      return { error: 'Unknown action.' };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireScreen(request, context, 'support');
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const sessionId = form.sessionId ?? '';
  if (form.intent !== 'canned' && !UUID.test(sessionId)) return { error: 'Choose a conversation.' };
  if (form.assignee && !UUID.test(form.assignee)) return { error: 'Choose a colleague.' };
  if (form.clientId && !/^[A-Za-z0-9_-]{8,64}$/.test(form.clientId)) return { error: 'Reload the page and try again.' };
  try {
    return await perform(context.services.chat, user, context.auth.actor(user.id), form, sessionId);
  } catch (err) {
    // A refusal from the service (unknown conversation, not a colleague) is shown, not a crash.
    const e = refusalOf(err);
    if (e) return { error: e.message ?? 'That did not work.' };
    throw err;
  }
}

const time = (iso: string | Date | null) => (iso ? formatUtc(iso) : '');

export default function SupportInbox({ loaderData }: Route.ComponentProps) {
  const { conversations, conversation, canned, colleagues, me, status } = loaderData;
  const [params] = useSearchParams();
  const refresh = useLiveRevalidate();
  const [visitorTyping, setVisitorTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const selectedId = conversation?.session.id ?? null;
  const socket = useStaffSocket(true, (event) => {
    if (event.type === 'typing' && event.sessionId === selectedId && event.from === 'visitor') {
      setVisitorTyping(true);
      if (typingTimer.current) clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setVisitorTyping(false), 4000);
    }
    if (event.type === 'message' && event.message.sessionId === selectedId) setVisitorTyping(false);
    if (event.type === 'message' || event.type === 'conversation') refresh();
  });
  const reply = useFetcher<{ ok?: boolean; error?: string }>();
  // The draft belongs to one conversation, and is cleared only once the reply is stored.
  const [draft, setDraft] = useState({ sessionId: selectedId, text: '' });
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const [lastReply, setLastReply] = useState(reply.data);
  if (reply.data !== lastReply) {
    setLastReply(reply.data);
    if (reply.data?.ok) {
      setDraft({ sessionId: selectedId, text: '' });
      setClientId(crypto.randomUUID());
    }
  }
  const draftText = draft.sessionId === selectedId ? draft.text : '';
  const endRef = useRef<HTMLDivElement>(null);
  // Braces matter: Chromium's scrollIntoView now returns a promise, and an effect that returns
  // anything but a function crashes React when it cleans up ("destroy is not a function").
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [conversation?.messages.length]);

  const link = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('c', id);
    return `?${next}`;
  };

  return (
    <main id="main" className="grid h-[calc(100vh-7rem)] grid-cols-1 gap-4 lg:grid-cols-[22rem_minmax(0,1fr)]">
      <section aria-labelledby="inbox-heading" className="flex min-h-0 flex-col rounded-xl bg-white shadow-sm">
        <div className="border-b border-stone-200 p-4">
          <h1 id="inbox-heading" className="font-serif text-2xl">
            Support inbox
          </h1>
          <nav aria-label="Filter conversations" className="mt-2 flex gap-2 text-sm">
            {[null, ...STATUSES].map((s) => (
              <Link
                key={s ?? 'all'}
                to={s ? `?status=${s}` : '?'}
                className={`rounded-full border px-3 py-1 ${status === s ? 'border-forest bg-forest text-white' : 'border-stone-300'}`}
              >
                {s ? s[0]!.toUpperCase() + s.slice(1) : 'All'}
              </Link>
            ))}
          </nav>
        </div>
        <ul className="min-h-0 flex-1 divide-y divide-stone-100 overflow-y-auto" data-testid="conversation-list">
          {conversations.length === 0 ? <li className="p-4 text-sm text-stone-600">No conversations yet.</li> : null}
          {conversations.map((c) => (
            <li key={c.id}>
              <Link to={link(c.id)} className={`block p-4 hover:bg-stone-50 ${c.id === selectedId ? 'bg-stone-100' : ''}`}>
                <div className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm font-medium">{c.visitorEmail ?? `Visitor ${c.id.slice(0, 8)}`}</span>
                  {c.unread > 0 ? (
                    <span className="rounded-full bg-red-600 px-2 text-xs font-semibold text-white" aria-label={`${c.unread} unread`}>
                      {c.unread}
                    </span>
                  ) : null}
                </div>
                <p className="truncate text-sm text-stone-600">{c.lastMessage}</p>
                <p className="mt-1 text-xs text-stone-500">
                  {statusLabel(c.status)}
                  {c.assigneeName ? ` · ${c.assigneeName}` : ''} · {time(c.lastMessageAt)}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-label="Conversation" className="flex min-h-0 flex-col rounded-xl bg-white shadow-sm">
        {!conversation ? (
          <p className="m-auto text-stone-600">Choose a conversation.</p>
        ) : (
          <>
            <header className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 p-4">
              <div>
                <h2 className="font-semibold">{conversation.session.visitorEmail ?? `Visitor ${conversation.session.id.slice(0, 8)}`}</h2>
                <p className="text-xs text-stone-600">
                  Status: {statusLabel(conversation.session.status)}
                  {conversation.session.pageUrl ? (
                    <>
                      {' '}
                      · on <code>{conversation.session.pageUrl}</code>
                    </>
                  ) : null}
                </p>
              </div>
              <div className="flex flex-wrap gap-2 text-sm">
                {conversation.session.assigneeId !== me ? (
                  <Form method="post">
                    <input type="hidden" name="sessionId" value={conversation.session.id} />
                    <input type="hidden" name="assignee" value={me} />
                    <button name="intent" value="assign" className="rounded-md border border-forest px-3 py-1 text-forest">
                      Assign to me
                    </button>
                  </Form>
                ) : null}
                <Form method="post" className="flex gap-1">
                  <input type="hidden" name="sessionId" value={conversation.session.id} />
                  <label htmlFor="assignee" className="sr-only">
                    Assign to a colleague
                  </label>
                  <select
                    id="assignee"
                    name="assignee"
                    key={`${conversation.session.id}:${conversation.session.assigneeId ?? ''}`}
                    defaultValue={conversation.session.assigneeId ?? ''}
                    className="rounded-md border border-stone-300 px-2 py-1"
                  >
                    <option value="">Unassigned</option>
                    {colleagues.map((c) => (
                      <option key={c.id} value={c.id}>
                        {`${c.firstName} ${c.lastName}`.trim()}
                      </option>
                    ))}
                  </select>
                  <button name="intent" value="assign" className="rounded-md border border-stone-300 px-3 py-1">
                    Assign
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="sessionId" value={conversation.session.id} />
                  {conversation.session.status === 'closed' ? (
                    <button name="intent" value="reopen" className="rounded-md border border-stone-300 px-3 py-1">
                      Reopen
                    </button>
                  ) : (
                    <button name="intent" value="close" className="rounded-md border border-stone-300 px-3 py-1">
                      Close
                    </button>
                  )}
                </Form>
              </div>
            </header>
            <ol className="min-h-0 flex-1 space-y-3 overflow-y-auto p-4" data-testid="conversation-messages">
              {conversation.messages.map((m) => (
                <li key={m.id} className={`flex ${m.userId === 'operator' ? 'justify-end' : 'justify-start'}`}>
                  <div className={`max-w-[75%] rounded-2xl px-3 py-2 text-sm ${m.userId === 'operator' ? 'bg-forest text-white' : 'bg-stone-100'}`}>
                    <p className="break-words whitespace-pre-wrap">{m.content}</p>
                    <p className="mt-1 text-[11px] opacity-75">
                      {m.userId === 'operator' ? (m.staffName ?? 'Staff') : 'Visitor'} · {time(m.createdAt)}
                    </p>
                  </div>
                </li>
              ))}
              {visitorTyping ? <li className="text-xs text-stone-500">Visitor is typing…</li> : null}
              <div ref={endRef} />
            </ol>
            <reply.Form method="post" className="space-y-2 border-t border-stone-200 p-4">
              <input type="hidden" name="sessionId" value={conversation.session.id} />
              <input type="hidden" name="clientId" value={clientId} />
              <input type="hidden" name="intent" value="reply" />
              {canned.length ? (
                <div className="flex flex-wrap gap-2" aria-label="Canned replies">
                  {canned.map((c) => (
                    <button
                      key={c.id}
                      type="button"
                      onClick={() => setDraft({ sessionId: selectedId, text: c.body })}
                      className="rounded-full border border-stone-300 px-3 py-1 text-xs"
                    >
                      {c.title}
                    </button>
                  ))}
                </div>
              ) : null}
              {reply.data?.error ? (
                <p role="alert" className="text-sm text-red-800">
                  {reply.data.error}
                </p>
              ) : null}
              <label htmlFor="reply" className="sr-only">
                Reply
              </label>
              <textarea
                id="reply"
                name="content"
                rows={3}
                value={draftText}
                maxLength={CHAT_MAX_LENGTH}
                onChange={(e) => {
                  setDraft({ sessionId: selectedId, text: e.target.value });
                  socket.typing(conversation.session.id);
                }}
                onKeyDown={(e) => {
                  // Enter sends, Shift+Enter starts a new line, as in every chat inbox (not while an
                  // input method is composing a character, where Enter confirms the composition).
                  if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
                  e.preventDefault();
                  if (reply.state === 'idle' && draftText.trim()) e.currentTarget.form?.requestSubmit();
                }}
                aria-describedby="reply-keys"
                placeholder="Write a reply…"
                className="w-full rounded-md border border-stone-300 p-2 text-sm"
              />
              <p id="reply-keys" className="text-xs text-stone-500">
                Enter sends; Shift+Enter starts a new line.
              </p>
              <button
                type="submit"
                disabled={reply.state !== 'idle'}
                className="rounded-full bg-forest px-5 py-2 text-sm font-semibold text-white disabled:opacity-60"
              >
                Send reply
              </button>
            </reply.Form>
          </>
        )}
      </section>

      <details className="lg:col-span-2">
        <summary className="cursor-pointer text-sm font-medium">Canned replies</summary>
        <Form method="post" className="mt-2 flex flex-wrap items-end gap-2 text-sm">
          <input type="hidden" name="intent" value="canned" />
          <label className="flex flex-col">
            Title
            <input name="title" maxLength={80} className="rounded-md border border-stone-300 px-2 py-1" />
          </label>
          <label className="flex flex-1 flex-col">
            Text
            <input name="body" className="rounded-md border border-stone-300 px-2 py-1" />
          </label>
          <button className="rounded-md border border-forest px-3 py-1 text-forest">Add</button>
        </Form>
      </details>
    </main>
  );
}
