// JavaScript a visitor's browser loads to render `/` past the age gate and bring it to life (public
// pages start it on the first press: app/lib/hydrate-on-intent.ts): every <script src>, every
// <link rel="modulepreload"> (held or not), the inline module script's static imports (route modules, entry.client),
// and, recursively, the static imports inside those files. Reports raw and gzip -9 sizes, and checks
// that no module exclusive to the staff (admin) or partner areas is among them.
/* global fetch, Buffer */
import { gzipSync } from 'node:zlib';
import { isMain, kb, passGate, removeDir, startServer, tempDataDir, writeResult } from './lib.mjs';

export const TARGET_GZIP_KB = 120;

const attr = (tag, name) =>
  tag
    .match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))
    ?.slice(1)
    .find((v) => v !== undefined);

/** Static import specifiers in (minified) ES module code: `from"x"`, `import"x"`, `import("x")` with a literal. */
export function staticImports(code) {
  const out = new Set();
  const patterns = [/\bfrom\s*["']([^"']+)["']/g, /\bimport\s*["']([^"']+)["']/g, /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g];
  for (const re of patterns) for (const m of code.matchAll(re)) out.add(m[1]);
  return [...out];
}

function entryPoints(html, base) {
  const urls = new Set();
  const add = (spec) => {
    if (!spec) return;
    const u = new URL(spec, base);
    if (u.origin === base.origin) urls.add(u.pathname);
  };
  for (const m of html.matchAll(/<script\b[^>]*>/gi)) add(attr(m[0], 'src'));
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    if (['modulepreload', 'frolic/modulepreload'].includes((attr(m[0], 'rel') ?? '').toLowerCase())) add(attr(m[0], 'href'));
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (attr(`<x ${m[1]}>`, 'src')) continue;
    for (const spec of staticImports(m[2])) if (spec.endsWith('.js')) add(spec);
  }
  return urls;
}

function parseManifest(code) {
  const json = code
    .slice(code.indexOf('=') + 1)
    .trim()
    .replace(/;$/, '');
  return JSON.parse(json);
}

/** Modules used only by routes inside the admin / partner areas (ids routes/admin*, routes/partner* and their children). */
function staffOnlyModules(manifest) {
  const routes = manifest.routes;
  const isStaff = (id) => {
    for (let r = routes[id], guard = 0; r && guard < 50; r = routes[r.parentId], guard++) {
      if (r.id.startsWith('routes/admin') || r.id.startsWith('routes/partner')) return true;
    }
    return false;
  };
  const staff = new Map();
  const publicModules = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const r of Object.values(routes)) {
    const files = [r.module, ...(r.imports ?? [])].filter(Boolean);
    if (isStaff(r.id)) for (const f of files) staff.set(f, [...(staff.get(f) ?? []), r.id]);
    else for (const f of files) publicModules.add(f);
  }
  const only = new Map([...staff].filter(([f]) => !publicModules.has(f)));
  const staffRouteIds = Object.keys(routes).filter(isStaff);
  return { only, staffRouteIds };
}

