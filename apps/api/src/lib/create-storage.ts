import path from 'node:path';
import { DiskStorage, type FileStorage } from './storage';
import type { StorageConfig } from './storage-url';

/**
 * The storage STORAGE_URL names (config.ts): the disk under DATA_DIR/uploads, or an S3-compatible bucket with
 * the uploads being received in DATA_DIR/tmp/uploads. The S3 client is loaded only when it is used.
 */
export async function createStorage(storage: StorageConfig, dataDir: string): Promise<FileStorage> {
  if (storage.kind === 'disk') return new DiskStorage(path.join(dataDir, 'uploads'));
  const { S3Storage } = await import('./s3-storage');
  return new S3Storage({ ...storage, temporaryFolder: path.join(dataDir, 'tmp', 'uploads') });
}
