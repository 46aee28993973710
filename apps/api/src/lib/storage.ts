import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DetectedType } from './file-types';

export type StoredFile = {
  id: string;
  /** Path relative to the uploads root, as kept in `archivos.ruta_almacenada`. */
  relativePath: string;
  size: number;
  mime: string;
};

/**
 * Local-disk storage of uploads under DATA_DIR/uploads (DESIGN §1 files). Uploads arrive in temporary files
 * under its `.tmp` folder; names are generated, with the extension of the detected type (never the
 * client's); files appear atomically (rename). An S3-compatible store can replace this class.
 */
export class FileStorage {
  constructor(private readonly root: string) {}

  /** A new temporary file name on the same disk as the stored files, so that `save` is a rename. */
  async temporaryPath(): Promise<string> {
    const folder = path.join(this.root, '.tmp');
    await mkdir(folder, { recursive: true, mode: 0o700 });
    return path.join(folder, `${randomUUID()}.part`);
  }

  /**
   * Removes temporary files a crashed process left behind (a live request's are removed when it is answered).
   * Only old ones: another instance sharing this folder may be receiving a file right now.
   */
  async removeStaleTemporaries(olderThanMs = 60 * 60 * 1000): Promise<void> {
    const folder = path.join(this.root, '.tmp');
    const names = await readdir(folder).catch(() => [] as string[]);
    const limit = Date.now() - olderThanMs;
    for (const name of names) {
      const file = path.join(folder, name);
      const info = await stat(file).catch(() => undefined);
      if (info && info.mtimeMs < limit) await rm(file, { force: true });
    }
  }

  /** Moves a received temporary file into place under a generated name. */
  async save(
    temporary: { path: string; size: number },
    type: DetectedType,
    folder: string,
  ): Promise<StoredFile> {
    const id = randomUUID();
    const relativePath = path.posix.join(folder, `${id}.${type.extension}`);
    const target = this.absolute(relativePath);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temporary.path, target);
    return { id, relativePath, size: temporary.size, mime: type.mime };
  }

  /**
   * A stream of a stored file once it is open, or undefined when the file is gone from disk: the caller answers
   * 404 before it sets the file's headers (an error after them would not reach the client as JSON).
   */
  async open(relativePath: string): Promise<ReadStream | undefined> {
    const stream = createReadStream(this.absolute(relativePath));
    try {
      await once(stream, 'open');
      return stream;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(relativePath: string): Promise<void> {
    await rm(this.absolute(relativePath), { force: true });
  }

  absolute(relativePath: string): string {
    const resolved = path.resolve(this.root, relativePath);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep))
      throw new Error('path outside the uploads folder');
    return resolved;
  }
}
