import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brotliParts, brotliWithNonce, gzipParts, gzipPartsAsync, gzipWithNonce, pickEncoding, standIns } from './nonce-compression';

const placeholder = '__NONCE_x__';
const nonce = () => randomBytes(16).toString('base64');
const WORDS =
  'juniper coriander angelica orris citrus peel cask finish nose palate gin vodka rum whisky liqueur Négroni café 750ml 40% £32.50 “smooth” — ✓'.split(' ');
/**
 * A page like the real ones (nonces in the head's preloads and in the scripts at the end, markup,
 * then the same content again as hydration data), with varied text from a seeded generator: text
 * varied enough that the encoder models literal contexts when allowed to.
 */
function page(cards: number, seed = 1): string {
  let x = seed;
  const rand = (n: number) => ((x = (x * 1103515245 + 12345) % 2 ** 31), x % n);
  const words = (n: number) => Array.from({ length: n }, () => WORDS[rand(WORDS.length)]).join(' ');
  const items = Array.from({ length: cards }, (_, i) => ({ id: i + rand(1000), name: words(3), notes: words(12), price: rand(9000) }));
  const preloads = Array.from(
    { length: 12 },
    (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}-${rand(1e6).toString(36)}.js" nonce="${placeholder}"/>`,
  );
  const markup = items.map(
    (p) => `<article class="card card-${p.id % 7}"><h2>${p.name}</h2><p>${p.notes}</p><span data-price="${p.price}">${p.price / 100}</span></article>`,
  );
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/>${preloads.join('')}</head><body><main>${markup.join('\n')}</main><script nonce="${placeholder}">window.__ctx = ${JSON.stringify(items)}</script><script type="module" nonce="${placeholder}">import "/assets/entry.js"</script></body></html>`;
}

/**
 * Pieces as around real nonces, and runs of nonce-like characters: were a nonce's place in the
 * encoder's window held by anything but bytes the page lacks, later text would copy from it.
 */
const pieceLike = fc.constantFrom('<a href="/x">', '" nonce="', '</script>', '', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'AAAAAAAAAAAAAAAAAAAAAAAA==', '========');

describe('the page cache’s gzip variant', () => {
  it('is valid gzip of the page with the fresh nonce in every place, its CRC combined from the pieces', async () => {
    const body = page(400);
    const parts = gzipParts(body, placeholder, 24);
    expect(await gzipPartsAsync(body, placeholder, 24)).toEqual(parts);
    expect(parts.nonceLength).toBe(24); // the pieces were deflated with the page before them as dictionary
    for (const n of ['abcdefghijklmnopqrstuvw=', 'Zm9vYmFy'.repeat(3), nonce()]) {
      const out = gzipWithNonce(parts, n)!;
      // gunzip checks the trailer's CRC and length.
      expect(gunzipSync(out).toString()).toBe(body.replaceAll(placeholder, () => n));
      expect(out.length).toBeLessThan(body.length / 3);
    }
    // The back-references were counted with 24-byte nonces: another length cannot take their place.
    expect(gzipWithNonce(parts, 'abc')).toBeNull();
    expect(gunzipSync(gzipWithNonce(gzipParts('no placeholder', placeholder, 24), 'n')!).toString()).toBe('no placeholder');
    expect(gunzipSync(gzipWithNonce(gzipParts('', placeholder, 24), 'n')!).toString()).toBe('');
    expect(gunzipSync(gzipWithNonce(gzipParts(placeholder + placeholder, placeholder, 1), 'n')!).toString()).toBe('nn');
  });

  it('holds for any text and placeholder positions', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 300 }), pieceLike), { minLength: 1, maxLength: 8 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        (pieces, n) => {
          const body = pieces.join(placeholder);
          const parts = gzipParts(body, placeholder, Buffer.byteLength(n));
          expect(gunzipSync(gzipWithNonce(parts, n)!).toString()).toBe(body.replaceAll(placeholder, () => n));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the page cache’s brotli variant', () => {
  it('is valid brotli of the page with the fresh nonce in every place, and smaller than the gzip one', async () => {
    for (const [cards, seed] of [
      [40, 1],
      [400, 2],
      [1500, 3],
    ] as const) {
      const body = page(cards, seed);
      const parts = await brotliParts(body, placeholder, 24);
      expect(parts).not.toBeNull();
      for (let i = 0; i < 10; i++) {
        const n = nonce();
        const out = brotliWithNonce(parts!, n)!;
        expect(brotliDecompressSync(out).toString()).toBe(body.replaceAll(placeholder, () => n));
        expect(out.length).toBeLessThan(gzipWithNonce(gzipParts(body, placeholder, 24), n)!.length);
      }
      // The stand-ins were 24 bytes: a nonce of another length cannot take their place.
      expect(brotliWithNonce(parts!, 'short')).toBeNull();
    }
  });

  it('holds for any text, placeholders anywhere (first, last, side by side) and any nonce of the length', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 200 }), pieceLike), {
          minLength: 1,
          maxLength: 10,
        }),
        fc.array(fc.stringMatching(/^[A-Za-z0-9+/]{22}==$/), { minLength: 2, maxLength: 2 }),
        fc.constantFrom(2, 5, 9, 11),
        async (pieces, nonces, quality) => {
          const body = pieces.join(placeholder);
          const parts = await brotliParts(body, placeholder, 24, quality);
          for (const n of nonces) expect(brotliDecompressSync(brotliWithNonce(parts!, n)!).toString()).toBe(body.replaceAll(placeholder, () => n));
        },
      ),
      { numRuns: 120 },
    );
  });

  it('makes stand-ins of bytes the page lacks, no pair of bytes twice, and none when too few bytes are free', () => {
    const pieces = [Buffer.from('abc'), Buffer.from([0, 1, 2, 0xff])];
    const fills = standIns(pieces, 30, 24)!;
    expect(fills).toHaveLength(30);
    const pairs = new Set<string>();
    for (const f of fills) {
      expect(f).toHaveLength(24);
      for (const b of f) expect([0x61, 0x62, 0x63, 0, 1, 2, 0xff]).not.toContain(b);
      for (let i = 1; i < f.length; i++) {
        const pair = `${f[i - 1]},${f[i]}`;
        expect(pairs.has(pair)).toBe(false);
        pairs.add(pair);
      }
    }
    const everyByte = [Buffer.from(Array.from({ length: 250 }, (_, i) => i))];
    // 6 free values make a sequence of 37 bytes: one stand-in of 24, not two.
    expect(standIns(everyByte, 1, 24)?.[0]).toHaveLength(24);
    expect(standIns(everyByte, 2, 24)).toBeNull();
    expect(standIns([Buffer.from(Array.from({ length: 256 }, (_, i) => i))], 1, 24)).toBeNull();
  });

  it('is not made for a page that leaves too few byte values free', async () => {
    expect(await brotliParts(`a${placeholder}b`, placeholder, 24)).not.toBeNull();
    expect(await brotliParts(`a${placeholder}b`, placeholder, 0)).toBeNull();
  });
});

describe('choosing the encoding', () => {
  it('prefers brotli, then gzip, by q-value, with identity when nothing else is taken', () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'identity'],
      ['', 'identity'],
      ['gzip, deflate, br', 'br'],
      ['gzip, br', 'br'],
      ['br;q=1, gzip;q=0.5', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip', 'gzip'],
      ['GZIP', 'gzip'],
      ['br', 'br'],
      ['*', 'br'],
      ['br;q=0, *', 'gzip'],
      ['gzip;q=0', 'identity'],
      ['identity', 'identity'],
      ['deflate, gzip;q=0.0', 'identity'],
      ['deflate', 'identity'],
      ['gzip;q=0.2, identity;q=0.5', 'identity'],
    ];
    for (const [header, expected] of cases) expect([header, pickEncoding(header)]).toEqual([header, expected]);
  });
});
