import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, gzipParts, gzipWithNonce } from './page-cache';

describe('the page cache’s pre-compressed pages', () => {
  it('are valid gzip of the page with the fresh nonce in every place', () => {
    const placeholder = '__NONCE_x__';
    const body = `<html><script nonce="${placeholder}">a</script>${'<p>Juniper and coriander. </p>'.repeat(3000)}<script nonce="${placeholder}">b</script>é</html>`;
    const parts = gzipParts(body, placeholder);
    for (const nonce of ['abc+/==', 'Zm9vYmFy']) {
      const out = gzipWithNonce(parts, nonce);
      expect(gunzipSync(out).toString()).toBe(body.replaceAll(placeholder, nonce));
      expect(out.length).toBeLessThan(body.length / 10);
    }
    expect(gunzipSync(gzipWithNonce(gzipParts('no placeholder', placeholder), 'n')).toString()).toBe('no placeholder');
    expect(gunzipSync(gzipWithNonce(gzipParts('', placeholder), 'n')).toString()).toBe('');
  });

  it('are sent to clients that take gzip', () => {
    expect(['gzip', 'gzip, deflate, br', 'br;q=1, gzip;q=0.5', '*', 'GZIP'].map(acceptsGzip)).toEqual([true, true, true, true, true]);
    expect([undefined, '', 'br', 'gzip;q=0', 'identity', 'deflate, gzip;q=0.0'].map(acceptsGzip)).toEqual([false, false, false, false, false, false]);
  });
});
