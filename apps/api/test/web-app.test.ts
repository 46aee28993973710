import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

// A tiny built web app, as apps/web's build leaves it: every text file with its .br and .gz beside it.
const webDist = mkdtempSync(path.join(tmpdir(), 'camposanto-web-dist-'));
const html =
  '<!doctype html><title>Camposanto</title><script type="module" src="/assets/index-abc.js"></script>';
const script = `console.log(${JSON.stringify('Camposanto '.repeat(200))});`;

function writeWithCompressed(relative: string, content: string) {
  const file = path.join(webDist, relative);
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeWithCompressed('index.html', html);
  writeWithCompressed('assets/index-abc.js', script);
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the built web app, served precompressed', () => {
  it('sends the brotli file of a hashed asset to a client that accepts br, cached for a year', async () => {
    const response = await t.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const response = await t.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const response = await t.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });

  it.each(['/', '/administracion/gestionar-usuarios'])(
    'sends index.html for %s compressed and always revalidated',
    async (url) => {
      const response = await t.app.inject({
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(html);
    },
  );
});
