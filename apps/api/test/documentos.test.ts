import path from 'node:path';
import { rmSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARE_MESSAGES, CLIENT_MESSAGES, type Client } from '@camposanto/domain';
import { archivos, clientes, familiares } from '../src/db/schema';
import { bearer, unique, userWithRole, type TestUser } from './helpers/auth';
import { auditSince, lastAuditId } from './helpers/fixtures';
import { filesUnder, imageBytes, multipartBody, type FilePart } from './helpers/multipart';
import {
  convert,
  createClientVia,
  expectConverted,
  postRequest,
  seedPlans,
  type PlanRow,
} from './helpers/sales-fixtures';
import { salesTeam } from './helpers/sales-team';
import { createTestApp, type TestApp } from './helpers/test-app';

// Identity documents of clients and of pre-need relatives (SPEC §2 'Subir documento', 'Subir documento
// familiar', §5 Document search, §7 upload and download routes; DESIGN §5 personal documents are served only
// through authorised routes, uploads are checked by content and leave no file when refused, every change is
// audited).

let t: TestApp;
let admin: string;
let supervisor: TestUser; // leads `vendedor`
let otroSupervisor: TestUser; // leads nobody
let vendedor: TestUser;
let otroVendedor: TestUser;
let asistente: TestUser;
let planOf: (descripcion: string) => PlanRow;

beforeAll(async () => {
  t = await createTestApp();
  planOf = await seedPlans(t.db);
  ({ admin, supervisor, seller: vendedor, otherSeller: otroVendedor, asistente } = await salesTeam(t.app));
  otroSupervisor = await userWithRole(t.app, admin, 'supervisor');
});
afterAll(() => t.close());

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const documentsDir = () => path.join(uploadsDir(), 'documentos');

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

const pdfPart = (filename = 'cedula.pdf'): FilePart => ({
  field: 'documento_identidad',
  filename,
  content: PDF,
  type: 'application/pdf',
});
const pngPart = (filename = 'cedula.png'): FilePart => ({
  field: 'documento_identidad',
  filename,
  content: imageBytes('png', 1024),
  type: 'image/png',
});
// A text file renamed .pdf and sent as a PDF: the server decides by the content.
const fakePdfPart = (): FilePart => ({
  field: 'documento_identidad',
  filename: 'cedula.pdf',
  content: 'Esto no es un PDF, es un archivo de texto.\n',
  type: 'application/pdf',
});

