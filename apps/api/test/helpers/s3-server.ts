import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

// Issue 16: a real S3-compatible server (s3rver, files in a temporary folder) on a loopback port, for the tests
// of the S3 storage and of several instances sharing one bucket.

export type TestS3 = {
  endpoint: string;
  bucket: string;
  /** The environment that points an application at this bucket (`createTestApp({ env })`). */
  env: Record<string, string>;
  /** A client of its own, to look at the bucket from outside the application. */
  client: S3Client;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
};

// s3rver accepts requests signed with its default account (README: "Supported clients").
const ACCESS_KEY = 'S3RVER';

export async function startS3Server({ buckets = ['camposanto-test'] } = {}): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'camposanto-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = buckets[0]!;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_URL: `s3://${bucket}?endpoint=${endpoint}&region=us-east-1`,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    client,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
