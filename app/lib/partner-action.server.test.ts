import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageRefusal } from './domain-error';
import { partnerForm } from './partner-action.server';

const post = (fields: Record<string, string>) =>
  new Request('http://localhost/partner/dashboard/orders', { method: 'POST', body: new URLSearchParams(fields) });
const toBox = (path: string) => (path === 'lines.0.cases' ? 'cases.12' : path === 'lines' ? 'form' : path);

describe('a partner form', () => {
  it("answers the schema's refusal with 400 validation_failed on the form's own boxes, with what was typed", async () => {
    const form = await partnerForm(post({ 'cases.12': 'x', intent: 'approve' }));
    const parsed = z.object({ lines: z.array(z.object({ cases: z.number({ error: 'Enter cases.' }) })) }).safeParse({ lines: [{ cases: 'x' }] });
    if (parsed.success) throw new Error('expected a refusal');
    const answer = form.invalid(parsed.error, toBox, { intent: 'approve' });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({
      errors: { 'cases.12': 'Enter cases.' },
      formError: 'Check the highlighted fields.',
      code: 'validation_failed',
      values: { 'cases.12': 'x', intent: 'approve' },
      intent: 'approve',
    });
  });

  it("answers a service's refusal with its kind's status, its details on the form's boxes, its message, code and hint", async () => {
    const form = await partnerForm(post({ 'cases.12': '9' }));
    const err = Object.assign(pageRefusal('conflict', 'insufficient_stock', 'Not enough stock.'), {
      details: [{ path: 'lines.0.cases', message: 'Only 3 available.' }],
      hint: 'Order fewer.',
    });
    const answer = form.refused(err, toBox, { intent: 'approve' });
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toEqual({
      errors: { 'cases.12': 'Only 3 available.' },
      formError: 'Not enough stock.',
      code: 'insufficient_stock',
      hint: 'Order fewer.',
      values: { 'cases.12': '9' },
      intent: 'approve',
    });
    expect(form.refused(pageRefusal('forbidden', 'wrong_side', 'Only the seller can do this.')).init?.status).toBe(403);
  });

  it('rethrows a redirect, a failure on our side and anything that is not a domain error', async () => {
    const form = await partnerForm(post({}));
    const redirect = new Response(null, { status: 302 });
    expect(() => form.refused(redirect)).toThrow(expect.objectContaining({ status: 302 }));
    const down = pageRefusal('unavailable', 'sql_unavailable', 'Down.');
    expect(() => form.refused(down)).toThrow(down);
    const bug = new TypeError('x is undefined');
    expect(() => form.refused(bug)).toThrow(bug);
  });
});