async function uploadClientDocument(
  token: string,
  cedula: string,
  file: FilePart | undefined,
  nombreDocumento = 'Cédula de identidad',
) {
  const { payload, headers } = await multipartBody([
    ...(file ? [file] : []),
    { field: 'nombre_documento', value: nombreDocumento },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/clientes/${encodeURIComponent(cedula)}/upload-documento/`,
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}

const getClientDocument = (token: string | undefined, cedula: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/clientes/${encodeURIComponent(cedula)}/documento`,
    headers: token ? bearer(token) : {},
  });

async function uploadRelativeDocument(token: string, relativeId: number, file: FilePart | undefined) {
  const { payload, headers } = await multipartBody([
    ...(file ? [file] : []),
    { field: 'nombre_documento', value: 'Partida de nacimiento' },
  ]);
  return t.app.inject({
    method: 'PATCH',
    url: `/api/v1/previsivos/familiares/${relativeId}/documento`,
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}

const getRelativeDocument = (token: string, relativeId: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/previsivos/familiares/${relativeId}/documento`,
    headers: bearer(token),
  });

function expectStatus(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

async function clientRow(id: number) {
  const [row] = await t.db.select().from(clientes).where(eq(clientes.id, id));
  return row!;
}

async function storedPathOf(fileId: string | null) {
  const [row] = await t.db.select().from(archivos).where(eq(archivos.id, fileId!));
  return row!.rutaAlmacenada;
}

/** Files a test removed from disk on purpose (their rows stay): left out of the orphan check. */
const removedOnPurpose = new Set<string>();

/** Every identity-document row must have its file on disk, and every file on disk its row: no orphans. */
async function expectNoOrphans() {
  const rows = await t.db
    .select({ ruta: archivos.rutaAlmacenada })
    .from(archivos)
    .where(inArray(archivos.categoria, ['documento_identidad']));
  const onDisk = filesUnder(documentsDir()).map((name) => `documentos/${name}`);
  const expected = rows.map((row) => row.ruta).filter((ruta) => !removedOnPurpose.has(ruta));
  expect(onDisk).toEqual(expected.sort());
}

describe('client identity document (POST /api/clientes/{cedula}/upload-documento/)', () => {
  it('stores an identity PDF of the seller’s client, serves it back to the seller and audits the upload', async () => {
    const client = await createClientVia(t.app, vendedor.token);
    const since = await lastAuditId(t.db);
    const before = filesUnder(documentsDir());

    const response = await uploadClientDocument(vendedor.token, client.cedula, pdfPart());

    expectStatus(response, 200);
    expect(response.json()).toMatchObject({
      id: client.id,
      mensaje: CARE_MESSAGES.documentoSubido,
      nombre_documento: 'Cédula de identidad',
      tiene_documento: true,
    });
    const row = await clientRow(client.id);
    const stored = await storedPathOf(row.documentoId);
    expect(stored).toMatch(/^documentos\/[0-9a-f-]{36}\.pdf$/);
    expect(filesUnder(documentsDir()).filter((name) => !before.includes(name))).toEqual([
      stored.replace('documentos/', ''),
    ]);

    const download = await getClientDocument(vendedor.token, client.cedula);
    expectStatus(download, 200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toContain('no-store');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/v1/clientes/${encodeURIComponent(client.cedula)}`,
      headers: bearer(vendedor.token),
    });
    expect(lookup.json<Client>()).toMatchObject({
      nombre_documento: 'Cédula de identidad',
      tiene_documento: true,
    });

    const audits = await auditSince(t.db, since);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      usuarioId: vendedor.id,
      rol: 'vendedor',
      accion: 'subir_documento_cliente',
      entidad: 'cliente',
      entidadId: String(client.id),
    });
    expect(audits[0]!.descripcion).toContain(client.cedula);
  });

  it('answers 404 with the Spanish text when the client has no document yet', async () => {
    const client = await createClientVia(t.app, vendedor.token);
    const response = await getClientDocument(vendedor.token, client.cedula);
    expectStatus(response, 404);
    expect(response.json()).toEqual({ detail: CARE_MESSAGES.sinDocumento });
  });

  it('replacing a document removes the old file: one file on disk for the client, no orphan', async () => {
    const client = await createClientVia(t.app, vendedor.token);
    expectStatus(await uploadClientDocument(vendedor.token, client.cedula, pdfPart()), 200);
    const first = await storedPathOf((await clientRow(client.id)).documentoId);
    const before = filesUnder(documentsDir());
    const since = await lastAuditId(t.db);

    const replaced = await uploadClientDocument(vendedor.token, client.cedula, pngPart(), 'Cédula nueva');

    expectStatus(replaced, 200);
    const second = await storedPathOf((await clientRow(client.id)).documentoId);
    expect(second).not.toBe(first);
    const after = filesUnder(documentsDir());
    expect(after).toHaveLength(before.length);
    expect(after).not.toContain(first.replace('documentos/', ''));
    expect(after).toContain(second.replace('documentos/', ''));
    const [oldRow] = await t.db.select().from(archivos).where(eq(archivos.rutaAlmacenada, first));
    expect(oldRow).toBeUndefined();
    const download = await getClientDocument(vendedor.token, client.cedula);
    expect(download.headers['content-type']).toBe('image/png');
    const [entry] = await auditSince(t.db, since);
    expect(entry!.descripcion).toContain('reemplazado');
    await expectNoOrphans();
  });

  it('two replacements at the same time leave exactly one file for the client, no orphan', async () => {
    const client = await createClientVia(t.app, vendedor.token);
    expectStatus(await uploadClientDocument(vendedor.token, client.cedula, pdfPart()), 200);
    const before = filesUnder(documentsDir()).length;

    const responses = await Promise.all([
      uploadClientDocument(vendedor.token, client.cedula, pngPart('a.png')),
      uploadClientDocument(vendedor.token, client.cedula, pdfPart('b.pdf')),
    ]);

    for (const response of responses) expectStatus(response, 200);
    expect(filesUnder(documentsDir())).toHaveLength(before);
    await expectNoOrphans();
  });

  it('refuses a text file renamed .pdf with 415, leaving no file, no change and no audit', async () => {
    const client = await createClientVia(t.app, vendedor.token);
    const before = filesUnder(uploadsDir());
    const since = await lastAuditId(t.db);

    const response = await uploadClientDocument(vendedor.token, client.cedula, fakePdfPart());

    expectStatus(response, 415);
    expect(response.json()).toEqual({ detail: CARE_MESSAGES.documentoTipo });
    expect(filesUnder(uploadsDir())).toEqual(before);
    expect(await clientRow(client.id)).toMatchObject({ documentoId: null, nombreDocumento: null });
    expect(await auditSince(t.db, since)).toEqual([]);
  });

  it('asks for a client and a document when the file is missing (400)', async () => {
    const client = await createClientVia(t.app, vendedor.token);
    const response = await uploadClientDocument(vendedor.token, client.cedula, undefined);
    expectStatus(response, 400);
    expect(response.json()).toEqual({ detail: CARE_MESSAGES.clienteYDocumento });
  });

  it('answers 404 for an unknown cédula, and nothing is written', async () => {
    const before = filesUnder(uploadsDir());
    const response = await uploadClientDocument(vendedor.token, `V-${90000000 + unique()}`, pdfPart());
    expectStatus(response, 404);
    expect(filesUnder(uploadsDir())).toEqual(before);
  });

  it('keeps another seller’s client out of reach: 403 on the lookup, the download and the upload', async () => {
    const theirs = await createClientVia(t.app, otroVendedor.token);
    expectStatus(await uploadClientDocument(otroVendedor.token, theirs.cedula, pdfPart()), 200);
    const row = await clientRow(theirs.id);
    const before = filesUnder(uploadsDir());
    const since = await lastAuditId(t.db);

    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/v1/clientes/${encodeURIComponent(theirs.cedula)}`,
      headers: bearer(vendedor.token),
    });
    expectStatus(lookup, 403);
    expect(lookup.json()).toEqual({ detail: CLIENT_MESSAGES.deOtroVendedor });

    const download = await getClientDocument(vendedor.token, theirs.cedula);
    expectStatus(download, 403);
    expect(download.rawPayload.includes(PDF)).toBe(false);

    const upload = await uploadClientDocument(vendedor.token, theirs.cedula, pngPart());
    expectStatus(upload, 403);
    expect(filesUnder(uploadsDir())).toEqual(before);
    expect((await clientRow(theirs.id)).documentoId).toBe(row.documentoId);
    expect(await auditSince(t.db, since)).toEqual([]);

    // A supervisor who does not lead that seller is refused as well.
    expectStatus(await getClientDocument(otroSupervisor.token, theirs.cedula), 403);
  });

  it('never serves a stored document as a public file, whatever its guessed address', async () => {
    const client = await createClientVia(t.app, vendedor.token);
    expectStatus(await uploadClientDocument(vendedor.token, client.cedula, pdfPart()), 200);
    const stored = await storedPathOf((await clientRow(client.id)).documentoId);
    const name = path.posix.basename(stored);

    for (const token of [undefined, otroVendedor.token, vendedor.token, admin]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/uploads/documentos/${name}`,
        headers: token ? bearer(token) : {},
      });
      expect([401, 404], `${response.statusCode} ${response.body}`).toContain(response.statusCode);
      expect(response.rawPayload.includes(PDF)).toBe(false);
    }
    const guesses = [
      `/uploads/${stored}`,
      `/uploads/mapas/..%2F${stored.replace('/', '%2F')}`,
      `/uploads/mapas/../${stored}`,
      `/api/uploads/${stored}`,
      `/${stored}`,
      `/data/uploads/${stored}`,
    ];
    for (const url of guesses) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(otroVendedor.token) });
      expect(response.statusCode, url).not.toBe(500);
      expect(response.rawPayload.includes(PDF), url).toBe(false);
    }
  });

  it('lets a supervisor reach the documents of their sellers’ clients, and an administrator all of them', async () => {
    const client = await createClientVia(t.app, vendedor.token);

    const bySupervisor = await uploadClientDocument(supervisor.token, client.cedula, pdfPart());
    expectStatus(bySupervisor, 200);
    expectStatus(await getClientDocument(supervisor.token, client.cedula), 200);
    expectStatus(await getClientDocument(admin, client.cedula), 200);
    const [entry] = await t.db
      .select()
      .from(archivos)
      .where(eq(archivos.id, (await clientRow(client.id)).documentoId!));
    expect(entry!.subidoPor).toBe(supervisor.id);
  });

  it('refuses roles outside sales (403) and callers without a session (401)', async () => {
    const client = await createClientVia(t.app, vendedor.token);
    expectStatus(await uploadClientDocument(vendedor.token, client.cedula, pdfPart()), 200);
    expectStatus(await getClientDocument(asistente.token, client.cedula), 403);
    expectStatus(await getClientDocument(undefined, client.cedula), 401);
    const before = filesUnder(uploadsDir());
    expectStatus(await uploadClientDocument(asistente.token, client.cedula, pdfPart()), 403);
    expect(filesUnder(uploadsDir())).toEqual(before);
  });

  it('answers 404, not a broken answer, when the stored file is gone from disk', async () => {
    const client = await createClientVia(t.app, vendedor.token);
    expectStatus(await uploadClientDocument(vendedor.token, client.cedula, pdfPart()), 200);
    const stored = await storedPathOf((await clientRow(client.id)).documentoId);
    rmSync(path.join(uploadsDir(), stored));
    removedOnPurpose.add(stored);

    const response = await getClientDocument(vendedor.token, client.cedula);

    expectStatus(response, 404);
    expect(response.json()).toEqual({ detail: CARE_MESSAGES.sinDocumento });
  });
});

