import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageOn, CARE_MESSAGES, MSG } from '@camposanto/domain';
import { autorizados } from '../src/db/schema';
import { bearer, unique, type TestUser } from './helpers/auth';
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

// Authorised persons of a contract (SPEC §2 Autorizados, §3 Authorised person, §5 Authorised persons, §7
// GET/POST /api/v1/autorizados, §9 at most 2): the limit holds under concurrent posts, bad input changes
// nothing, another seller's contract is out of reach, every registration is audited.

let t: TestApp;
let admin: string;
let supervisor: TestUser; // leads `vendedor`
let vendedor: TestUser;
let otroVendedor: TestUser;
let asistente: TestUser;
let cremacion: PlanRow;

beforeAll(async () => {
  t = await createTestApp();
  const planOf = await seedPlans(t.db);
  cremacion = planOf('Cremación Básica');
  ({ admin, supervisor, seller: vendedor, otherSeller: otroVendedor, asistente } = await salesTeam(t.app));
});
afterAll(() => t.close());

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');

/** A contract of the seller's client: a cremation request converted by the administrator. */
async function contractOf(seller: TestUser): Promise<number> {
  const client = await createClientVia(t.app, seller.token);
  const request = await postRequest(t.app, seller.token, client.id, { plan: cremacion });
  expectConverted(await convert(t.app, admin, request.id));
  return request.id;
}

type Person = Record<string, string>;

function person(overrides: Person = {}): Person {
  const n = unique();
  return {
    nombre: `Autorizado ${n}`,
    cedula: `V-${70000000 + n}`,
    direccion: 'Av. Andrés Bello, Caracas',
    fecha_nacimiento: '1980-05-17',
    edad: '45',
    telefono: '2125550000',
    celular: '04145550000',
    email: `autorizado${n}@correo.com`,
    ...overrides,
  };
}

const identityImage = (index: number): FilePart => ({
  field: `documento_identidad_${index}`,
  filename: `cedula-${index}.png`,
  content: imageBytes('png', 512),
  type: 'image/png',
});

