import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
    },
  },
  test: {
    // Unit tests sit beside the code; API tests boot the real server; test helpers that are checks in
    // their own right (the e-invoice validator) are tested beside them. Playwright specs live in
    // tests/e2e and are never picked up here.
    include: ['{app,server,shared}/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts', 'tests/support/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'build/**'],
    globalSetup: ['tests/support/global-setup.ts'],
    // The files of a worker share one module graph: the server's modules are loaded once per worker,
    // not once per file (docs/decisions/043-test-suite-time.md). Each file still starts its own
    // servers on its own database; no file replaces a module (vi.mock), which sharing would leak.
    isolate: false,
    // Files mostly wait (databases, sockets, jobs): on two cores four workers keep the CPU busy
    // (Vitest used 463 s of CPU in 544 s with two; docs/decisions/043-test-suite-time.md).
    maxWorkers: 4,
    // Limits detect hangs, not slowness: a file that opens its own PGlite and decodes megabytes took
    // over 30 s on two cores shared with the end-to-end journeys.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // expect.poll waits for background work (a socket event, a job, a change over the feed): its
    // limit is a hang detector, sized for a loaded CI machine (the default, 1 s, is not).
    expect: { poll: { timeout: 15_000 } },
  },
});