export async function run() {
  const dataDir = tempDataDir('bundle');
  let server;
  try {
    server = await startServer({ dataDir });
    const base = new URL(server.url);
    const cookie = await passGate(server.url);
    const res = await fetch(`${server.url}/`, { headers: { Cookie: cookie } });
    const html = await res.text();
    if (res.status !== 200) throw new Error(`GET / answered ${res.status}`);
    if (/<form\b[^>]*action="\/age-gate/.test(html)) throw new Error('GET / still shows the age gate');

    const files = new Map(); // pathname -> { raw, gzip, imports }
    const queue = [...entryPoints(html, base)];
    const entries = [...queue];
    for (let i = 0; i < queue.length && i < 500; i++) {
      const p = queue[i];
      if (files.has(p)) continue;
      const r = await fetch(new URL(p, base), { headers: { Cookie: cookie, 'Accept-Encoding': 'identity' } });
      if (r.status !== 200) throw new Error(`GET ${p} answered ${r.status}`);
      const buf = Buffer.from(await r.arrayBuffer());
      const imports = staticImports(buf.toString('utf8'))
        .map((spec) => new URL(spec, new URL(p, base)))
        .filter((u) => u.origin === base.origin && u.pathname.endsWith('.js'))
        .map((u) => u.pathname);
      files.set(p, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length, imports });
      for (const dep of imports) if (!files.has(dep) && !queue.includes(dep)) queue.push(dep);
    }

    // Stylesheets are reported alongside (not counted in the JS budget).
    const css = [];
    for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
      if ((attr(m[0], 'rel') ?? '').toLowerCase() !== 'stylesheet') continue;
      const href = attr(m[0], 'href');
      const r = await fetch(new URL(href, base), { headers: { 'Accept-Encoding': 'identity' } });
      const buf = Buffer.from(await r.arrayBuffer());
      css.push({ file: href, rawBytes: buf.length, gzipBytes: gzipSync(buf, { level: 9 }).length });
    }

    // The route manifest of this build, as the page names it.
    const manifestUrl = html.match(/"url"\s*:\s*"(\/assets\/manifest-[^"]+\.js)"/)?.[1];
    if (!manifestUrl) throw new Error('could not find the route manifest URL in the HTML');
    const manifest = parseManifest(await (await fetch(new URL(manifestUrl, base))).text());
    const { only, staffRouteIds } = staffOnlyModules(manifest);
    const leaked = [...files.keys()].filter((f) => only.has(f)).map((f) => ({ file: f, routes: only.get(f) }));
    const namedLeaks = [...files.keys()].filter((f) => /admin|partner/i.test(f.split('/').pop()));

    const perFile = [...files].map(([file, v]) => ({ file, rawBytes: v.raw, gzipBytes: v.gzip, imports: v.imports })).sort((a, b) => b.gzipBytes - a.gzipBytes);
    const totalRaw = perFile.reduce((s, f) => s + f.rawBytes, 0);
    const totalGzip = perFile.reduce((s, f) => s + f.gzipBytes, 0);
    const result = {
      page: '/',
      entryPoints: entries,
      files: perFile,
      totals: { files: perFile.length, rawBytes: totalRaw, gzipBytes: totalGzip, rawKB: kb(totalRaw), gzipKB: kb(totalGzip) },
      css,
      target: { gzipKB: TARGET_GZIP_KB, met: totalGzip / 1024 <= TARGET_GZIP_KB },
      staffCheck: {
        manifest: manifestUrl,
        staffRoutes: staffRouteIds.length,
        staffOnlyModules: [...only.keys()],
        leakedModules: leaked,
        filesNamedAdminOrPartner: namedLeaks,
        ok: leaked.length === 0 && namedLeaks.length === 0,
      },
    };
    // JavaScript at start-up on every other public page (the chat panel and its socket load only
    // when a visitor opens the chat, so they are not counted).
    const { PUBLIC_PAGES } = await import('./lighthouse.mjs');
    result.perPage = [{ path: '/', gzipKB: kb(totalGzip) }];
    for (const [, pagePath] of [['products', '/products'], ...PUBLIC_PAGES]) {
      const pageHtml = await (await fetch(`${server.url}${pagePath}`, { headers: { Cookie: cookie } })).text();
      const seen = new Set();
      const q = [...entryPoints(pageHtml, base)];
      let gz = 0;
      for (let i = 0; i < q.length && i < 500; i++) {
        const p = q[i];
        if (seen.has(p)) continue;
        seen.add(p);
        const known = files.get(p);
        let entry = known;
        if (!entry) {
          const buf = Buffer.from(await (await fetch(new URL(p, base), { headers: { 'Accept-Encoding': 'identity' } })).arrayBuffer());
          const imports = staticImports(buf.toString('utf8'))
            .map((spec) => new URL(spec, new URL(p, base)))
            .filter((u) => u.origin === base.origin && u.pathname.endsWith('.js'))
            .map((u) => u.pathname);
          entry = { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length, imports };
          files.set(p, entry);
        }
        gz += entry.gzip;
        for (const dep of entry.imports) if (!seen.has(dep)) q.push(dep);
      }
      result.perPage.push({ path: pagePath, gzipKB: kb(gz) });
    }
    writeResult('bundle-size', result);
    return result;
  } finally {
    await server?.stop();
    removeDir(dataDir);
  }
}

export function summarize(r) {
  const perPage = (r.perPage ?? []).map((p) => `    ${p.path.padEnd(34)} ${p.gzipKB} KB gzip`);
  const lines = [
    `Bundle size of / (JS at start-up, ${r.totals.files} files): ${r.totals.rawKB} KB raw, ${r.totals.gzipKB} KB gzip -9 (target <= ${r.target.gzipKB} KB: ${r.target.met ? 'met' : 'MISSED'})`,
  ];
  for (const f of r.files) lines.push(`  ${f.file.padEnd(44)} ${String(kb(f.rawBytes)).padStart(7)} KB raw ${String(kb(f.gzipBytes)).padStart(6)} KB gzip`);
  for (const c of r.css) lines.push(`  (css) ${c.file.padEnd(38)} ${String(kb(c.rawBytes)).padStart(7)} KB raw ${String(kb(c.gzipBytes)).padStart(6)} KB gzip`);
  const s = r.staffCheck;
  lines.push(
    s.ok
      ? `  staff/partner code: none loaded (${s.staffOnlyModules.length} staff-only modules in ${s.manifest}, ${s.staffRoutes} staff routes)`
      : `  staff/partner code LOADED: ${JSON.stringify([...s.leakedModules, ...s.filesNamedAdminOrPartner])}`,
  );
  if (perPage.length) lines.push('  JavaScript at start-up per public page:', ...perPage);
  return lines.join('\n');
}

if (isMain(import.meta)) {
  const r = await run();
  console.log(summarize(r));
  if (!r.staffCheck.ok) process.exitCode = 1;
}
