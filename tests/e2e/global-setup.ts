// Once per run, before any journey: the built server starts on an empty directory, migrates and
// seeds it, and stops. Servers of a journey's own (own-server.ts) start from a copy of it.
import { rmSync } from 'node:fs';
import { bootServer, stopServer } from './own-server';

export default async function globalSetup(): Promise<() => void> {
  const template = process.env.E2E_TEMPLATE_DIR;
  if (!template) throw new Error('E2E_TEMPLATE_DIR is set by playwright.config.ts');
  await stopServer(await bootServer(template, Number(process.env.E2E_PORT ?? 3210) + 190));
  return () => rmSync(template, { recursive: true, force: true });
}
