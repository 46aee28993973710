import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARE_MESSAGES, MSG, PAYMENT_MESSAGES, type Client } from '@camposanto/domain';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { archivos, clientes } from '../src/db/schema';
import { S3Storage } from '../src/lib/s3-storage';
import { parseStorageUrl, STORAGE_URL_FORMAT } from '../src/lib/storage-url';
import { bearer } from './helpers/auth';
import { filesUnder, imageBytes, multipartBody, type FilePart } from './helpers/multipart';
import { PDF_BYTES, paymentSetup, reportPayment, type PaymentSetup } from './helpers/payment-fixtures';
import { startS3Server, type TestS3 } from './helpers/s3-server';
import { createClientVia, postRequest } from './helpers/sales-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 16: uploaded files in an S3-compatible bucket (s3rver on loopback). Files round-trip byte for byte
// through the authorised routes only, a refused request leaves no object and no row, a missing object is a 404,
// an unreachable store a 503, and another instance reads what one stored (docs/decisions/024-s3-storage.md).

let s3: TestS3;
let t: TestApp;
let setup: PaymentSetup;

beforeAll(async () => {
  s3 = await startS3Server({ buckets: ['camposanto-test', 'otro-bucket'] });
  t = await createTestApp({ env: s3.env });
  setup = await paymentSetup(t);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const DOCUMENT = Buffer.concat([PDF_BYTES, Buffer.from('% cédula de identidad\n'), Buffer.alloc(70_000, 7)]);

const documentPart = (content: Buffer = DOCUMENT): FilePart => ({
  field: 'documento_identidad',
  filename: 'cédula.pdf',
  content,
  type: 'application/pdf',
});

async function uploadDocument(token: string, cedula: string, part = documentPart(), app = t.app) {
  const { payload, headers } = await multipartBody([part, { field: 'nombre_documento', value: 'Cédula' }]);
  return app.inject({
    method: 'POST',
    url: `/api/clientes/${encodeURIComponent(cedula)}/upload-documento/`,
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}

const downloadDocument = (token: string | undefined, cedula: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/clientes/${encodeURIComponent(cedula)}/documento`,
    headers: token ? bearer(token) : {},
  });

function expectStatus(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return response;
}

/** No answer names the store: not its address, not the bucket, not a key. */
function expectNoStoreAddress(response: LightMyRequestResponse) {
  const text = `${JSON.stringify(response.headers)}${response.rawPayload.toString('latin1')}`;
  expect(text).not.toContain(s3.endpoint);
  expect(text).not.toContain('127.0.0.1');
  expect(text).not.toContain(s3.bucket);
  expect(text).not.toMatch(/X-Amz-|amazonaws|s3:\/\//i);
}

async function documentPathOf(client: Client) {
  const [row] = await t.db
    .select({ ruta: archivos.rutaAlmacenada })
    .from(clientes)
    .innerJoin(archivos, eq(archivos.id, clientes.documentoId))
    .where(eq(clientes.id, client.id));
  return row?.ruta;
}

async function fileRows() {
  const [row] = await t.db.select({ n: count() }).from(archivos);
  return row!.n;
}

function s3Config() {
  const { storage } = t.config;
  if (storage.kind !== 's3') throw new Error('the test app should use the S3 storage');
  return storage;
}

async function objectBytes(key: string): Promise<Buffer> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

describe('STORAGE_URL', () => {
  it('is the disk when unset or file:, an S3 bucket with its endpoint, region and keys otherwise', () => {
    expect(parseStorageUrl(undefined)).toEqual({ kind: 'disk' });
    expect(parseStorageUrl(' file: ')).toEqual({ kind: 'disk' });
    expect(
      parseStorageUrl('s3://camposanto-archivos/produccion?endpoint=http://minio:9000/&region=sa-east-1', {
        accessKeyId: 'AK',
        secretAccessKey: 'SK',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'camposanto-archivos',
      prefix: 'produccion',
      endpoint: 'http://minio:9000',
      region: 'sa-east-1',
      credentials: { accessKeyId: 'AK', secretAccessKey: 'SK' },
    });
    expect(parseStorageUrl('s3://camposanto-archivos')).toMatchObject({
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
    });
  });

  it('refuses a malformed value at start-up with a Spanish message', () => {
    for (const value of [
      'ftp://bucket',
      's3://',
      's3://UN_BUCKET?endpoint=http://host:9000',
      's3://bucket?endpoint=nota-url',
      's3://bucket?endpoint=ftp://host',
      's3://bucket?endpont=http://host:9000',
      's3://clave:secreto@bucket',
      's3://bucket/un%20prefijo',
      'texto cualquiera',
    ]) {
      const parsed = parseStorageUrl(value);
      expect(parsed, value).toHaveProperty('error');
      expect((parsed as { error: string }).error).toContain(STORAGE_URL_FORMAT);
    }
    expect(() => loadConfig({ DATA_DIR: t.config.dataDir, STORAGE_URL: 's3://' })).toThrow(
      /Configuración inválida:\nSTORAGE_URL: STORAGE_URL debe/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: t.config.dataDir, STORAGE_URL: 's3://bucket', S3_ACCESS_KEY_ID: 'solo-una' }),
    ).toThrow(/S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY se indican juntas/);
  });
});

describe('files in an S3-compatible bucket', () => {
  it('stores an identity document as a private object and serves it back byte for byte, only when authorised', async () => {
    const client = setup.client;
    const upload = expectStatus(await uploadDocument(setup.seller.token, client.cedula), 200);
    expectNoStoreAddress(upload);
    const ruta = await documentPathOf(client);
    expect(ruta).toMatch(/^documentos\/[0-9a-f-]{36}\.pdf$/);
    expect(await s3.keys()).toContain(ruta);
    expect((await objectBytes(ruta!)).equals(DOCUMENT)).toBe(true);
    // Nothing of it on the local disk: no stored copy, no temporary file left.
    expect(filesUnder(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
    expect(filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);

    const download = expectStatus(await downloadDocument(setup.seller.token, client.cedula), 200);
    expect(download.rawPayload.equals(DOCUMENT)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toContain('no-store');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expectNoStoreAddress(download);
    // The client's record names no URL of the file either.
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/v1/clientes/${encodeURIComponent(client.cedula)}`,
      headers: bearer(setup.admin),
    });
    expectNoStoreAddress(expectStatus(record, 200));

    expectStatus(await downloadDocument(undefined, client.cedula), 401);
    expectStatus(await downloadDocument(setup.otherSeller.token, client.cedula), 403);
  });

  it('never asks the store for a public object or URL: no ACL on any write', async () => {
    const acls: unknown[] = [];
    const storage = t.app.storage as S3Storage;
    storage.client.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { ACL?: unknown };
        if ('ACL' in input) acls.push(input.ACL);
        return next(args);
      },
      { step: 'initialize', name: 'test-acl-spy' },
    );
    try {
      expectStatus(await uploadDocument(setup.seller.token, setup.client.cedula), 200);
    } finally {
      storage.client.middlewareStack.remove('test-acl-spy');
    }
    expect(acls).toEqual([]);
  });

  it('replacing a document removes the replaced object once the change is committed', async () => {
    const before = await documentPathOf(setup.client);
    expect(await s3.keys()).toContain(before);
    const png: FilePart = {
      field: 'documento_identidad',
      filename: 'cedula.png',
      content: imageBytes('png', 4096),
      type: 'image/png',
    };
    expectStatus(await uploadDocument(setup.seller.token, setup.client.cedula, png), 200);
    const after = await documentPathOf(setup.client);
    expect(after).toMatch(/\.png$/);
    const keys = await s3.keys();
    expect(keys).toContain(after);
    expect(keys).not.toContain(before);
    expect(keys.filter((key) => key.startsWith('documentos/'))).toEqual([after]);
  });

  it('a payment receipt round-trips; a refused second report (409 in its transaction) leaves no object and no row', async () => {
    const request = await postRequest(t.app, setup.seller.token, setup.client.id, { plan: setup.cremacion });
    const receipt: FilePart = {
      field: 'comprobante_usd',
      filename: 'zelle.pdf',
      content: DOCUMENT,
      type: 'application/pdf',
    };
    const reported = expectStatus(
      await reportPayment(t.app, setup.seller.token, { solicitud_id: request.id, metodoPago: 'USD' }, [
        receipt,
      ]),
      200,
    );
    expectNoStoreAddress(reported);
    const paymentId = reported.json<{ pago: { id: number } }>().pago.id;
    const download = expectStatus(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/pagos/${paymentId}/comprobante/usd`,
        headers: bearer(setup.admin),
      }),
      200,
    );
    expect(download.rawPayload.equals(DOCUMENT)).toBe(true);
    expectNoStoreAddress(download);

    const keys = await s3.keys();
    const rows = await fileRows();
    // The receipt is written to the bucket first; the transaction then finds the payment already reported.
    const again = await reportPayment(
      t.app,
      setup.seller.token,
      { solicitud_id: request.id, metodoPago: 'USD' },
      [receipt],
    );
    expectStatus(again, 409);
    expect(again.json()).toEqual({ detail: PAYMENT_MESSAGES.yaReportado });
    expect(await s3.keys()).toEqual(keys);
    expect(await fileRows()).toBe(rows);
    expect(filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('map images are stored in the bucket and served to a signed-in user only', async () => {
    const image = imageBytes('png', 2048);
    const { payload, headers } = await multipartBody([
      { field: 'parcela', filename: 'mapa.png', content: image, type: 'image/png' },
    ]);
    expectStatus(
      await t.app.inject({
        method: 'POST',
        url: '/api/upload/inventario',
        payload,
        headers: { ...headers, ...bearer(setup.admin) },
      }),
      200,
    );
    expect((await s3.keys()).some((key) => key.startsWith('mapas/'))).toBe(true);
    const served = expectStatus(
      await t.app.inject({
        method: 'GET',
        url: '/uploads/mapas/parcela',
        headers: bearer(setup.seller.token),
      }),
      200,
    );
    expect(served.rawPayload.equals(image)).toBe(true);
    expectStatus(await t.app.inject({ method: 'GET', url: '/uploads/mapas/parcela' }), 401);
  });

  it('an object gone from the bucket answers 404 with the Spanish message, not 500', async () => {
    const ruta = await documentPathOf(setup.client);
    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: ruta }));
    const response = expectStatus(await downloadDocument(setup.seller.token, setup.client.cedula), 404);
    expect(response.json()).toEqual({ detail: CARE_MESSAGES.sinDocumento });
    expect(await t.app.storage.open(ruta!)).toBeUndefined();
  });

  it('another instance on the same bucket reads what this one stored', async () => {
    const client = setup.client;
    expectStatus(await uploadDocument(setup.seller.token, client.cedula), 200);
    const ruta = (await documentPathOf(client))!;
    const other = new S3Storage({
      ...s3Config(),
      temporaryFolder: path.join(t.config.dataDir, 'otra-instancia'),
    });
    try {
      const stream = await other.open(ruta);
      const chunks: Buffer[] = [];
      for await (const chunk of stream!) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(DOCUMENT)).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('an unreachable store', () => {
  let broken: FastifyInstance;

  beforeAll(async () => {
    // A second instance on the same database whose bucket does not exist: every write and read fails, as when
    // the store is down or misconfigured.
    broken = await buildApp({
      config: { ...t.config, storage: { ...s3Config(), bucket: 'no-existe' } },
      db: t.db,
    });
    await broken.ready();
  });
  afterAll(() => broken?.close());

  it('refuses the upload with 503 and a Spanish message, leaving no object, no row and no temporary file', async () => {
    const client = await createClientVia(t.app, setup.seller.token);
    const [keys, rows] = await Promise.all([s3.keys(), fileRows()]);
    const response = await uploadDocument(setup.seller.token, client.cedula, documentPart(), broken);
    expectStatus(response, 503);
    expect(response.json()).toEqual({ detail: MSG.almacenamientoNoDisponible });
    expectNoStoreAddress(response);
    expect(await fileRows()).toBe(rows);
    expect(await documentPathOf(client)).toBeUndefined();
    expect(await s3.keys()).toEqual(keys);
    expect(filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
    expect(existsSync(path.join(t.config.dataDir, 'uploads'))).toBe(false);
  });

  it('a stored file it cannot read answers 503, not 404 or 500', async () => {
    expectStatus(await uploadDocument(setup.seller.token, setup.client.cedula), 200);
    const response = await broken.inject({
      method: 'GET',
      url: `/api/v1/clientes/${encodeURIComponent(setup.client.cedula)}/documento`,
      headers: bearer(setup.seller.token),
    });
    expectStatus(response, 503);
    expect(response.json()).toEqual({ detail: MSG.almacenamientoNoDisponible });
  });
});

describe('S3Storage list and put (backup and restore)', () => {
  it('puts buffers and streams under exact paths, lists them under its prefix, refuses unsafe paths', async () => {
    const storage = new S3Storage({
      kind: 's3',
      bucket: 'otro-bucket',
      prefix: 'respaldo/uno',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
      temporaryFolder: path.join(t.config.dataDir, 'tmp-put'),
    });
    try {
      await storage.put('documentos/a.pdf', DOCUMENT);
      await storage.put('logos/b.png', Readable.from([Buffer.from('logo'), Buffer.from('-png')]));
      await storage.put('mapas/c.png', Readable.from([Buffer.from('mapa')]), 4);
      await expect(storage.put('mapas/d.png', Readable.from([Buffer.from('mapa')]), 9)).rejects.toThrow();
      for (const unsafe of ['../x', '/abs', 'a//b', 'a/./b', '.tmp/x', 'a\\b', ''])
        await expect(storage.put(unsafe, Buffer.from('x'))).rejects.toThrow(/invalid stored file path/);
      const listed: string[] = [];
      for await (const key of storage.list()) listed.push(key);
      expect(listed.sort()).toEqual(['documentos/a.pdf', 'logos/b.png', 'mapas/c.png']);
      const stream = await storage.open('logos/b.png');
      const chunks: Buffer[] = [];
      for await (const chunk of stream!) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('logo-png');
      await storage.remove('mapas/c.png');
      await storage.remove('mapas/c.png');
      expect(await storage.open('mapas/c.png')).toBeUndefined();
      expect(filesUnder(path.join(t.config.dataDir, 'tmp-put'))).toEqual([]);
    } finally {
      await storage.close();
    }
  });
});
