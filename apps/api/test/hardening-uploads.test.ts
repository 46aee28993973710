import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, userWithRole, type TestUser } from './helpers/auth';
import { filesUnder, imageBytes, multipartBody, type FilePart } from './helpers/multipart';
import {
  expectStatus,
  moneySnapshot,
  paymentsOf,
  PDF_BYTES,
  pngReceipt,
  receiptsOnDisk,
  reportPayment,
  uploadsDir,
} from './helpers/payment-fixtures';
import { createClientVia, postRequest, seedPlans, type PlanRow } from './helpers/sales-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 11 defects 7 and 8: a route reads only the file fields it knows, a bounded number of files and
// bytes, each streamed to a temporary file and checked; the stored and served name takes the extension of
// the detected type, PDFs are downloaded, never shown, and images over 40 megapixels are refused.

let t: TestApp;
let admin: string;
let seller: TestUser;
let clientId: number;
let plan: PlanRow;

beforeAll(async () => {
  // 1 MB per file keeps the over-limit bodies of these tests small.
  t = await createTestApp({ env: { UPLOAD_MAX_MB: '1' } });
  admin = await adminToken(t.app);
  seller = await userWithRole(t.app, admin, 'vendedor');
  plan = (await seedPlans(t.db))('Cremación Básica');
  clientId = (await createClientVia(t.app, seller.token)).id;
});
afterAll(() => t.close());

const cashRequest = () =>
  postRequest(t.app, seller.token, clientId, { plan, modalidad: 'De Contado', metodo: 'USD' });
const usdFields = (id: number) => ({ solicitud_id: String(id), metodoPago: 'USD' });
const temporaries = () => filesUnder(path.join(uploadsDir(t.config.dataDir), '.tmp'));
const receipt = (content: Buffer, filename = 'recibo.png'): FilePart => ({
  field: 'comprobante_usd',
  filename,
  content,
  type: 'image/png',
});

/** Refused with `status` and `detail`, leaving no payment, no row, no receipt and no temporary file. */
async function expectRefused(files: FilePart[], status: number, detail: string) {
  const request = await cashRequest();
  const before = { money: await moneySnapshot(t.db), receipts: receiptsOnDisk(t.config.dataDir) };
  const response = await reportPayment(t.app, seller.token, usdFields(request.id), files);
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ detail });
  expect(await paymentsOf(t.db, request.id)).toEqual([]);
  expect({ money: await moneySnapshot(t.db), receipts: receiptsOnDisk(t.config.dataDir) }).toEqual(before);
  expect(temporaries()).toEqual([]);
}

describe('multipart limits per route (defect 7)', () => {
  it('refuses a file in a field the route does not know, before reading it', async () => {
    await expectRefused(
      [pngReceipt('comprobante_usd'), { ...pngReceipt('comprobante_usd'), field: 'foto' }],
      400,
      'El formulario no admite archivos en el campo «foto».',
    );
  });

  it('refuses more files than the route takes (two receipts) with 413', async () => {
    const receipts = ['comprobante_usd', 'comprobante_ves', 'comprobante_usd'] as const;
    await expectRefused(
      receipts.map((field) => pngReceipt(field)),
      413,
      'El formulario admite como máximo 2 archivo(s).',
    );
  });

  it('refuses a file over UPLOAD_MAX_MB with 413 while it streams', async () => {
    await expectRefused(
      [receipt(imageBytes('png', 1024 * 1024 + 1))],
      413,
      'El archivo supera el tamaño máximo permitido (1 MB).',
    );
  });

  it('refuses a body whose declared length is over the route’s whole limit, without reading it', async () => {
    const request = await cashRequest();
    const { payload, headers } = await multipartBody([
      { field: 'solicitud_id', value: String(request.id) },
      { field: 'metodoPago', value: 'USD' },
      receipt(imageBytes('png', 1000)),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reporte-pagos/guardar-pago',
      payload,
      headers: { ...headers, ...bearer(seller.token), 'content-length': String(4 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'La solicitud supera el tamaño máximo permitido.' });
    expect(await paymentsOf(t.db, request.id)).toEqual([]);
  });

  it('removes at start-up the temporary files a crash left, not those of an upload in progress', async () => {
    const folder = path.join(uploadsDir(t.config.dataDir), '.tmp');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'crash.part'), 'x');
    writeFileSync(path.join(folder, 'live.part'), 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(path.join(folder, 'crash.part'), twoHoursAgo, twoHoursAgo);
    await t.app.storage.removeStaleTemporaries();
    expect(temporaries()).toEqual(['live.part']);
    await t.app.storage.removeStaleTemporaries(0);
    expect(temporaries()).toEqual([]);
  });

  it('leaves no temporary file after a payment is stored', async () => {
    const request = await cashRequest();
    const response = await reportPayment(t.app, seller.token, usdFields(request.id), [
      pngReceipt('comprobante_usd'),
    ]);
    expectStatus(response, 200);
    expect(temporaries()).toEqual([]);
    expect(receiptsOnDisk(t.config.dataDir).length).toBeGreaterThan(0);
  });
});

describe('stored and served files (defect 8)', () => {
  const download = (paymentId: number) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/pagos/${paymentId}/comprobante/usd`,
      headers: bearer(seller.token),
    });

  it('stores and serves a JPEG named <script>.html as a .jpg image', async () => {
    const polyglot = Buffer.concat([
      imageBytes('jpeg', 64),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const request = await cashRequest();
    expectStatus(
      await reportPayment(t.app, seller.token, usdFields(request.id), [receipt(polyglot, '<script>.html')]),
      200,
    );
    const [payment] = await paymentsOf(t.db, request.id);
    const served = await download(payment!.id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-disposition']).toBe("inline; filename*=UTF-8''_script_.jpg");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(receiptsOnDisk(t.config.dataDir).every((name) => !name.endsWith('.html'))).toBe(true);
  });

  it('serves a PDF (which may carry /OpenAction scripts) as a download, never inline', async () => {
    const request = await cashRequest();
    const pdf = Buffer.concat([
      PDF_BYTES,
      Buffer.from('<< /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>'),
    ]);
    expectStatus(
      await reportPayment(t.app, seller.token, usdFields(request.id), [
        { field: 'comprobante_usd', filename: 'recibo.pdf.exe', content: pdf, type: 'application/pdf' },
      ]),
      200,
    );
    const [payment] = await paymentsOf(t.db, request.id);
    const served = await download(payment!.id);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe("attachment; filename*=UTF-8''recibo.pdf.pdf");
  });

  it('refuses an image over 40 megapixels (a 20000 × 20000 PNG) with 413', async () => {
    await expectRefused(
      [receipt(imageBytes('png', 2048, 20_000, 20_000))],
      413,
      'La imagen supera el máximo permitido de 40 megapíxeles.',
    );
  });

  it('takes an image of exactly 40 megapixels', async () => {
    const request = await cashRequest();
    const response = await reportPayment(t.app, seller.token, usdFields(request.id), [
      receipt(imageBytes('jpeg', 2048, 8000, 5000), 'grande.jpg'),
    ]);
    expectStatus(response, 200);
  });

  it('refuses an image whose header gives no dimensions with 415', async () => {
    const broken = Buffer.alloc(512, 0x2a);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(broken);
    await expectRefused([receipt(broken)], 415, 'La imagen está dañada o no se puede leer.');
  });
});
