import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Client } from '@camposanto/domain';
import type { Db } from '../../src/db/client';
import { archivos, auditoria, cuotas, pagos, solicitudDetalles, solicitudes } from '../../src/db/schema';
import { bearer } from './auth';
import { filesUnder, imageBytes, multipartBody, type FilePart } from './multipart';
import { createClientVia, seedPlans, type PlanRow } from './sales-fixtures';
import { salesTeam, type SalesTeam } from './sales-team';
import type { TestApp } from './test-app';

// Payments as the sales screens report them (SPEC §7 guardar-pago and pago-cuota, multipart), the exchange
// rate an administrator sets, and what a payment leaves behind: rows, receipts on disk.

export type ReceiptField = 'comprobante_usd' | 'comprobante_ves';

/** The first bytes of a real PDF document (the server checks the `%PDF-` signature). */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

export const pngReceipt = (field: ReceiptField, filename = `${field}.png`): FilePart => ({
  field,
  filename,
  content: imageBytes('png', 300),
  type: 'image/png',
});

export const pdfReceipt = (field: ReceiptField, filename = `${field}.pdf`): FilePart => ({
  field,
  filename,
  content: PDF_BYTES,
  type: 'application/pdf',
});

/** A text file under a PDF's name and type: only its content tells what it is. */
export const textAsPdf = (field: ReceiptField): FilePart => ({
  field,
  filename: 'comprobante.pdf',
  content: 'Esto no es un PDF, es texto con otro nombre.\n',
  type: 'application/pdf',
});

export async function postMultipart(
  app: FastifyInstance,
  url: string,
  token: string | undefined,
  fields: Record<string, string | number>,
  files: FilePart[] = [],
): Promise<LightMyRequestResponse> {
  const { payload, headers } = await multipartBody([
    ...Object.entries(fields).map(([field, value]) => ({ field, value: String(value) })),
    ...files,
  ]);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
}

/** POST /api/reporte-pagos/guardar-pago: the initial or cash payment of a request. */
export const reportPayment = (
  app: FastifyInstance,
  token: string,
  fields: Record<string, string | number>,
  files: FilePart[] = [],
) => postMultipart(app, '/api/reporte-pagos/guardar-pago', token, fields, files);

/** POST /api/v1/cuotas/pago-cuota: the payment of one instalment. */
export const payCuota = (
  app: FastifyInstance,
  token: string,
  fields: Record<string, string | number>,
  files: FilePart[] = [],
) => postMultipart(app, '/api/v1/cuotas/pago-cuota', token, fields, files);

export function expectStatus(response: LightMyRequestResponse, status: number) {
  if (response.statusCode !== status)
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  return response;
}

/** The receiving account the payment tests register (its bank is what payments record as banco_receptor). */
export const TEST_RECEIVING_ACCOUNT = {
  banco: 'Banesco',
  titular: 'Camposanto C.A.',
  numero_cuenta: '0134-0000-00-0000000000',
  rif: 'J-00000000-0',
  telefono_pago_movil: '0414-0000000',
};

/**
 * The office's money settings as an administrator registers them (issue 10): the rate in force, by
 * PUT /api/v1/tasa-cambio (DESIGN §4.9: the newest rate is in force), and, once, a receiving account, without
 * which no payment in bolívares is taken.
 */
export async function setRate(app: FastifyInstance, adminToken: string, promedio: number) {
  expectStatus(
    await app.inject({
      method: 'PUT',
      url: '/api/v1/tasa-cambio',
      headers: bearer(adminToken),
      payload: { promedio },
    }),
    200,
  );
  const url = '/api/v1/admin/cuentas-receptoras';
  const accounts = await app.inject({ method: 'GET', url, headers: bearer(adminToken) });
  if (expectStatus(accounts, 200).json<unknown[]>().length > 0) return;
  expectStatus(
    await app.inject({ method: 'POST', url, headers: bearer(adminToken), payload: TEST_RECEIVING_ACCOUNT }),
    201,
  );
}

export type PaymentSetup = SalesTeam & {
  planOf: (descripcion: string) => PlanRow;
  /** Cremación Básica: de_contado 900, financiado 1,080, cuota_n = 1,080 × (1 + 0.04 (n − 1)). */
  cremacion: PlanRow;
  /** A client of the team's `seller`. */
  client: Client;
};

/**
 * What the payment tests start from: the sales team, the seeded catalogue, a client of the team's seller
 * and, when `rate` is given, the office's money settings (that rate and a receiving account).
 */
export async function paymentSetup(t: TestApp, { rate }: { rate?: number } = {}): Promise<PaymentSetup> {
  const team = await salesTeam(t.app);
  const planOf = await seedPlans(t.db);
  const client = await createClientVia(t.app, team.seller.token);
  if (rate !== undefined) await setRate(t.app, team.admin, rate);
  return { ...team, planOf, cremacion: planOf('Cremación Básica'), client };
}

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');
export const receiptsOnDisk = (dataDir: string) => filesUnder(path.join(uploadsDir(dataDir), 'comprobantes'));

export function paymentsOf(db: Db, solicitudId: number) {
  return db.select().from(pagos).where(eq(pagos.solicitudId, solicitudId)).orderBy(pagos.id);
}

export async function requestRow(db: Db, id: number) {
  const [row] = await db.select().from(solicitudes).where(eq(solicitudes.id, id));
  if (!row) throw new Error(`no solicitud ${id}`);
  return row;
}

/** Integer cents of a decimal text or number (tests add money in cents, never in floats). */
export const cents = (value: string | number) => Math.round(Number(value) * 100);

/** Every stored amount and file of the sales side, to prove that a refused request changed nothing. */
export async function moneySnapshot(db: Db) {
  const [requests, lines, payments, instalments, files, audits] = await Promise.all([
    db.select().from(solicitudes).orderBy(solicitudes.id),
    db.select().from(solicitudDetalles).orderBy(solicitudDetalles.id),
    db.select().from(pagos).orderBy(pagos.id),
    db.select().from(cuotas).orderBy(cuotas.id),
    db.select({ n: count() }).from(archivos),
    db.select({ n: count() }).from(auditoria),
  ]);
  return { requests, lines, payments, instalments, files: files[0]?.n, audits: audits[0]?.n };
}
