import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sniffAttachment } from './sniff';

const image = (format: 'jpeg' | 'png' | 'webp') =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#805030' } })
    .toFormat(format)
    .toBuffer();

describe('an attachment’s type', () => {
  it('is told by the first bytes of real JPEG, PNG, WebP and PDF files', async () => {
    expect(sniffAttachment(await image('jpeg'))).toEqual({ contentType: 'image/jpeg', ext: 'jpg' });
    expect(sniffAttachment(await image('png'))).toEqual({ contentType: 'image/png', ext: 'png' });
    expect(sniffAttachment(await image('webp'))).toEqual({ contentType: 'image/webp', ext: 'webp' });
    expect(sniffAttachment(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj<<>>endobj\n%%EOF'))).toEqual({ contentType: 'application/pdf', ext: 'pdf' });
  });

  it('refuses what is not one of them, whatever its name says', async () => {
    expect(sniffAttachment(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(sniffAttachment(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffAttachment(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBeNull(); // a ZIP
    expect(sniffAttachment(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffAttachment(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(sniffAttachment(Buffer.from(' %PDF-1.4'))).toBeNull();
    // A PNG cut before its signature ends.
    expect(sniffAttachment((await image('png')).subarray(0, 5))).toBeNull();
    expect(sniffAttachment(new Uint8Array())).toBeNull();
  });
});
