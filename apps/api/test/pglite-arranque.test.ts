import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { rowsOf } from '../src/db/rows';

// Issue 12, decision 050: every start of PGlite zero-fills its buffer pool in WebAssembly not yet optimised, so the
// server opens a PGlite folder with a pool of 32 MB instead of the 128 MB its initdb writes in postgresql.conf. The
// pool is a start parameter: the folder's own configuration is left as initdb wrote it.

const folder = mkdtempSync(path.join(tmpdir(), 'camposanto-arranque-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('PGlite start', () => {
  it('opens a folder with a buffer pool of 32 MB, twice, and leaves postgresql.conf as initdb wrote it', async () => {
    for (const start of ['first', 'again']) {
      const database = await openDatabase({ dataDir: folder });
      try {
        const [row] = rowsOf<{ shared_buffers: string }>(await database.db.execute(sql`show shared_buffers`));
        expect(row?.shared_buffers, start).toBe('32MB');
      } finally {
        await database.close();
      }
    }
    expect(readFileSync(path.join(folder, 'postgresql.conf'), 'utf8')).toMatch(/^shared_buffers = 128MB/m);
  });
});
