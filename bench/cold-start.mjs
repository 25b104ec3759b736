// Cold start: time from spawning `node build/server/main.js` to the first 200 from GET /healthz.
// First-ever start on an empty PGlite data directory (create + migrate + seed), then three starts on
// that already-initialised directory (median reported), each stopped with SIGTERM.
import { isMain, median, removeDir, startServer, tempDataDir, writeResult } from './lib.mjs';

export const STARTS = 3;

export async function run() {
  const dataDir = tempDataDir('cold-start');
  try {
    const first = await startServer({ dataDir });
    const firstMs = first.readyMs;
    const stopped = await first.stop();
    process.stderr.write(`  cold start: first-ever start ${Math.round(firstMs)} ms (exit ${JSON.stringify(stopped)})\n`);

    const warm = [];
    for (let i = 0; i < STARTS; i++) {
      const s = await startServer({ dataDir });
      warm.push(s.readyMs);
      const exit = await s.stop();
      if (exit.code !== 0) process.stderr.write(`  cold start: run ${i + 1} exited with ${JSON.stringify(exit)}\n`);
      process.stderr.write(`  cold start: existing data dir, run ${i + 1}/${STARTS}: ${Math.round(s.readyMs)} ms\n`);
    }
    const result = {
      database: 'pglite',
      firstEverStartMs: Math.round(firstMs),
      existingDataDir: { runsMs: warm.map(Math.round), medianMs: Math.round(median(warm)) },
      method: 'spawn -> first GET /healthz 200, polled every 20 ms',
    };
    writeResult('cold-start', result);
    return result;
  } finally {
    removeDir(dataDir);
  }
}

export function summarize(r) {
  return `Cold start (PGlite): existing data dir median ${r.existingDataDir.medianMs} ms (runs ${r.existingDataDir.runsMs.join(', ')} ms); first-ever start on an empty dir ${r.firstEverStartMs} ms`;
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(summarize(r));
}
