// Loaded into a benchmark's server with `--import`: every 250 ms one JSON line appended to
// HEAP_PROBE_OUT about the main thread — the old generation's size, the garbage collections since
// the last line (V8's own timings) and how late a 5 ms timer ran (the event loop's stalls).
/* global setInterval */
import { appendFileSync } from 'node:fs';
import { PerformanceObserver, constants, performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { isMainThread } from 'node:worker_threads';

const out = process.env.HEAP_PROBE_OUT;
// The main thread only: worker threads (PGlite's) inherit `--import`.
if (out && isMainThread) {
  let window = { lagMs: 0, minor: 0, major: [] };
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    window.lagMs = Math.max(window.lagMs, now - last - 5);
    last = now;
  }, 5).unref();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = e.detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) window.minor += 1;
      else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR || kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL) window.major.push(e.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  setInterval(() => {
    const old = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')?.space_used_size ?? 0;
    appendFileSync(out, `${JSON.stringify({ t: Date.now(), oldMB: old / 1e6, ...window })}\n`);
    window = { lagMs: 0, minor: 0, major: [] };
  }, 250).unref();
}