async function postAuthorized(
  token: string,
  contratoId: number | string,
  persons: Person[] | string,
  files: FilePart[] = [],
) {
  const { payload, headers } = await multipartBody([
    { field: 'contrato_id', value: String(contratoId) },
    { field: 'autorizados_str', value: typeof persons === 'string' ? persons : JSON.stringify(persons) },
    ...files,
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/autorizados',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}

const listAuthorized = (token: string, contratoId: number) =>
  t.app.inject({ method: 'GET', url: `/api/v1/autorizados/${contratoId}`, headers: bearer(token) });

async function storedCount(contratoId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(autorizados)
    .where(eq(autorizados.solicitudId, contratoId));
  return row?.n ?? 0;
}

function expectStatus(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}

/** The state a refused post must leave unchanged: the contract's persons, the files and the audit log. */
async function stateOf(contratoId: number) {
  return {
    persons: await storedCount(contratoId),
    files: filesUnder(uploadsDir()),
    audits: (await auditSince(t.db, 0)).length,
  };
}

type Msgs = { detail: { msg: string; loc: (string | number)[] }[] };
const messagesOf = (response: LightMyRequestResponse) =>
  response.json<Msgs>().detail.map((issue) => issue.msg);

describe('registering authorised persons (POST /api/v1/autorizados)', () => {
  it('registers a person with an identity image, lists it with its age and serves the image; audited', async () => {
    const contratoId = await contractOf(vendedor);
    const since = await lastAuditId(t.db);
    const sent = person({ nombre: 'María Fernanda Rojas' });

    const response = await postAuthorized(vendedor.token, contratoId, [sent], [identityImage(0)]);

    expectStatus(response, 200);
    const body = response.json<{ mensaje: string; autorizados: { id: number }[] }>();
    expect(body.mensaje).toBe(CARE_MESSAGES.autorizadosRegistrados);
    expect(body.autorizados).toMatchObject([
      {
        nombre: 'María Fernanda Rojas',
        cedula: sent.cedula,
        fecha_nacimiento: '1980-05-17',
        edad: ageOn('1980-05-17'),
        telefono: '2125550000',
        celular: '04145550000',
        email: sent.email,
        nombre_documento: 'cedula-0.png',
        tiene_documento: true,
      },
    ]);
    const listed = await listAuthorized(vendedor.token, contratoId);
    expectStatus(listed, 200);
    expect(listed.json()).toEqual(body.autorizados);

    const document = await t.app.inject({
      method: 'GET',
      url: `/api/v1/autorizados/persona/${body.autorizados[0]!.id}/documento`,
      headers: bearer(vendedor.token),
    });
    expectStatus(document, 200);
    expect(document.headers['content-type']).toBe('image/png');

    const audits = await auditSince(t.db, since);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      usuarioId: vendedor.id,
      accion: 'registrar_autorizados',
      entidad: 'solicitud',
      entidadId: String(contratoId),
    });
    expect(audits[0]!.descripcion).toContain(sent.cedula);
  });

  it('refuses a third person with 409 and the Spanish text, leaving the two and no new file', async () => {
    const contratoId = await contractOf(vendedor);
    expectStatus(await postAuthorized(vendedor.token, contratoId, [person(), person()]), 200);
    const before = await stateOf(contratoId);

    const response = await postAuthorized(vendedor.token, contratoId, [person()], [identityImage(0)]);

    expectStatus(response, 409);
    expect(response.json()).toEqual({
      detail: 'No se pueden registrar más de 2 personas autorizadas por contrato.',
    });
    expect(await stateOf(contratoId)).toEqual(before);
  });

  it('refuses two persons when one place is left (409), and three in one post', async () => {
    const contratoId = await contractOf(vendedor);
    expectStatus(await postAuthorized(vendedor.token, contratoId, [person()]), 200);
    const before = await stateOf(contratoId);

    const two = await postAuthorized(vendedor.token, contratoId, [person(), person()]);
    expectStatus(two, 409);
    expect(two.json()).toEqual({ detail: CARE_MESSAGES.maximoAutorizados });

    const three = await postAuthorized(vendedor.token, await contractOf(vendedor), [
      person(),
      person(),
      person(),
    ]);
    expect([409, 422]).toContain(three.statusCode);
    expect(three.body).toContain(CARE_MESSAGES.maximoAutorizados);
    expect(await stateOf(contratoId)).toMatchObject({ persons: before.persons });
  });

  it('of two posts of one person racing for the last place, exactly one is registered', async () => {
    const contratoId = await contractOf(vendedor);
    expectStatus(await postAuthorized(vendedor.token, contratoId, [person()]), 200);
    const filesBefore = filesUnder(uploadsDir()).length;

    const responses = await Promise.all([
      postAuthorized(vendedor.token, contratoId, [person()], [identityImage(0)]),
      postAuthorized(vendedor.token, contratoId, [person()], [identityImage(0)]),
    ]);

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const refused = responses.find((response) => response.statusCode === 409)!;
    expect(refused.json()).toEqual({ detail: CARE_MESSAGES.maximoAutorizados });
    expect(await storedCount(contratoId)).toBe(2);
    // The refused post's image is removed: only the registered one's file is left.
    expect(filesUnder(uploadsDir())).toHaveLength(filesBefore + 1);
  });

  it('of two posts of two persons racing for an empty contract, exactly one is registered', async () => {
    const contratoId = await contractOf(vendedor);

    const responses = await Promise.all([
      postAuthorized(vendedor.token, contratoId, [person(), person()]),
      postAuthorized(supervisor.token, contratoId, [person(), person()]),
    ]);

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await storedCount(contratoId)).toBe(2);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/autorizados/contratos?page=1&per_page=25',
      headers: bearer(vendedor.token),
    });
    const row = listed
      .json<{ items: { id: number; total_autorizados: number }[] }>()
      .items.find((item) => item.id === contratoId);
    expect(row?.total_autorizados).toBe(2);
  });

  it.each([
    ['a day that does not exist', '1990-02-30'],
    ['a day-first date', '17/05/1980'],
    ['a date in the future', '2999-01-01'],
    ['a text', 'ayer'],
  ])('refuses %s as birth date with 422 and “Ingresa una fecha válida (YYYY-MM-DD)”', async (_name, date) => {
    const contratoId = await contractOf(vendedor);
    const before = await stateOf(contratoId);

    const response = await postAuthorized(
      vendedor.token,
      contratoId,
      [person({ fecha_nacimiento: date })],
      [identityImage(0)],
    );

    expectStatus(response, 422);
    expect(messagesOf(response)).toContain('Ingresa una fecha válida (YYYY-MM-DD)');
    expect(await stateOf(contratoId)).toEqual(before);
  });

  it('refuses a name without a cédula, and a cédula without a name (422), registering neither person', async () => {
    const contratoId = await contractOf(vendedor);
    const before = await stateOf(contratoId);

    for (const incomplete of [person({ cedula: '' }), person({ nombre: '' })]) {
      const response = await postAuthorized(vendedor.token, contratoId, [person(), incomplete]);
      expectStatus(response, 422);
      expect(messagesOf(response)).toContain(CARE_MESSAGES.nombreYCedula);
    }
    expect(await stateOf(contratoId)).toEqual(before);
  });

  it('skips the form’s unused second slot (name and cédula both empty)', async () => {
    const contratoId = await contractOf(vendedor);
    const empty = { nombre: '', cedula: '', direccion: '', fecha_nacimiento: '', telefono: '', email: '' };

    const response = await postAuthorized(vendedor.token, contratoId, [person(), empty]);

    expectStatus(response, 200);
    expect(await storedCount(contratoId)).toBe(1);
  });

  it.each([
    ['a phone of 11 digits', { telefono: '21255500001' }, 'El teléfono debe tener como máximo 10 dígitos.'],
    ['a mobile of 12 digits', { celular: '041455500001' }, 'El celular debe tener como máximo 11 dígitos.'],
    ['an e-mail without domain', { email: 'autorizado@correo' }, MSG.emailInvalido],
    ['a missing address', { direccion: '' }, MSG.campoRequerido],
    ['a missing birth date', { fecha_nacimiento: '' }, MSG.campoRequerido],
  ])('refuses %s with 422 and its Spanish text', async (_name, overrides, message) => {
    const contratoId = await contractOf(vendedor);
    const response = await postAuthorized(vendedor.token, contratoId, [person(overrides)]);
    expectStatus(response, 422);
    expect(messagesOf(response)).toContain(message);
    expect(await storedCount(contratoId)).toBe(0);
  });

  it('refuses a list that is not JSON (400) and an empty list (400)', async () => {
    const contratoId = await contractOf(vendedor);
    const notJson = await postAuthorized(vendedor.token, contratoId, '[{nombre:');
    expectStatus(notJson, 400);
    expect(notJson.json()).toEqual({ detail: CARE_MESSAGES.autorizadosInvalidos });
    const none = await postAuthorized(vendedor.token, contratoId, []);
    expectStatus(none, 400);
    expect(none.json()).toEqual({ detail: CARE_MESSAGES.sinPersonas });
  });

  it('refuses an identity document that is not an image (415), leaving no file and no person', async () => {
    const contratoId = await contractOf(vendedor);
    const before = await stateOf(contratoId);
    const response = await postAuthorized(
      vendedor.token,
      contratoId,
      [person()],
      [{ field: 'documento_identidad_0', filename: 'cedula.png', content: 'texto', type: 'image/png' }],
    );
    expectStatus(response, 415);
    expect(await stateOf(contratoId)).toEqual(before);
  });

  it('answers 404 for a request that is not yet a contract', async () => {
    const client = await createClientVia(t.app, vendedor.token);
    const request = await postRequest(t.app, vendedor.token, client.id, { plan: cremacion });
    const response = await postAuthorized(vendedor.token, request.id, [person()]);
    expectStatus(response, 404);
    expect(response.json()).toEqual({ detail: CARE_MESSAGES.contratoNoEncontrado });
    expect(await storedCount(request.id)).toBe(0);
  });
});

