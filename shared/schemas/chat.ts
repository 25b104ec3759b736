// The support chat's wire shapes and limits, shared by the widget, the inbox and the server.
import { z } from './zod';
import { requiredText } from './text';
import { MAX_RECORD_ID } from '../limits';

export const CHAT_MAX_LENGTH = 2000;
/** Spec §9: reconnect backoff 1 s, 2 s, 5 s, then 10 s; heartbeat 30 s. */
export const RECONNECT_BACKOFF_MS = [1000, 2000, 5000, 10000] as const;
export const HEARTBEAT_MS = 30_000;
/** Per conversation and per IP, per minute. */
export const CHAT_RATE_PER_SESSION = 10;
export const CHAT_RATE_PER_IP = 30;
/** New conversations per IP, per hour. */
export const CHAT_STARTS_PER_IP = 20;
export const SESSION_STORAGE_KEY = 'chat_session_id';
export const SECRET_STORAGE_KEY = 'chat_session_secret';

export interface ChatMessage {
  id: number;
  content: string;
  sessionId: string;
  userId: 'anonymous_user' | 'operator';
  clientId: string;
  staffName: string | null;
  createdAt: string;
  readAt: string | null;
}

export const chatContent = z
  .string()
  .transform((s) => s.trim())
  .pipe(requiredText('Type a message.').max(CHAT_MAX_LENGTH, `Keep messages under ${CHAT_MAX_LENGTH} characters.`));

export const visitorSend = z.object({
  clientId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  content: chatContent,
  page: z.string().max(500).optional(),
});

/** The id of the last message a client saw: a message id (int4), so a larger one is refused here, not by the database. */
const messageCursor = z.number().int().min(0).max(MAX_RECORD_ID, 'This is not a message id.');
/** `?after=` of the message history: digits only, within the column's range; none (or empty) means from the start. */
export const messagesAfterQuery = z
  .string()
  .regex(/^\d{0,10}$/, 'This is not a message id.')
  .transform(Number)
  .pipe(messageCursor)
  .optional()
  .transform((v) => v ?? 0);

export const visitorEmail = z.object({ email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address.')) });

/** What a visitor socket sends. */
export const visitorClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), sessionId: z.uuid(), secret: z.string().min(20).max(100), after: messageCursor.optional() }),
  z.object({
    type: z.literal('send'),
    clientId: visitorSend.shape.clientId,
    content: z.string().max(CHAT_MAX_LENGTH * 2),
    page: z.string().max(500).optional(),
  }),
  z.object({ type: z.literal('typing') }),
]);

/** What a staff socket sends. */
export const staffClientMessage = z.discriminatedUnion('type', [z.object({ type: z.literal('typing'), sessionId: z.uuid() })]);

export type ServerEvent =
  | { type: 'ready'; messages: ChatMessage[]; staffOnline: boolean }
  | { type: 'ack'; clientId: string; message: ChatMessage }
  | { type: 'message'; message: ChatMessage }
  | { type: 'typing'; sessionId: string; from: 'visitor' | 'staff' }
  | { type: 'conversation'; sessionId: string }
  | { type: 'presence'; staffOnline: boolean }
  | { type: 'error'; code: string; message: string; clientId?: string };
