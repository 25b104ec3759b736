import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { EntryContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HELD_PRELOAD, HELD_TYPE, holdScripts, holdScriptsIn, hydratesOnIntent, INTENT_SCRIPT } from './hydrate-on-intent';

// What React Router's <Scripts> renders, as React writes it (attributes in this order).
const PAGE = [
  '<html><head><link rel="modulepreload" href="/assets/entry.client-x.js" nonce="n0nce=="/>',
  '<link rel="modulepreload" href="/assets/framework-y.js" nonce="n0nce=="/></head><body><main>Élan — 10 £</main>',
  '<script nonce="n0nce==">window.__reactRouterContext = {"a":"<link rel=\\"modulepreload\\" "};</script>',
  '<script nonce="n0nce==" type="module" async="">import "/assets/manifest-z.js";\nimport("/assets/entry.client-x.js");</script>',
  '</body></html>',
].join('');

describe('holdScriptsIn', () => {
  it('makes the module script and its preloads inert, with the intent script before it under the same nonce', () => {
    const out = holdScriptsIn(PAGE);
    expect(out).not.toContain('type="module"');
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out.match(new RegExp(`<link rel="${HELD_PRELOAD}" href="/assets/`, 'g'))).toHaveLength(2);
    expect(out).toContain(
      `<script nonce="n0nce==">${INTENT_SCRIPT}</script><script nonce="n0nce==" type="${HELD_TYPE}">import "/assets/manifest-z.js";\nimport("/assets/entry.client-x.js");</script>`,
    );
    // Text and data are left alone (an escaped look-alike in the loader data included).
    expect(out).toContain('<main>Élan — 10 £</main>');
    expect(out).toContain('{"a":"<link rel=\\"modulepreload\\" "}');
  });

  it('leaves a page without React Router scripts as it is', () => {
    expect(holdScriptsIn('<p>a < b</p>')).toBe('<p>a < b</p>');
  });
});

describe('holdScripts (the stream)', () => {
  const through = async (chunks: Buffer[]) => text(Readable.from(chunks).pipe(holdScripts()));

  it('gives the same page whichever byte the chunks are cut at — inside a tag or a multi-byte character', async () => {
    const bytes = Buffer.from(PAGE);
    const whole = holdScriptsIn(PAGE);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toBe(whole);
    }
    // One byte at a time.
    expect(await through([...bytes].map((b) => Buffer.from([b])))).toBe(whole);
  });
});

describe('hydratesOnIntent', () => {
  const context = (ids: string[], root: object = { toast: null }, errors: object | null = null) =>
    ({
      isSpaMode: false,
      staticHandlerContext: { matches: ids.map((id) => ({ route: { id } })), loaderData: { root }, errors },
    }) as unknown as Pick<EntryContext, 'staticHandlerContext' | 'isSpaMode'>;

  it('holds public pages, the gate included', () => {
    for (const id of ['home', 'routes/public/products', 'cocktail', 'routes/public/contact', 'store-locator', 'legal-privacy', 'routes/age-gate'])
      expect(hydratesOnIntent(context(['root', id])), id).toBe(true);
  });

  it('hydrates at load a page with a toast to show, an error, and every page signed-in people work on', () => {
    expect(hydratesOnIntent(context(['root', 'home'], { toast: { title: 'Message sent' } }))).toBe(false);
    expect(hydratesOnIntent(context(['root', 'home'], { toast: null }, { home: new Error('x') }))).toBe(false);
    for (const ids of [
      ['root', 'login'],
      ['root', 'routes/account/index'],
      ['root', 'routes/admin/layout', 'routes/admin/index'],
      ['root', 'routes/not-found'],
    ])
      expect(hydratesOnIntent(context(ids)), ids.join('>')).toBe(false);
  });
});
