// JSON handlers of the support chat: visitors (id + secret in X-Chat-Secret) and staff.
import { type Request, Router } from 'express';
import { z } from 'zod';
import { messagesAfterQuery, visitorEmail, visitorSend } from '../../../shared/schemas/chat';
import { parse } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import type { Services } from '../../services';

// Built once: a zod schema built per request (a `pick`, an object) compiles its parser each time.
const sessionIdParam = z.uuid();
const historyQuery = z.object({ after: messagesAfterQuery });
const staffSend = visitorSend.pick({ clientId: true, content: true });

export function chatApi(services: Services): Router {
  const router = Router();
  const chat = services.chat;

  async function visitor(req: Request): Promise<string> {
    const sessionId = parse(sessionIdParam, req.params.id);
    await chat.verifyVisitor(sessionId, String(req.headers['x-chat-secret'] ?? ''));
    return sessionId;
  }

  router.post('/chat/sessions', async (req, res) => {
    res.status(201).json(await chat.startSession(req.ip ?? null));
  });

  router.get('/chat/presence', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ staffOnline: await chat.staffOnline() });
  });

  router.get('/chat/sessions/:id/messages', async (req, res) => {
    const sessionId = await visitor(req);
    const { after } = parse(historyQuery, req.query);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ messages: await chat.history(sessionId, after) });
  });

  router.post('/chat/sessions/:id/messages', async (req, res) => {
    const sessionId = await visitor(req);
    const input = parse(visitorSend, req.body);
    const { message, duplicate } = await chat.postVisitorMessage(sessionId, input, req.ip ?? null);
    res.status(duplicate ? 200 : 201).json({ message });
  });

  router.post('/chat/sessions/:id/email', async (req, res) => {
    const sessionId = await visitor(req);
    await chat.setVisitorEmail(sessionId, parse(visitorEmail, req.body).email);
    res.status(204).end();
  });

  router.get('/chat/conversations', requireApi(services, { permission: 'support:answer' }), async (_req, res) => {
    res.json({ conversations: await chat.listConversations() });
  });

  router.post('/chat/conversations/:id/messages', requireApi(services, { permission: 'support:answer' }), async (req, res) => {
    const sessionId = parse(sessionIdParam, req.params.id);
    const input = parse(staffSend, req.body);
    const u = (await currentUser(services, req))!;
    const { message } = await chat.postStaffMessage(u, sessionId, input, { userId: u.id, ip: req.ip ?? null });
    res.status(201).json({ message });
  });

  return router;
}
