import { expect, test } from '@playwright/test';
import { passGate, signInAsDemo } from './fixtures';
import { startOwnServer } from './own-server';
import { TIME_SCALE } from '../../playwright.config';

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
  const apiStatus = await intruder.evaluate(
    async (id) => (await fetch(`/api/chat/sessions/${id}/messages`, { headers: { 'x-chat-secret': 'not-the-secret-of-this-session' } })).status,
    sessionId,
  );
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

test('a question sent before the chat has connected is kept and sent once it has', async ({ page, browser }) => {
  await page.goto('/products');
  await passGate(page);
  // Hold the new conversation's creation until the visitor has already pressed Enter (a quick
  // typist on a slow network): the question once stayed in the box and nothing was sent.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/chat/sessions', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await page.getByTestId('chat-button').click();
  const panel = page.getByTestId('chat-panel');
  const question = `Do you ship to Malta? ${Date.now()}`;
  await panel.getByPlaceholder('Type your question...').fill(question);
  await panel.getByPlaceholder('Type your question...').press('Enter');
  // Shown as sent-in-progress at once, the box emptied, no acknowledgement yet.
  await expect(panel.getByText(question)).toBeVisible();
  await expect(panel.getByPlaceholder('Type your question...')).toHaveValue('');
  await expect(panel.getByTestId('chat-spinner')).toBeVisible();
  await expect(page.getByText('Message sent')).toHaveCount(0);
  release();
  await expect(page.getByText('Message sent')).toBeVisible();
  await expect(panel.getByText('Thanks for your message!')).toBeVisible();
  // Stored once: after a reload the conversation holds the question a single time.
  await page.unroute('**/api/chat/sessions');
  await page.reload();
  await page.getByTestId('chat-button').click();
  await expect(page.getByTestId('chat-panel').getByText(question)).toHaveCount(1);

  // Staff see it once too: one conversation in the inbox, the question in it once.
  const staffContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    await signInAsDemo(staff, 'employee');
    await expect(staff).toHaveURL(/\/admin\/dashboard$/);
    await staff.goto('/admin/dashboard/support');
    const row = staff.getByTestId('conversation-list').getByText(question);
    await expect(row).toHaveCount(1);
    await row.click();
    await expect(staff.getByTestId('conversation-messages').getByText(question)).toHaveCount(1);
  } finally {
    await staffContext.close();
  }
});

test('presence follows the last staff member leaving, and staff reply with Enter (Shift+Enter for a new line)', async ({ browser }) => {
  test.setTimeout(120_000 * TIME_SCALE);
  // A server of its own: presence is global, and staff signed in by other journeys would keep it 'Online'.
  const own = await startOwnServer(Number(process.env.E2E_PORT ?? 3210) + 1 + test.info().workerIndex, { demo: true });
  const visitorContext = await browser.newContext({ baseURL: own.url });
  const staffContext = await browser.newContext({ baseURL: own.url });
  try {
    const visitor = await visitorContext.newPage();
    const staff = await staffContext.newPage();
    await signInAsDemo(staff, 'employee');
    await expect(staff).toHaveURL(/\/admin\/dashboard$/);
    await staff.goto('/admin/dashboard/support');
    await expect(staff.getByRole('heading', { name: 'Support inbox' })).toBeVisible();

    await visitor.goto('/products');
    await passGate(visitor);
    await visitor.getByTestId('chat-button').click();
    const panel = visitor.getByTestId('chat-panel');
    await panel.getByPlaceholder('Type your question...').fill('Anyone there?');
    await panel.getByPlaceholder('Type your question...').press('Enter');
    // Someone is there: the visitor waits for them.
    await expect(panel.getByText('Online', { exact: true })).toBeVisible();
    await expect(panel.getByPlaceholder('Waiting for support response...')).toBeDisabled();

    await staff.getByTestId('conversation-list').getByText('Anyone there?').click();
    const reply = staff.getByLabel('Reply');
    await reply.fill('Yes, we are here.');
    await reply.press('Shift+Enter');
    await reply.pressSequentially('How can I help?');
    // Shift+Enter made a new line and sent nothing.
    await expect(reply).toHaveValue('Yes, we are here.\nHow can I help?');
    await expect(panel.getByText('Yes, we are here.')).toHaveCount(0);
    await reply.press('Enter');
    await expect(staff.getByTestId('conversation-messages').getByText('Yes, we are here. How can I help?', { exact: false })).toBeVisible();
    await expect(reply).toHaveValue('');
    const answer = panel.getByText(/Yes, we are here\.\s+How can I help\?/);
    await expect(answer).toBeVisible();
    expect(await answer.innerText()).toBe('Yes, we are here.\nHow can I help?');

    await panel.getByPlaceholder('Type your question...').fill('One more thing…');
    await panel.getByPlaceholder('Type your question...').press('Enter');
    await expect(panel.getByPlaceholder('Waiting for support response...')).toBeDisabled();

    // The last staff member leaves: within moments the visitor sees the team offline, may write
    // again and is offered to leave an email.
    await staffContext.close();
    await expect(panel.getByText('Offline', { exact: true })).toBeVisible({ timeout: 5_000 * TIME_SCALE });
    const input = panel.getByPlaceholder('Type your question...');
    await expect(input).toBeEnabled();
    await expect(panel.getByLabel('Your email address')).toBeVisible();
    await input.fill('I will leave my email then.');
    await input.press('Enter');
    await expect(panel.getByText('I will leave my email then.')).toBeVisible();
  } finally {
    await visitorContext.close();
    await staffContext.close().catch(() => undefined);
    await (await own.stopAndOpenDatabase()).close();
  }
});
