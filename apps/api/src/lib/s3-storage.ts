import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { MSG } from '@camposanto/domain';
import { AppError } from './app-error';
import type { DetectedType } from './file-types';
import {
  checkedRelativePath,
  newStoredPath,
  TemporaryFiles,
  type FileStorage,
  type StoredFile,
} from './storage';
import type { StorageConfig } from './storage-url';

export type S3StorageOptions = Extract<StorageConfig, { kind: 's3' }> & {
  /** Local folder of the uploads being received (DATA_DIR/tmp/uploads). */
  temporaryFolder: string;
};

/**
 * Files in an S3-compatible bucket (issue 16, docs/decisions/024-s3-storage.md) with the AWS SDK v3. Keys are
 * `<prefix>/<relative path>`, the same relative paths the disk storage uses. Objects are written without an
 * ACL (private, the bucket's default) and read only by this client for the authorised routes: no public or
 * presigned URL is ever made. Every instance that shares the bucket serves every file.
 */
export class S3Storage implements FileStorage {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly temporaries: TemporaryFiles;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ? `${options.prefix}/` : '';
    this.temporaries = new TemporaryFiles(options.temporaryFolder);
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      // A custom endpoint (MinIO, Ceph, s3rver) rarely resolves <bucket>.<host>: the bucket goes in the path.
      forcePathStyle: options.endpoint !== undefined,
      credentials: options.credentials,
      // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's default trailing
      // CRC32 (aws-chunked bodies). The length is always sent, and TLS protects the bytes in transit.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 5_000, socketTimeout: 60_000 },
    });
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
    await this.upload(relativePath, temporary.path, temporary.size, type.mime);
    await rm(temporary.path, { force: true });
    return { id, relativePath, size: temporary.size, mime: type.mime };
  }

  async put(relativePath: string, body: Buffer | Readable, size?: number): Promise<void> {
    checkedRelativePath(relativePath);
    if (Buffer.isBuffer(body)) {
      if (size !== undefined && size !== body.length)
        throw new Error(`${relativePath}: ${body.length} bytes given, ${size} expected`);
      const command = new PutObjectCommand({ Bucket: this.bucket, Key: this.key(relativePath), Body: body });
      await this.client.send(command).catch((error: unknown) => {
        throw unavailable(error, `writing ${relativePath}`);
      });
      return;
    }
    // A stream of unknown length is spooled first: PutObject needs the length before the body.
    const spooled = await this.temporaries.spool(body);
    try {
      if (size !== undefined && spooled.size !== size)
        throw new Error(`${relativePath}: ${spooled.size} bytes received, ${size} expected`);
      await this.upload(relativePath, spooled.path, spooled.size, undefined);
    } finally {
      await rm(spooled.path, { force: true });
    }
  }

  async open(relativePath: string): Promise<Readable | undefined> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(relativePath) }),
      );
      if (!(object.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return object.Body;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw unavailable(error, `reading ${relativePath}`);
    }
  }

  async remove(relativePath: string): Promise<void> {
    // S3 answers 204 for a key that does not exist: a file already gone is not an error.
    const command = new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(relativePath) });
    await this.client.send(command).catch((error: unknown) => {
      throw unavailable(error, `removing ${relativePath}`);
    });
  }

  async *list(): AsyncIterable<string> {
    const pages = paginateListObjectsV2(
      { client: this.client, pageSize: 1000 },
      { Bucket: this.bucket, Prefix: this.prefix || undefined },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (object.Key?.startsWith(this.prefix)) yield object.Key.slice(this.prefix.length);
      }
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  /** Uploads a local file; when the upload fails, the object is deleted in case S3 kept it after all. */
  private async upload(relativePath: string, file: string, size: number, mime: string | undefined) {
    const key = this.key(relativePath);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: mime,
        }),
      );
    } catch (error) {
      // A timed-out answer does not mean nothing was written: "a failed request leaves no object".
      await this.client
        .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
        .catch(() => undefined);
      throw unavailable(error, `writing ${relativePath}`);
    }
  }

  private key(relativePath: string): string {
    return this.prefix + checkedRelativePath(relativePath);
  }
}

function isMissing(error: unknown): boolean {
  // A missing bucket is a misconfiguration (503), not a missing file.
  const candidate = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  if (candidate?.name === 'NoSuchBucket') return false;
  return candidate?.name === 'NoSuchKey' || candidate?.$metadata?.httpStatusCode === 404;
}

/**
 * The store's failure as the client sees it: 503 with a Spanish message (never a 500, never the bucket's
 * address); the cause, with the SDK's error, stays for the log.
 */
function unavailable(error: unknown, what: string): AppError {
  const failure = new AppError('UNAVAILABLE', MSG.almacenamientoNoDisponible);
  failure.cause = new Error(`S3 storage failed ${what}`, { cause: error });
  return failure;
}
