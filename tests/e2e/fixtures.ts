// Shared steps of the end-to-end journeys.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Result as AxeResult, run as axeRun } from 'axe-core';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../playwright.config';

export const ADULT_YEAR = '1985';

export async function passGate(page: Page, opts: { country?: string; remember?: boolean } = {}) {
  await expect(page.getByRole('heading', { name: 'Are you of legal drinking age?' })).toBeVisible();
  await page.getByLabel('Year of birth').fill(ADULT_YEAR);
  await page.getByLabel('Country you are in').selectOption(opts.country ?? 'GB');
  if (opts.remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Enter' }).click();
  // The pass is set when the gate is gone; navigating earlier would meet the gate again.
  await expect(page.getByRole('heading', { name: 'Are you of legal drinking age?' })).toHaveCount(0);
}

/**
 * Public pages come to life on the visitor's first intent (app/lib/hydrate-on-intent.ts): a journey
 * that needs React running on one (a client-side navigation, the scroll kept by a filter) gives that
 * intent — a press on the page itself, not on a link — and waits until React has hydrated the page.
 */
export async function bringToLife(page: Page) {
  await page.locator('body').dispatchEvent('pointerdown');
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    return main !== null && Object.keys(main).some((k) => k.startsWith('__reactFiber'));
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The demo user of a role (DEMO_MODE): `master-admin@demo.frolic.example` and so on. */
export const demoEmail = (role: string) => `${role.replace('_', '-')}@demo.frolic.example`;

/**
 * Signs in as the demo user of `role`: the gate's form and the sign-in page's form are posted from
 * the browser's own cookie jar (the same actions a person's submit runs), then the browser opens
 * where the sign-in sent it. Journeys about signing in itself use `signInThroughForm`.
 * `base` is the server when it is not the shared one; `path` the sign-in page (`/admin-login` unless told).
 */
export async function signInAsDemo(page: Page, role: string, { base = '', path = '/admin-login' }: { base?: string; path?: string } = {}) {
  await signInWithRequests(page, base, path, demoEmail(role), DEMO_PASSWORD);
}

/** Signs in as `role` the way a person does: the sign-in page, the gate, the form. */
export async function signInThroughForm(page: Page, role: string, { base = '', path = '/admin-login' }: { base?: string; path?: string } = {}) {
  await page.goto(`${base}${path}`);
  await passGate(page);
  await page.getByLabel('Email address').fill(demoEmail(role));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signInWithRequests(page: Page, base: string, path: string, email: string, password: string) {
  // Without `base`, paths are relative: the context's own request client and page resolve them
  // against the context's baseURL (the shared server's, or a journey's own server's).
  const request = page.context().request;
  const gate = await request.post(`${base}/age-gate?returnTo=%2F`, { form: { year: ADULT_YEAR, country: 'GB' }, maxRedirects: 0 });
  expect(gate.status(), 'the gate lets an adult through').toBe(302);
  const res = await request.post(`${base}${path}`, { form: { email, password }, maxRedirects: 0 });
  expect(res.status(), `${email} signs in on ${path}`).toBe(302);
  const location = res.headers().location ?? '/';
  await page.goto(base && location.startsWith('/') ? `${base}${location}` : location);
}

/** What a browser keeps after it is closed and opened again: persistent cookies only. */
export async function cookiesAfterRestart(context: BrowserContext) {
  return (await context.cookies()).filter((c) => c.expires > 0);
}

/** Signs a partner in on the partner sign-in page of the server at `base` (as `signInAsDemo`). */
export async function signInPartner(page: Page, base: string, email: string, password = DEMO_PASSWORD) {
  await signInWithRequests(page, base, '/partner-login', email, password);
}

/** axe-core's browser build, read once per worker. */
let axeSource: string | undefined;

/**
 * axe's serious and critical violations on the page as it stands (or in the part `include` selects).
 * axe is injected into the page once per document and run there: the pages have no frames, so the
 * per-frame partial runs of `@axe-core/playwright` — which finish in a blank page opened for each
 * check, half a check's time — add nothing here.
 */
export async function seriousAxeViolations(page: Page, include?: string): Promise<AxeResult[]> {
  // After a client-side navigation the page fades in (100 ms): colours measured mid-fade are not the page's.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  if (!(await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function'))) {
    axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
  }
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: typeof axeRun } }).axe;
    const context = selector ? { include: [selector] } : document;
    return (await axe.run(context, { resultTypes: ['violations'] })).violations;
  }, include ?? null);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** axe's serious and critical violations on the page as it stands, each named with the page's URL. */
export async function seriousAxeIssues(page: Page): Promise<string[]> {
  return (await seriousAxeViolations(page)).map((v) => `${page.url()}: ${v.id} ${v.help}`);
}