describe('who reaches a contract’s authorised persons', () => {
  let contratoId: number;
  let personId: number;
  beforeAll(async () => {
    contratoId = await contractOf(vendedor);
    const response = await postAuthorized(vendedor.token, contratoId, [person()], [identityImage(0)]);
    personId = response.json<{ autorizados: { id: number }[] }>().autorizados[0]!.id;
  });

  const documentOf = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/autorizados/persona/${personId}/documento`,
      headers: bearer(token),
    });

  it('keeps another seller out: 403 on the list, the registration and the document', async () => {
    const before = await stateOf(contratoId);
    expectStatus(await listAuthorized(otroVendedor.token, contratoId), 403);
    expectStatus(await postAuthorized(otroVendedor.token, contratoId, [person()], [identityImage(0)]), 403);
    expectStatus(await documentOf(otroVendedor.token), 403);
    expect(await stateOf(contratoId)).toEqual(before);

    const page = await t.app.inject({
      method: 'GET',
      url: '/api/v1/autorizados/contratos?page=1&per_page=25',
      headers: bearer(otroVendedor.token),
    });
    expect(page.json<{ items: { id: number }[] }>().items.map((item) => item.id)).not.toContain(contratoId);
  });

  it('lets the seller’s supervisor and the administrator list, register and read the document', async () => {
    expectStatus(await listAuthorized(supervisor.token, contratoId), 200);
    expectStatus(await documentOf(supervisor.token), 200);
    expectStatus(await documentOf(admin), 200);
    const since = await lastAuditId(t.db);
    expectStatus(await postAuthorized(supervisor.token, contratoId, [person()]), 200);
    const [entry] = await auditSince(t.db, since);
    expect(entry).toMatchObject({
      usuarioId: supervisor.id,
      rol: 'supervisor',
      accion: 'registrar_autorizados',
    });
  });

  it('refuses roles outside sales (403) and callers without a session (401)', async () => {
    expectStatus(await listAuthorized(asistente.token, contratoId), 403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/autorizados/${contratoId}` });
    expectStatus(anonymous, 401);
  });

  it('pages the contracts with each one’s persons and count (n/2)', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/v1/autorizados/contratos?page=1&per_page=5',
      headers: bearer(vendedor.token),
    });
    expectStatus(first, 200);
    const body = first.json<{
      items: { id: number; autorizados: unknown[]; total_autorizados: number }[];
      total: number;
      page: number;
      per_page: number;
    }>();
    expect(body).toMatchObject({ page: 1, per_page: 5 });
    expect(body.items.length).toBeLessThanOrEqual(5);
    expect(body.total).toBeGreaterThan(5);
    for (const item of body.items) expect(item.total_autorizados).toBe(item.autorizados.length);
    const last = await t.app.inject({
      method: 'GET',
      url: `/api/v1/autorizados/contratos?page=${Math.ceil(body.total / 5)}&per_page=5`,
      headers: bearer(vendedor.token),
    });
    expect(last.json<{ items: unknown[] }>().items.length).toBeGreaterThan(0);
  });
});
