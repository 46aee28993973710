import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskStorage } from '../src/lib/storage';
import { filesUnder } from './helpers/multipart';

// Issue 16: the disk storage's `list` and `put`, which backup and restore use (lib/storage.ts's contract).

let root: string;
let storage: DiskStorage;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'camposanto-disco-'));
  storage = new DiskStorage(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function listed(): Promise<string[]> {
  const paths: string[] = [];
  for await (const relativePath of storage.list()) paths.push(relativePath);
  return paths.sort();
}

async function read(relativePath: string): Promise<string | undefined> {
  const stream = await storage.open(relativePath);
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('DiskStorage list and put', () => {
  it('lists nothing for an empty or missing folder', async () => {
    expect(await listed()).toEqual([]);
    rmSync(root, { recursive: true, force: true });
    expect(await listed()).toEqual([]);
  });

  it('puts buffers and streams under exact paths and lists every stored file, not the temporaries', async () => {
    await storage.put('documentos/a.pdf', Buffer.from('%PDF-a'));
    await storage.put('logos/b.png', Readable.from([Buffer.from('lo'), Buffer.from('go')]));
    await storage.put('mapas/sub/c.png', Readable.from([Buffer.from('mapa')]), 4);
    // A file being received is not a stored file.
    writeFileSync(await storage.temporaryPath(), 'a medio subir');
    expect(await listed()).toEqual(['documentos/a.pdf', 'logos/b.png', 'mapas/sub/c.png']);
    expect(await read('logos/b.png')).toBe('logo');
    expect(readFileSync(path.join(root, 'documentos', 'a.pdf'), 'utf8')).toBe('%PDF-a');
  });

  it('replaces a file whole, and refuses a size that does not match, leaving the old file', async () => {
    await storage.put('documentos/a.pdf', Buffer.from('uno'));
    await storage.put('documentos/a.pdf', Readable.from([Buffer.from('dos')]), 3);
    expect(await read('documentos/a.pdf')).toBe('dos');
    await expect(storage.put('documentos/a.pdf', Readable.from([Buffer.from('tres')]), 9)).rejects.toThrow(
      /4 bytes received, 9 expected/,
    );
    expect(await read('documentos/a.pdf')).toBe('dos');
    expect(filesUnder(path.join(root, '.tmp'))).toEqual([]);
  });

  it('refuses paths outside the store or into its temporary folder', async () => {
    for (const unsafe of ['../fuera', '/etc/x', 'a//b', './a', 'a/../../b', '.tmp/x', 'a\\b', '', 'a\0b'])
      await expect(storage.put(unsafe, Buffer.from('x')), unsafe).rejects.toThrow(/invalid stored file path/);
    expect(await listed()).toEqual([]);
  });

  it('opens a missing file as undefined and removes a file already gone without error', async () => {
    await mkdir(path.join(root, 'documentos'), { recursive: true });
    expect(await storage.open('documentos/nada.pdf')).toBeUndefined();
    await storage.put('documentos/a.pdf', Buffer.from('x'));
    await storage.remove('documentos/a.pdf');
    await storage.remove('documentos/a.pdf');
    expect(await listed()).toEqual([]);
  });
});
