import { expect, test } from '@playwright/test';
import { passGate, signInAsDemo } from './fixtures';

test('a visitor and a staff member chat live, and the conversation survives a reload', async ({ browser }) => {
  const visitorContext = await browser.newContext();
  const staffContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const staff = await staffContext.newPage();

  // Staff signs in and opens the inbox first, so the visitor's message must arrive live.
  await signInAsDemo(staff, 'employee');
  await expect(staff).toHaveURL(/\/admin\/dashboard$/);
  await staff.getByRole('link', { name: 'Support Inbox' }).click();
  await expect(staff.getByRole('heading', { name: 'Support inbox' })).toBeVisible();

  await visitor.goto('/products');
  await passGate(visitor);
  await visitor.getByTestId('chat-button').click();
  const panel = visitor.getByTestId('chat-panel');
  await expect(panel.getByRole('heading', { name: 'Frolic Assistant' })).toBeVisible();
  await expect(panel.getByText('How can we help you today?')).toBeVisible();
  const input = panel.getByPlaceholder('Type your question...');
  // Whitespace only is ignored.
  await input.fill('   ');
  await expect(panel.getByRole('button', { name: 'Send message' })).toBeDisabled();
  const question = `Is the navy strength gin good in a Gimlet? <b>${Date.now()}</b>`;
  await input.fill(question);
  await input.press('Enter');
  await expect(panel.getByText(question)).toBeVisible();
  await expect(visitor.getByText('Message sent')).toBeVisible();
  await expect(panel.getByPlaceholder('Waiting for support response...')).toBeDisabled();
  await expect(input).toHaveCount(0);

  // The staff list updates live; the conversation shows the page the visitor was on.
  const row = staff.getByTestId('conversation-list').getByText(question);
  await expect(row).toBeVisible();
  await row.click();
  await expect(staff.getByTestId('conversation-messages').getByText(question)).toBeVisible();
  await expect(staff.getByText('/products', { exact: true })).toBeVisible();
  const answer = 'Yes — 2 parts gin to 1 part lime cordial, shaken hard.';
  await staff.getByLabel('Reply').fill(answer);
  await staff.getByRole('button', { name: 'Send reply' }).click();
  // The inbox stays (it once crashed after every reply), with the reply in the conversation.
  await expect(staff.getByRole('heading', { name: 'Support inbox' })).toBeVisible();
  await expect(staff.getByTestId('conversation-messages').getByText(answer)).toBeVisible();
  await expect(staff.getByLabel('Reply')).toHaveValue('');

  await expect(panel.getByText(answer)).toBeVisible();
  await expect(panel.getByPlaceholder('Type your question...')).toBeEnabled();

  await visitor.reload();
  await visitor.getByTestId('chat-button').click();
  await expect(visitor.getByTestId('chat-panel').getByText(question)).toBeVisible();
  await expect(visitor.getByTestId('chat-panel').getByText(answer)).toBeVisible();
  // Content is text, never HTML.
  await expect(visitor.getByTestId('chat-panel').locator('b')).toHaveCount(0);

  // A second visitor cannot read the first one's conversation, through the API or the socket.
  const sessionId = await visitor.evaluate(() => localStorage.getItem('chat_session_id'));
  const intruderContext = await browser.newContext();
  const intruder = await intruderContext.newPage();
  await intruder.goto('/api/ping');
  const apiStatus = await intruder.evaluate(async (id) => (await fetch(`/api/chat/sessions/${id}/messages`, { headers: { 'x-chat-secret': 'not-the-secret-of-this-session' } })).status, sessionId);
  expect(apiStatus).toBe(403);
  const socketAnswer = await intruder.evaluate(
    (id) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`ws://${location.host}/ws/chat`);
        ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', sessionId: id, secret: 'not-the-secret-of-this-session' }));
        ws.onmessage = (e) => resolve(String(e.data));
      }),
    sessionId,
  );
  expect(JSON.parse(socketAnswer)).toMatchObject({ type: 'error', code: 'chat_forbidden' });

  await visitorContext.close();
  await staffContext.close();
  await intruderContext.close();
});
