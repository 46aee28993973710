import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTRACT_MESSAGES,
  PAYMENT_MESSAGES,
  type Client,
  type Paged,
  type RequestDto,
} from '@camposanto/domain';
import { planesFunerarios, solicitudes } from '../src/db/schema';
import { adminToken, bearer, unique, userWithRole, type TestUser } from './helpers/auth';
import { auditSince, lastAuditId } from './helpers/fixtures';
import { startMailServer, type MailServer } from './helpers/mail-server';
import { attachmentsOf, decodeHeader, htmlOf, parseMime } from './helpers/mime';
import { filesUnder, imageBytes, multipartBody } from './helpers/multipart';
import { pdfText } from './helpers/pdf-text';
import {
  expectStatus,
  payCuota,
  PDF_BYTES,
  pdfReceipt,
  reportPayment,
  requestRow,
  setRate,
  TEST_RECEIVING_ACCOUNT,
} from './helpers/payment-fixtures';
import {
  convert,
  expectConverted,
  instalmentsOf,
  postRequest,
  seedPlans,
  type PlanRow,
} from './helpers/sales-fixtures';
import { salesTeam } from './helpers/sales-team';
import { createTestApp, type TestApp } from './helpers/test-app';

// DESIGN §4.8 'Enviar Solicitud' (SPEC §2 'Reporte de pagos', §4, §7 POST /api/enviar_correo): the request
// with client, lines, payments and deceased goes to MAIL_ADMIN with the seller in copy, receipts and identity
// document attached, every value escaped; once, and only after a payment. DESIGN §1: real SMTP when SMTP_URL
// is set (a real SMTP server on loopback here), otherwise an .eml file in DATA_DIR/outbox.

const MAIL_ADMIN = 'admin@test.local';
const HOSTILE_NAME = 'Ana <script>alert("x")</script> Pérez';
const DOCUMENT_BYTES = imageBytes('jpeg', 700);

let smtp: MailServer;

let t: TestApp;
let admin: string;
let supervisor: TestUser;
let sellerA: TestUser; // supervised by `supervisor`
let sellerB: TestUser;
let asistente: TestUser;
let cremacion: PlanRow;

beforeAll(async () => {
  smtp = await startMailServer();
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_ADMIN } });
  ({ admin, supervisor, seller: sellerA, otherSeller: sellerB, asistente } = await salesTeam(t.app));
  cremacion = (await seedPlans(t.db))('Cremación Básica');
  await setRate(t.app, admin, 40);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** POST /api/v1/clientes/ with an identity document image, as the client form sends it. */
