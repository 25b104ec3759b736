// The media library and its file route on S3-compatible storage (STORAGE_URL), against a real
// S3-protocol server: uploads land in the bucket under the prefix, not on the local disk, are served
// from it, and go with the file when it is deleted. A missing bucket stops the start.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../server/modules/media/s3-storage';
import { BUILD_DIR } from '../../server/root';
import type { Client } from '../support/client';
import { S3RVER_CREDENTIALS, startS3, type TestS3 } from '../support/s3';
import { signedIn } from '../support/staff';
import { startTestServer, type TestServer } from '../support/test-server';

let s3: TestS3;
let t: TestServer;
let admin: Client;
const uploadsDir = mkdtempSync(path.join(tmpdir(), 'frolic-uploads-'));

beforeAll(async () => {
  s3 = await startS3();
  t = await startTestServer({ ...s3.env('site/uploads'), UPLOADS_DIR: uploadsDir });
  admin = await signedIn(t, 'admin', 'media-s3');
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** The bucket as another process sees it. */
const bucket = () =>
  createS3Storage({ bucket: s3.bucket, prefix: '', endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS });

describe('media on S3', () => {
  it('stores an upload in the bucket under the prefix, serves it, and deletes its objects with it', async () => {
    expect(t.app.services.storage.where).toBe(`s3://${s3.bucket}/site/uploads/`);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2f5d50' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'Bottle.png');
    const res = await fetch(`${t.url}/api/admin/media`, { method: 'POST', body: form, headers: { cookie: admin.header() } });
    expect(res.status, await res.clone().text()).toBe(201);
    const { media } = await res.json();

    const outside = bucket();
    for (const name of ['original.png', 'web.webp', 'thumb.webp']) {
      expect(await outside.get(`site/uploads/${media.id}/${name}`), name).not.toBeNull();
    }
    expect(existsSync(uploadsDir) ? readdirSync(uploadsDir) : []).toEqual([]);

    const original = await admin.get(`/media/${media.id}/original`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(Number(original.headers.get('content-length'))).toBe(png.length);
    expect(Buffer.from(await original.arrayBuffer()).equals(png)).toBe(true);
    const web = await admin.get(`/media/${media.id}/web`);
    expect(web.status).toBe(200);
    expect((await sharp(Buffer.from(await web.arrayBuffer())).metadata()).format).toBe('webp');

    expect((await admin.json('DELETE', `/api/admin/media/${media.id}`)).status).toBe(204);
    for (const name of ['original.png', 'web.webp', 'thumb.webp']) {
      expect(await outside.get(`site/uploads/${media.id}/${name}`), name).toBeNull();
    }
    expect((await admin.get(`/media/${media.id}/original`)).status).toBe(404);
    outside.close();
  });

  it('answers 404 for a row whose object is gone from the bucket', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'Sheet.pdf');
    const res = await fetch(`${t.url}/api/admin/media`, { method: 'POST', body: form, headers: { cookie: admin.header() } });
    expect(res.status).toBe(201);
    const { media } = await res.json();
    const served = await admin.get(`/media/${media.id}/original`);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe(pdf.toString());
    const outside = bucket();
    expect(await text((await outside.get(`site/uploads/${media.id}/original.pdf`))!.stream)).toBe(pdf.toString());
    await outside.delete(`site/uploads/${media.id}/original.pdf`);
    expect((await admin.get(`/media/${media.id}/original`)).status).toBe(404);
    outside.close();
  });

  it('refuses to start on a bucket that does not exist, naming the variable', async () => {
    const child = spawn(process.execPath, [path.join(BUILD_DIR, 'server', 'main.js')], {
      env: {
        ...process.env,
        ...s3.env(),
        STORAGE_URL: 's3://no-such-bucket',
        DATABASE_URL: '',
        PORT: '0',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'frolic-data-')),
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/STORAGE_URL: the bucket "no-such-bucket" cannot be used: no such bucket/);
  });
});
