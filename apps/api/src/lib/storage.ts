import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DetectedType } from './file-types';

export type StoredFile = {
  id: string;
  /** Path relative to the uploads root, as kept in `archivos.ruta_almacenada`. */
  relativePath: string;
  size: number;
  mime: string;
};

/**
 * Where uploaded files live (DESIGN §1 files, issue 16): the local disk (`DiskStorage`, the default) or an
 * S3-compatible bucket (`S3Storage`, `STORAGE_URL=s3://…`). Files are private: they are read only through the
 * authorised routes (`sendStoredFile`), never through a public URL. A stored file is named by its relative path
 * `<folder>/<uuid>.<ext>` (the `archivos.ruta_almacenada` column), the same on every implementation, so a
 * database and its files move between disk and S3 by copying the paths (backup and restore do).
 */
export interface FileStorage {
  /**
   * A new local temporary file name where a request's upload is written while its size and type are checked
   * (lib/multipart.ts); `save` moves it into place, and what is left is removed after the answer.
   */
  temporaryPath(): Promise<string>;

  /** Removes temporary files older than `olderThanMs` a crashed process left behind (called at start-up). */
  removeStaleTemporaries(olderThanMs?: number): Promise<void>;

  /**
   * Stores a received temporary file under `<folder>/<uuid>.<ext>` (a generated name with the detected type's
   * extension, never the client's name) and removes the temporary file. It fails whole: when it throws, no
   * stored file is left.
   */
  save(temporary: { path: string; size: number }, type: DetectedType, folder: string): Promise<StoredFile>;

  /**
   * Writes `body` under exactly `relativePath` (backup's restore: the paths the archive recorded), replacing
   * a file already there. `size` is the body's length in bytes when the caller knows it (it is checked
   * against what arrives); without it a stream is first spooled to a temporary file. The file appears whole
   * or not at all: a reader never sees half of it. The path must be relative, without `..`, `.` or empty
   * segments, and outside the temporary folder; any other path is refused with an error.
   */
  put(relativePath: string, body: Buffer | Readable, size?: number): Promise<void>;

  /**
   * A stream of a stored file once it is open, or undefined when the file does not exist: the caller answers
   * 404 before it sets the file's headers (an error after them would not reach the client as JSON).
   */
  open(relativePath: string): Promise<Readable | undefined>;

  /** Removes a stored file; a file already gone is not an error. */
  remove(relativePath: string): Promise<void>;

  /**
   * Every stored file's relative path (as `save` and `put` name them, `/`-separated), each once, in no
   * particular order; temporary files are not listed. Files written or removed while the listing runs may or
   * may not appear. Backup reads the store with it.
   */
  list(): AsyncIterable<string>;

  /** Releases the store's connections (the application's onClose). */
  close(): Promise<void>;
}

const TEMPORARY_FOLDER = '.tmp';

/**
 * Checks a relative path a caller gives to `put`/`open`/`remove`: `/`-separated segments, none empty, `.` or
 * `..`, no backslash or NUL, not absolute and not under the temporary folder. Returns it unchanged.
 */
export function checkedRelativePath(relativePath: string): string {
  const segments = relativePath.split('/');
  const isValid =
    relativePath.length > 0 &&
    relativePath.length <= 1024 &&
    !/[\\\0]/.test(relativePath) &&
    segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..') &&
    segments[0] !== TEMPORARY_FOLDER;
  if (!isValid) throw new Error(`invalid stored file path: ${JSON.stringify(relativePath.slice(0, 200))}`);
  return relativePath;
}

/** A generated name for a new stored file in `folder`, with the detected type's extension. */
export function newStoredPath(folder: string, type: DetectedType): { id: string; relativePath: string } {
  const id = randomUUID();
  return { id, relativePath: checkedRelativePath(path.posix.join(folder, `${id}.${type.extension}`)) };
}

/** Temporary upload files in one local folder, shared by both implementations. */
export class TemporaryFiles {
  constructor(readonly folder: string) {}

  async newPath(): Promise<string> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    return path.join(this.folder, `${randomUUID()}.part`);
  }

  /** Only old ones: another instance sharing this folder may be receiving a file right now. */
  async removeStale(olderThanMs = 60 * 60 * 1000): Promise<void> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    const limit = Date.now() - olderThanMs;
    for (const name of names) {
      const file = path.join(this.folder, name);
      const info = await stat(file).catch(() => undefined);
      if (info && info.mtimeMs < limit) await rm(file, { force: true });
    }
  }

  /** Writes a body to a new temporary file and gives its path and size (the caller removes it). */
  async spool(body: Buffer | Readable): Promise<{ path: string; size: number }> {
    const file = await this.newPath();
    try {
      if (Buffer.isBuffer(body)) await writeFile(file, body, { mode: 0o600 });
      else await pipeline(body, createWriteStream(file, { mode: 0o600 }));
      return { path: file, size: (await stat(file)).size };
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  }
}

/**
 * Local-disk storage under DATA_DIR/uploads (the default). Uploads arrive in temporary files under its `.tmp`
 * folder, on the same disk, so that `save` is a rename: files appear atomically.
 */
export class DiskStorage implements FileStorage {
  private readonly temporaries: TemporaryFiles;

  constructor(private readonly root: string) {
    this.temporaries = new TemporaryFiles(path.join(root, TEMPORARY_FOLDER));
  }

  temporaryPath(): Promise<string> {
    return this.temporaries.newPath();
  }

  removeStaleTemporaries(olderThanMs?: number): Promise<void> {
    return this.temporaries.removeStale(olderThanMs);
  }

  async save(
    temporary: { path: string; size: number },
    type: DetectedType,
    folder: string,
  ): Promise<StoredFile> {
    const { id, relativePath } = newStoredPath(folder, type);
    const target = this.absolute(relativePath);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temporary.path, target);
    return { id, relativePath, size: temporary.size, mime: type.mime };
  }

  async put(relativePath: string, body: Buffer | Readable, size?: number): Promise<void> {
    const target = this.absolute(checkedRelativePath(relativePath));
    const spooled = await this.temporaries.spool(body);
    try {
      if (size !== undefined && spooled.size !== size)
        throw new Error(`${relativePath}: ${spooled.size} bytes received, ${size} expected`);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(spooled.path, target);
    } finally {
      await rm(spooled.path, { force: true });
    }
  }

  async open(relativePath: string): Promise<Readable | undefined> {
    const stream = createReadStream(this.absolute(relativePath));
    try {
      await once(stream, 'open');
      return stream;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR') return undefined;
      throw error;
    }
  }

  async remove(relativePath: string): Promise<void> {
    await rm(this.absolute(relativePath), { force: true });
  }

  async *list(): AsyncIterable<string> {
    yield* walk(this.root, '');
  }

  async close(): Promise<void> {}

  private absolute(relativePath: string): string {
    const resolved = path.resolve(this.root, relativePath);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep))
      throw new Error('path outside the uploads folder');
    return resolved;
  }
}

async function* walk(root: string, prefix: string): AsyncGenerator<string> {
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    if (!prefix && entry.name === TEMPORARY_FOLDER) continue;
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(root, relative);
    else if (entry.isFile()) yield relative;
  }
}