async function clientWithDocument(app: TestApp['app'], token: string, nombre = `Cliente ${unique()}`) {
  const n = unique();
  const { payload, headers } = await multipartBody([
    ...Object.entries({
      nombre,
      cedula: `V-${60000000 + n}`,
      fecha_nacimiento: '1980-05-17',
      telefono: '2125550000',
      celular: '04145550000',
      email: `cliente${n}@correo.com`,
      direccion: 'Av. Urdaneta, Caracas',
    }).map(([field, value]) => ({ field, value })),
    { field: 'documento_identidad', filename: 'cedula-ana.jpg', content: DOCUMENT_BYTES, type: 'image/jpeg' },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/clientes/',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
  return expectStatus(response, 200).json<Client>();
}

/** A cash request of Cremación Básica, its payment reported in USD with a PNG receipt when `paid`. */
async function cashRequest(client: Client, { paid = true, seller = sellerA } = {}) {
  const request = await postRequest(t.app, seller.token, client.id, { plan: cremacion });
  if (paid) {
    expectStatus(
      await reportPayment(t.app, seller.token, { solicitud_id: request.id, metodoPago: 'USD' }, [
        {
          field: 'comprobante_usd',
          filename: 'zelle.png',
          content: imageBytes('png', 333),
          type: 'image/png',
        },
      ]),
      200,
    );
  }
  return request;
}

const send = (token: string | undefined, payload: Record<string, unknown>, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/enviar_correo',
    headers: token ? bearer(token) : {},
    payload,
  });

const emailSent = async (id: number) => (await requestRow(t.db, id)).emailEnviado;

describe('POST /api/enviar_correo over SMTP', () => {
  it('sends the paid request to MAIL_ADMIN, the seller in copy, receipts and identity document attached, the client name escaped', async () => {
    const client = await clientWithDocument(t.app, sellerA.token, HOSTILE_NAME);
    const request = await postRequest(t.app, sellerA.token, client.id, {
      plan: cremacion,
      modalidad: 'Financiado',
      metodo: 'VES',
      cuotas: 3,
      pagoInicial: 100,
    });
    expectStatus(
      await reportPayment(
        t.app,
        sellerA.token,
        { solicitud_id: request.id, metodoPago: 'VES', banco_emisor: 'Banco Plaza', referencia: '4455' },
        [pdfReceipt('comprobante_ves', 'transferencia-inicial.pdf')],
      ),
      200,
    );
    const contractNumber = expectConverted(await convert(t.app, admin, request.id));
    const [first] = await instalmentsOf(t.db, request.id);
    expectStatus(
      await payCuota(
        t.app,
        sellerA.token,
        { cuota_id: first!.id, metodo_pago: 'USD', monto_usd: first!.monto },
        [
          {
            field: 'comprobante_usd',
            filename: 'zelle-cuota-1.png',
            content: imageBytes('png', 444),
            type: 'image/png',
          },
        ],
      ),
      200,
    );
    const auditBefore = await lastAuditId(t.db);
    const inbox = smtp.received.length;

    const response = await send(sellerA.token, { solicitud_id: request.id });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ mensaje: PAYMENT_MESSAGES.correoEnviado });
    expect(smtp.received).toHaveLength(inbox + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual([MAIL_ADMIN, sellerA.email].sort());
    expect(mail.message.headers.get('to')).toContain(MAIL_ADMIN);
    expect(mail.message.headers.get('cc')).toContain(sellerA.email);
    expect(mail.from).toBe('no-responder@camposanto.local');
    const subject = decodeHeader(mail.message.headers.get('subject'));
    expect(subject).toContain(request.numero_solicitud);
    expect(subject).toContain(HOSTILE_NAME);
    // Issue 15: the service by its name, not its code.
    expect(subject).toContain(' — Cremación — ');
    expect(subject).not.toContain('cremacion');

    const attachments = attachmentsOf(mail.message);
    // Issue 14: a contract's e-mail carries the contract's PDF beside the receipts and the document.
    expect(attachments.map((file) => [file.filename, file.contentType]).sort()).toEqual([
      ['cedula-ana.jpg', 'image/jpeg'],
      [`contrato-${contractNumber}.pdf`, 'application/pdf'],
      ['transferencia-inicial.pdf', 'application/pdf'],
      ['zelle-cuota-1.png', 'image/png'],
    ]);
    const byName = new Map(attachments.map((file) => [file.filename, file.content]));
    const contractText = pdfText(byName.get(`contrato-${contractNumber}.pdf`)!);
    expect(contractText).toContain(`N.º ${contractNumber}`);
    expect(contractText).toContain('Ana <script>alert("x")</script> Pérez');
    expect(byName.get('cedula-ana.jpg')!.equals(DOCUMENT_BYTES)).toBe(true);
    expect(byName.get('transferencia-inicial.pdf')!.equals(PDF_BYTES)).toBe(true);
    expect(byName.get('zelle-cuota-1.png')!.equals(imageBytes('png', 444))).toBe(true);
    expect(mail.raw.toString('latin1')).toMatch(
      /Content-Disposition: attachment;\s+filename="?cedula-ana\.jpg"?/,
    );

    const html = htmlOf(mail.message);
    expect(html).toContain('Ana &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Pérez');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(request.numero_solicitud);
    expect(html).toContain('Banco Plaza');
    // Issue 10: the receiving account registered by administración, never a value shipped in the code.
    expect(html).toContain(
      `<td style="border:1px solid #ccc;padding:4px 8px">${TEST_RECEIVING_ACCOUNT.banco}</td>`,
    );
    expect(html).toContain('4455');
    expect(html).toContain(sellerA.username);
    // Issue 10 §8: amounts in the Venezuelan format — the initial of $100 paid in bolívares at 40.
    expect(html).toContain('$ 100,00');
    expect(html).toContain('4.000,00 Bs.');
    expect(html).toContain('40,00 Bs.');
    expect(html).not.toContain('4,000.00');

    expect(await emailSent(request.id)).toBe(true);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/reporte-pagos/solicitudes/${sellerA.id}?per_page=100`,
      headers: bearer(sellerA.token),
    });
    const item = listed.json<Paged<RequestDto>>().items.find((row) => row.id === request.id);
    expect(item).toMatchObject({ email_enviado: true });
    const audits = await auditSince(t.db, auditBefore);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      usuarioId: sellerA.id,
      accion: 'enviar_correo',
      entidad: 'solicitud',
      entidadId: String(request.id),
    });
    expect(audits[0]!.descripcion).toContain(MAIL_ADMIN);
    expect(audits[0]!.descripcion).toContain('4 adjunto(s)');
  });

  it('a pending request is refused with 400 and nothing is sent', async () => {
    const client = await clientWithDocument(t.app, sellerA.token);
    const request = await cashRequest(client, { paid: false });
    const inbox = smtp.received.length;
    const auditBefore = await lastAuditId(t.db);

    const response = await send(sellerA.token, { solicitud_id: request.id });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Reporte el pago antes de enviar la solicitud.' });
    expect(smtp.received).toHaveLength(inbox);
    expect(await emailSent(request.id)).toBe(false);
    expect(await auditSince(t.db, auditBefore)).toEqual([]);
  });

  it('a request already sent is refused with 409 and not sent again', async () => {
    const client = await clientWithDocument(t.app, sellerA.token);
    const request = await cashRequest(client);
    expectStatus(await send(sellerA.token, { solicitud_id: request.id }), 200);
    const inbox = smtp.received.length;

    const again = await send(sellerA.token, { solicitud_id: request.id });

    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: PAYMENT_MESSAGES.correoYaEnviado });
    expect(smtp.received).toHaveLength(inbox);
  });

  it('of two sends of one request at the same time exactly one mails it, the other gets 409', async () => {
    const client = await clientWithDocument(t.app, sellerA.token);
    const request = await cashRequest(client);
    const inbox = smtp.received.length;

    const responses = await Promise.all([1, 2].map(() => send(sellerA.token, { solicitud_id: request.id })));

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(smtp.received).toHaveLength(inbox + 1);
    expect(await emailSent(request.id)).toBe(true);
  });

  it('a cash request carries its receipt and document; a funeral request lists its deceased', async () => {
    const client = await clientWithDocument(t.app, sellerA.token);
    const cash = await cashRequest(client);
    expectStatus(await send(sellerA.token, { solicitud: { id: cash.id, detalles: [] } }), 200);
    const cashAttachments = attachmentsOf(smtp.received.at(-1)!.message);
    // Issue 14: a request that is not a contract yet carries its summary as a PDF.
    expect(cashAttachments.map((file) => file.filename).sort()).toEqual([
      'cedula-ana.jpg',
      `solicitud-${cash.numero_solicitud}.pdf`,
      'zelle.png',
    ]);
    const summary = pdfText(cashAttachments.find((file) => file.filename?.startsWith('solicitud-'))!.content);
    expect(summary).toContain('SOLICITUD');
    expect(summary).toContain(`N.º ${cash.numero_solicitud}`);
    expect(summary).toMatch(/Total\s+\$ 720,00/);

    const [wake] = await t.db.select().from(planesFunerarios).limit(1);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/solicitudes',
      headers: bearer(sellerA.token),
      payload: [
        {
          cliente_id: client.id,
          tipo_servicio: 'Servicio Funerario',
          plan_funerario_id: wake!.id,
          difuntos: [{ nombre_difunto: 'José <b>Gómez</b>', causa_defuncion: 'Causas naturales' }],
        },
      ],
    });
    const funeral = expectStatus(created, 200).json<{ items: { id: number }[] }>().items[0]!;
    expectStatus(
      await reportPayment(t.app, sellerA.token, { solicitud_id: funeral.id, metodoPago: 'USD' }, [
        { field: 'comprobante_usd', filename: 'funeral.png', content: imageBytes('png'), type: 'image/png' },
      ]),
      200,
    );
    expectStatus(await send(sellerA.token, { solicitud_id: funeral.id }), 200);
    const html = htmlOf(smtp.received.at(-1)!.message);
    expect(html).toContain('Difuntos');
    expect(html).toContain('José &lt;b&gt;Gómez&lt;/b&gt;');
    expect(html).toContain('Causas naturales');
  });

  it("refuses another seller's request with 403; the seller's supervisor and administrators may send it", async () => {
    const client = await clientWithDocument(t.app, sellerA.token);
    const [first, second] = [await cashRequest(client), await cashRequest(client)];
    const inbox = smtp.received.length;

    const stranger = await send(sellerB.token, { solicitud_id: first.id });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ detail: CONTRACT_MESSAGES.vendedorAjeno });
    expect(smtp.received).toHaveLength(inbox);
    expect(await emailSent(first.id)).toBe(false);

    expectStatus(await send(supervisor.token, { solicitud_id: first.id }), 200);
    expect(smtp.received.at(-1)!.to).toEqual([MAIL_ADMIN, sellerA.email].sort());
    expectStatus(await send(admin, { solicitud_id: second.id }), 200);
  });

  it('answers 401 without a token, 403 to an assistant, 400 without a request and 404 for an unknown one', async () => {
    expect((await send(undefined, { solicitud_id: 1 })).statusCode).toBe(401);
    expect((await send(asistente.token, { solicitud_id: 1 })).statusCode).toBe(403);
    const empty = await send(sellerA.token, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: PAYMENT_MESSAGES.faltanDatosCorreo });
    expect((await send(sellerA.token, { solicitud_id: 999_999 })).statusCode).toBe(404);
  });

  it('when the SMTP server refuses the message: 503 "Error al enviar correo.", left unsent (audited), a retry succeeds', async () => {
    const client = await clientWithDocument(t.app, sellerA.token);
    const request = await cashRequest(client);
    const auditBefore = await lastAuditId(t.db);
    smtp.refuseNext();

    const refused = await send(sellerA.token, { solicitud_id: request.id });

    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ detail: PAYMENT_MESSAGES.errorCorreo });
    expect(await emailSent(request.id)).toBe(false);
    expect((await auditSince(t.db, auditBefore)).map((entry) => entry.accion)).toEqual([
      'enviar_correo',
      'enviar_correo_fallido',
    ]);

    expectStatus(await send(sellerA.token, { solicitud_id: request.id }), 200);
    expect(await emailSent(request.id)).toBe(true);
  });
});

describe('POST /api/enviar_correo without SMTP_URL', () => {
  let offline: TestApp;
  beforeAll(async () => {
    offline = await createTestApp({ env: { MAIL_ADMIN } });
  });
  afterAll(() => offline?.close());

  it('writes the message as an .eml file under DATA_DIR/outbox', async () => {
    const boss = await adminToken(offline.app);
    const seller = await userWithRole(offline.app, boss, 'vendedor');
    const plan = (await seedPlans(offline.db))('Cremación Básica');
    const client = await clientWithDocument(offline.app, seller.token, HOSTILE_NAME);
    const request = await postRequest(offline.app, seller.token, client.id, { plan });
    expectStatus(
      await reportPayment(offline.app, seller.token, { solicitud_id: request.id, metodoPago: 'USD' }, [
        { field: 'comprobante_usd', filename: 'zelle.png', content: imageBytes('png'), type: 'image/png' },
      ]),
      200,
    );
    const inbox = smtp.received.length;

    const response = await send(seller.token, { solicitud_id: request.id }, offline.app);

    expect(response.statusCode, response.body).toBe(200);
    expect(smtp.received).toHaveLength(inbox);
    const outbox = path.join(offline.config.dataDir, 'outbox');
    const files = filesUnder(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const message = parseMime(readFileSync(path.join(outbox, files[0]!)));
    expect(message.headers.get('to')).toContain(MAIL_ADMIN);
    expect(message.headers.get('cc')).toContain(seller.email);
    expect(
      attachmentsOf(message)
        .map((file) => file.filename)
        .sort(),
    ).toEqual(['cedula-ana.jpg', `solicitud-${request.numero_solicitud}.pdf`, 'zelle.png']);
    expect(htmlOf(message)).toContain('Ana &lt;script&gt;');
    const [row] = await offline.db.select().from(solicitudes).where(eq(solicitudes.id, request.id));
    expect(row!.emailEnviado).toBe(true);
  });
});
