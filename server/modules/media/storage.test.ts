import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { createLocalStorage, resolveKey } from './storage';

const root = () => mkdtempSync(path.join(tmpdir(), 'frolic-storage-'));

describe('resolveKey', () => {
  it('keeps generated keys under the root', () => {
    const dir = root();
    expect(resolveKey(dir, '0b0c/original.png')).toBe(path.join(dir, '0b0c', 'original.png'));
  });

  it.each(['../secret', 'a/../../etc/passwd', '/etc/passwd', 'a/./b', 'a//b', '', '.hidden', 'a\\..\\b', 'a/b/', 'a\u0000b', '..'])('refuses %j', (key) => {
    expect(() => resolveKey(root(), key)).toThrow(/Refused storage key/);
  });
});

describe('local storage', () => {
  it('puts, reads and deletes an object, removing its emptied folder', async () => {
    const dir = root();
    const storage = createLocalStorage(dir);
    await storage.put('abc/original.txt', Buffer.from('hello'), 'text/plain');
    const got = await storage.get('abc/original.txt');
    expect(got?.size).toBe(5);
    expect(await text(got!.stream)).toBe('hello');
    await storage.delete('abc/original.txt');
    expect(await storage.get('abc/original.txt')).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
    await expect(storage.delete('abc/original.txt')).resolves.toBeUndefined();
  });

  it('refuses a key that escapes the root on every operation', async () => {
    const storage = createLocalStorage(root());
    await expect(storage.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Refused/);
    await expect(storage.get('../../etc/passwd')).rejects.toThrow(/Refused/);
    await expect(storage.delete('../escape.txt')).rejects.toThrow(/Refused/);
  });
});