describe('pre-need relatives’ documents (SPEC §2 Subir documento familiar)', () => {
  type Relative = { id: number; nombre: string; parentesco: string; tiene_documento: boolean };

  /** A pre-need request of the seller's client with two relatives, converted to a contract. */
  async function previsivoContract(seller: TestUser) {
    const client = await createClientVia(t.app, seller.token);
    const plan = planOf('Previsivo Cremación');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/previsivos',
      headers: bearer(seller.token),
      payload: [
        {
          cliente_id: client.id,
          plan_id: plan.id,
          cuotas: 2,
          metodoPago: 'USD',
          familiares: [
            {
              nombre: 'Lucía Pérez',
              cedula: `V-${60000000 + unique()}`,
              fecha_nacimiento: '2005-04-02',
              parentesco: 2,
            },
            { nombre: 'Rosa Pérez', fecha_nacimiento: '1950-09-11', parentesco: 1 },
          ],
        },
      ],
    });
    expectStatus(created, 200);
    const id = created.json<{ items: { id: number }[] }>().items[0]!.id;
    expectConverted(await convert(t.app, admin, id));
    return id;
  }

  const listRelatives = (token: string, contractId: number) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/previsivos/familiares?contrato_id=${contractId}`,
      headers: bearer(token),
    });

  let contractId: number;
  let relatives: Relative[];
  beforeAll(async () => {
    contractId = await previsivoContract(vendedor);
    relatives = (await listRelatives(vendedor.token, contractId)).json<Relative[]>();
  });

  it('lists the seller’s pre-need contracts and each one’s relatives with their relationship', async () => {
    const contracts = await t.app.inject({
      method: 'GET',
      url: '/api/v1/previsivos/tipo_servicio=previsivo',
      headers: bearer(vendedor.token),
    });
    expectStatus(contracts, 200);
    expect(contracts.json<{ id: number }[]>().map((row) => row.id)).toContain(contractId);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/v1/previsivos/tipo_servicio=previsivo',
      headers: bearer(otroVendedor.token),
    });
    expect(theirs.json<{ id: number }[]>().map((row) => row.id)).not.toContain(contractId);

    expect(relatives).toMatchObject([
      { nombre: 'Lucía Pérez', parentesco: 'Hijo(a)', nombre_documento: null, tiene_documento: false },
      { nombre: 'Rosa Pérez', parentesco: 'Padre/Madre', cedula: null, tiene_documento: false },
    ]);
  });

  it('uploads a relative’s identity PDF, serves it back, replaces it without an orphan and audits both', async () => {
    const relative = relatives[0]!;
    const since = await lastAuditId(t.db);
    const before = filesUnder(documentsDir());

    const uploaded = await uploadRelativeDocument(vendedor.token, relative.id, pdfPart());
    expectStatus(uploaded, 200);
    expect(uploaded.json()).toMatchObject({
      id: relative.id,
      nombre_documento: 'Partida de nacimiento',
      tiene_documento: true,
    });
    const download = await getRelativeDocument(vendedor.token, relative.id);
    expectStatus(download, 200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(filesUnder(documentsDir())).toHaveLength(before.length + 1);

    expectStatus(await uploadRelativeDocument(vendedor.token, relative.id, pngPart()), 200);
    expect(filesUnder(documentsDir())).toHaveLength(before.length + 1);
    expect((await getRelativeDocument(vendedor.token, relative.id)).headers['content-type']).toBe(
      'image/png',
    );
    await expectNoOrphans();

    const audits = await auditSince(t.db, since);
    expect(audits.map((entry) => entry.accion)).toEqual([
      'subir_documento_familiar',
      'subir_documento_familiar',
    ]);
    expect(audits[0]).toMatchObject({
      usuarioId: vendedor.id,
      entidad: 'familiar',
      entidadId: String(relative.id),
    });
    expect(audits[1]!.descripcion).toContain('reemplazado');
    const [row] = await t.db.select().from(familiares).where(eq(familiares.id, relative.id));
    expect(row!.documentoId).not.toBeNull();
  });

  it('keeps another seller out: 403 on the relatives, the upload and the download; nothing written', async () => {
    const relative = relatives[1]!;
    const before = filesUnder(uploadsDir());
    const since = await lastAuditId(t.db);

    expectStatus(await listRelatives(otroVendedor.token, contractId), 403);
    expectStatus(await uploadRelativeDocument(otroVendedor.token, relative.id, pdfPart()), 403);
    expectStatus(await getRelativeDocument(otroVendedor.token, relatives[0]!.id), 403);
    expectStatus(await getRelativeDocument(otroSupervisor.token, relatives[0]!.id), 403);

    expect(filesUnder(uploadsDir())).toEqual(before);
    expect(await auditSince(t.db, since)).toEqual([]);
  });

  it('lets the seller’s supervisor list, upload and download the relatives’ documents', async () => {
    const relative = relatives[1]!;
    expectStatus(await listRelatives(supervisor.token, contractId), 200);
    expectStatus(await uploadRelativeDocument(supervisor.token, relative.id, pdfPart()), 200);
    expectStatus(await getRelativeDocument(supervisor.token, relative.id), 200);
    expectStatus(await getRelativeDocument(vendedor.token, relative.id), 200);
  });

  it('refuses a text file renamed .pdf with 415 and leaves no file', async () => {
    const before = filesUnder(uploadsDir());
    const since = await lastAuditId(t.db);
    const response = await uploadRelativeDocument(vendedor.token, relatives[0]!.id, fakePdfPart());
    expectStatus(response, 415);
    expect(response.json()).toEqual({ detail: CARE_MESSAGES.documentoTipo });
    expect(filesUnder(uploadsDir())).toEqual(before);
    expect(await auditSince(t.db, since)).toEqual([]);
  });

  it('answers 404 for an unknown relative and 400 for relatives of a contract that is not pre-need', async () => {
    const unknown = await uploadRelativeDocument(vendedor.token, 999_999, pdfPart());
    expectStatus(unknown, 404);
    expect(unknown.json()).toEqual({ detail: CARE_MESSAGES.familiarNoEncontrado });

    const client = await createClientVia(t.app, vendedor.token);
    const cremation = await postRequest(t.app, vendedor.token, client.id, {
      plan: planOf('Cremación Básica'),
    });
    const response = await listRelatives(vendedor.token, cremation.id);
    expectStatus(response, 400);
    expect(response.json()).toEqual({ detail: CARE_MESSAGES.noPrevisivo });
  });

  it('answers 404 when a relative has no document yet', async () => {
    const id = await previsivoContract(vendedor);
    const [first] = (await listRelatives(vendedor.token, id)).json<Relative[]>();
    const response = await getRelativeDocument(vendedor.token, first!.id);
    expectStatus(response, 404);
    expect(response.json()).toEqual({ detail: CARE_MESSAGES.sinDocumento });
  });
});
