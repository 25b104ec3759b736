// Lighthouse (default config: mobile form factor, simulated throttling) on the age gate, `/` and
// `/products`; five runs each, medians of the four category scores and LCP, and every audit that
// failed in any run (id + title) so it can be fixed.
/* global fetch */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROME_FLAGS, CHROMIUM, RESULTS_DIR, isMain, median, passGate, removeDir, startServer, tempDataDir, writeResult } from './lib.mjs';

export const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 5);
export const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const CATEGORIES = Object.keys(TARGETS);

/** Audits that count against a category and did not pass in this run. */
function failingAudits(lhr) {
  const out = [];
  for (const cat of CATEGORIES) {
    const category = lhr.categories[cat];
    if (!category) continue;
    for (const ref of category.auditRefs) {
      const a = lhr.audits[ref.id];
      if (!a || a.score === null || ['notApplicable', 'manual', 'informative', 'error'].includes(a.scoreDisplayMode)) continue;
      // Performance metrics and insights score on a curve: below 0.9 is what Lighthouse flags red/orange.
      const threshold = cat === 'performance' ? 0.9 : 1;
      if (a.score < threshold) out.push({ category: cat, id: a.id, title: a.title, score: a.score, weight: ref.weight, displayValue: a.displayValue ?? null });
    }
  }
  return out;
}

async function runOnce(url, cookie) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

export const PUBLIC_PAGES = [
  ['product', '/products/frolic-london-dry-gin'],
  ['about', '/about'],
  ['cocktails', '/cocktails'],
  ['cocktail', '/cocktails/negroni'],
  ['store-locator', '/store-locator?q=London'],
  ['buy-online', '/buy-online'],
  ['contact', '/contact'],
  ['business-inquiry', '/business-inquiry'],
  ['drink-responsibly', '/drink-responsibly'],
  ['privacy', '/privacy'],
  ['events', '/events'],
];

export async function run() {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const dataDir = tempDataDir('lighthouse');
  const pages = [];
  const retries = [];
  let server;
  try {
    server = await startServer({ dataDir });
    const cookie = await passGate(server.url);
    // The gate, then every public page with the gate passed (LIGHTHOUSE_PAGES=core: the first three).
    const targets = [
      { name: 'gate', path: '/', cookie: null },
      { name: 'home', path: '/', cookie },
      { name: 'products', path: '/products', cookie },
      ...PUBLIC_PAGES.map(([name, p]) => ({ name, path: p, cookie })),
    ]
      .slice(0, process.env.LIGHTHOUSE_PAGES === 'core' ? 3 : undefined)
      // LIGHTHOUSE_ONLY=cocktail,home: just those pages.
      .filter((t) => !process.env.LIGHTHOUSE_ONLY || process.env.LIGHTHOUSE_ONLY.split(',').includes(t.name));
    for (const t of targets) {
      const url = `${server.url}${t.path}`;
      // Warm the page cache so every run measures the same (cached) response.
      await (await fetch(url, { headers: t.cookie ? { Cookie: t.cookie } : {} })).arrayBuffer();
      const runs = [];
      const failing = new Map();
      let lastLhr;
      for (let i = 0; i < RUNS; i++) {
        // A trace can fail to record (NO_NAVSTART and the like): retry that run, at most twice.
        let lhr;
        for (let attempt = 1; attempt <= 3; attempt++) {
          lhr = await runOnce(url, t.cookie);
          if (!lhr.runtimeError) break;
          process.stderr.write(`  lighthouse ${t.name} run ${i + 1}: ${lhr.runtimeError.code}, attempt ${attempt}/3\n`);
          retries.push({ page: t.name, run: i + 1, attempt, code: lhr.runtimeError.code });
        }
        if (lhr.runtimeError) throw new Error(`Lighthouse runtime error on ${t.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        lastLhr = lhr;
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100)]));
        runs.push({
          ...scores,
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? null,
          fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? null,
          tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? null,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
          finalUrl: lhr.finalDisplayedUrl,
          warnings: lhr.runWarnings,
        });
        for (const f of failingAudits(lhr)) {
          const prev = failing.get(f.id);
          failing.set(f.id, { ...f, runs: (prev?.runs ?? 0) + 1, minScore: Math.min(prev?.minScore ?? 1, f.score) });
        }
        process.stderr.write(`  lighthouse ${t.name} run ${i + 1}/${RUNS}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}\n`);
      }
      writeFileSync(path.join(RESULTS_DIR, `lighthouse-${t.name}.lhr.json`), JSON.stringify(lastLhr));
      const med = Object.fromEntries([...CATEGORIES, 'lcpMs', 'fcpMs', 'tbtMs', 'cls'].map((k) => [k, median(runs.map((r) => r[k]))]));
      const met = Object.fromEntries(CATEGORIES.map((c) => [c, med[c] !== null && med[c] >= TARGETS[c]]));
      pages.push({
        name: t.name,
        path: t.path,
        withGateCookie: Boolean(t.cookie),
        median: med,
        targetsMet: met,
        failingAudits: [...failing.values()]
          .map(({ score: _s, ...f }) => ({ ...f, score: f.minScore }))
          .sort((a, b) => a.category.localeCompare(b.category) || a.id.localeCompare(b.id)),
        runs,
      });
    }
  } finally {
    await server?.stop();
    removeDir(dataDir);
  }
  const result = { runsPerPage: RUNS, config: 'lighthouse default (mobile, simulated throttling)', lighthouse: '12.8.x', targets: TARGETS, pages, retries };
  writeResult('lighthouse', result);
  return result;
}

export function summarize(r) {
  const lines = [`Lighthouse (mobile, median of ${r.runsPerPage}): targets perf >= ${r.targets.performance}, a11y/bp/seo = 100`];
  for (const p of r.pages) {
    const m = p.median;
    const mark = (c) => `${m[c]}${p.targetsMet[c] ? '' : '!'}`;
    lines.push(
      `  ${p.name.padEnd(9)} ${p.path.padEnd(10)} perf ${mark('performance')}  a11y ${mark('accessibility')}  bp ${mark('best-practices')}  seo ${mark('seo')}  LCP ${Math.round(m.lcpMs)} ms`,
    );
    const runs = (a) => `${a.runs}/${r.runsPerPage} runs`;
    for (const a of p.failingAudits.filter((x) => x.category !== 'performance')) {
      lines.push(`      FAILING [${a.category}] ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''} — ${runs(a)}`);
    }
    const perf = p.failingAudits.filter((x) => x.category === 'performance');
    const metrics = perf.filter((x) => x.weight > 0);
    const others = perf.filter((x) => !(x.weight > 0));
    if (metrics.length)
      lines.push(`      perf metrics below 0.9: ${metrics.map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''} ${runs(a)}`).join('; ')}`);
    if (others.length) lines.push(`      perf insights flagged: ${others.map((a) => `${a.id} ${runs(a)}`).join('; ')}`);
  }
  return lines.join('\n');
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(summarize(r));
}
