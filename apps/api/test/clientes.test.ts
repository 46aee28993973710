import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, MSG, type Client } from '@camposanto/domain';
import { archivos, clientes } from '../src/db/schema';
import { bearer, unique, userWithRole, type TestUser } from './helpers/auth';
import { auditSince, countAudit, lastAuditId } from './helpers/fixtures';
import { filesUnder, imageBytes, multipartBody, type FilePart } from './helpers/multipart';
import { salesTeam } from './helpers/sales-team';
import { createTestApp, type TestApp } from './helpers/test-app';

// Clients (SPEC §3 Client, §5 client validation, §6 ownership, §7 GET/POST /api/v1/clientes and
// POST /api/clientes; DESIGN §5 uploads checked by content, bad input changes nothing).

let t: TestApp;
let admin: string;
let supervisor: TestUser;
let vendedor: TestUser; // supervised by `supervisor`
let otroVendedor: TestUser; // no supervisor
let asistente: TestUser;
let clienteRol: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, supervisor, seller: vendedor, otherSeller: otroVendedor, asistente } = await salesTeam(t.app));
  clienteRol = await userWithRole(t.app, admin, 'cliente');
});
afterAll(() => t.close());

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');

type Fields = Record<string, string | undefined>;

function clientFields(overrides: Fields = {}): Fields {
  const n = unique();
  return {
    nombre: `María Pérez ${n}`,
    cedula: `V-${40000000 + n}`,
    fecha_nacimiento: '1980-05-17',
    edad: '45',
    telefono: '2123456789',
    celular: '04141234567',
    email: `maria${n}@correo.com`,
    direccion: 'Calle 5, Caracas',
    ...overrides,
  };
}

const pngDocument = (filename = 'cedula.png'): FilePart => ({
  field: 'documento_identidad',
  filename,
  content: imageBytes('png', 2048),
  type: 'image/png',
});

async function postClient(
  token: string | undefined,
  fields: Fields,
  files: FilePart[] = [],
  url = '/api/v1/clientes/',
) {
  const textParts = Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([field, value]) => ({ field, value }));
  const { payload, headers } = await multipartBody([...textParts, ...files]);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
}

const getClient = (token: string | undefined, cedula: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/clientes/${encodeURIComponent(cedula)}`,
    headers: token ? bearer(token) : {},
  });

async function clientRow(cedula: string) {
  const [row] = await t.db.select().from(clientes).where(eq(clientes.cedula, cedula));
  return row;
}

const clientCount = async () => (await t.db.select({ n: count() }).from(clientes))[0]!.n;

/** Everything a refused client creation could leave behind. */
async function state() {
  return { clients: await clientCount(), files: filesUnder(uploadsDir()), audits: await countAudit(t.db) };
}

const messagesOf = (body: { detail: { msg: string }[] | string }) =>
  typeof body.detail === 'string' ? [body.detail] : body.detail.map((issue) => issue.msg);

/** The ISO date `years` years before today, moved by `dayShift` days. */
function birthDate(years: number, dayShift = 0): string {
  const today = new Date();
  const date = new Date(today.getFullYear() - years, today.getMonth(), today.getDate() + dayShift);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

describe('POST /api/v1/clientes/ (multipart)', () => {
  it('creates the client of the signed-in seller with its identity image stored under DATA_DIR/uploads', async () => {
    const fields = clientFields({ nombre_documento: 'Cédula de María' });
    const auditBefore = await lastAuditId(t.db);
    const filesBefore = filesUnder(uploadsDir());

    const response = await postClient(vendedor.token, fields, [pngDocument()]);

    expect(response.statusCode).toBe(200);
    const client = response.json<Client>();
    expect(client).toMatchObject({
      vendedor_id: vendedor.id,
      nombre: fields.nombre,
      cedula: fields.cedula,
      fecha_nacimiento: '1980-05-17',
      telefono: '2123456789',
      celular: '04141234567',
      email: fields.email,
      direccion: 'Calle 5, Caracas',
      nombre_documento: 'Cédula de María',
      tiene_documento: true,
    });
    expect(client.edad).toBeGreaterThanOrEqual(44);

    const row = await clientRow(fields.cedula!);
    expect(row?.id).toBe(client.id);
    const [file] = await t.db.select().from(archivos).where(eq(archivos.id, row!.documentoId!));
    expect(file).toMatchObject({ categoria: 'documento_identidad', tipoMime: 'image/png', tamano: 2048 });
    const added = filesUnder(uploadsDir()).filter((name) => !filesBefore.includes(name));
    expect(added).toEqual([file!.rutaAlmacenada]);
    // DESIGN §5: stored under a generated name, never the client's.
    expect(added[0]).not.toContain('cedula');

    const audits = await auditSince(t.db, auditBefore);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ accion: 'crear_cliente', username: vendedor.username });
  });

  it('creates a client without a document (tiene_documento false, no file)', async () => {
    const before = filesUnder(uploadsDir());
    const response = await postClient(vendedor.token, clientFields({ celular: '' }));
    expect(response.statusCode).toBe(200);
    expect(response.json<Client>()).toMatchObject({
      tiene_documento: false,
      nombre_documento: null,
      celular: null,
    });
    expect(filesUnder(uploadsDir())).toEqual(before);
  });

  it('POST /api/clientes (pre-need form) answers cliente_id', async () => {
    const fields = clientFields();
    const response = await postClient(vendedor.token, fields, [], '/api/clientes');
    expect(response.statusCode).toBe(200);
    const body = response.json<Client & { cliente_id: number }>();
    expect(body.cliente_id).toBe(body.id);
    expect((await clientRow(fields.cedula!))?.id).toBe(body.cliente_id);
  });

  it('refuses a text file renamed .png with 415, and keeps no row and no file', async () => {
    const fields = clientFields();
    const before = await state();
    const response = await postClient(vendedor.token, fields, [
      {
        field: 'documento_identidad',
        filename: 'cedula.png',
        content: 'no soy una imagen\n',
        type: 'image/png',
      },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: CLIENT_MESSAGES.documentoImagen });
    expect(await clientRow(fields.cedula!)).toBeUndefined();
    expect(await state()).toEqual(before);
  });

  it('refuses a duplicate cédula (also written differently) with 409, leaving no orphan file', async () => {
    const fields = clientFields();
    expect((await postClient(vendedor.token, fields)).statusCode).toBe(200);
    const before = await state();

    const again = await postClient(
      otroVendedor.token,
      clientFields({ cedula: ` ${fields.cedula!.toLowerCase()} ` }),
      [pngDocument()],
    );

    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: CLIENT_MESSAGES.cedulaDuplicada });
    expect(await state()).toEqual(before);
    expect((await clientRow(fields.cedula!))?.vendedorId).toBe(vendedor.id);
  });

  it('of five sellers registering one cédula at once with a document, keeps one client and one file', async () => {
    const cedula = clientFields().cedula!;
    const before = filesUnder(uploadsDir());

    const responses = await Promise.all(
      [vendedor, otroVendedor, vendedor, otroVendedor, supervisor].map((user) =>
        postClient(user.token, clientFields({ cedula }), [pngDocument()]),
      ),
    );

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = responses.find((response) => response.statusCode === 200)!.json<Client>();
    const [row] = await t.db.select().from(clientes).where(eq(clientes.cedula, cedula));
    expect(row!.id).toBe(winner.id);
    const [file] = await t.db.select().from(archivos).where(eq(archivos.id, row!.documentoId!));
    expect(filesUnder(uploadsDir()).filter((name) => !before.includes(name))).toEqual([file!.rutaAlmacenada]);
  });

  const without = (field: string): Fields => clientFields({ [field]: undefined });
  const badInputs: [string, Fields, string][] = [
    ['no nombre', without('nombre'), CLIENT_MESSAGES.camposObligatorios],
    ['a blank nombre', clientFields({ nombre: '   ' }), CLIENT_MESSAGES.camposObligatorios],
    ['no cédula', without('cedula'), CLIENT_MESSAGES.camposObligatorios],
    ['no fecha de nacimiento', without('fecha_nacimiento'), CLIENT_MESSAGES.camposObligatorios],
    ['no teléfono', without('telefono'), CLIENT_MESSAGES.camposObligatorios],
    ['no email', without('email'), CLIENT_MESSAGES.camposObligatorios],
    ['no dirección', without('direccion'), CLIENT_MESSAGES.camposObligatorios],
    ['an invalid email', clientFields({ email: 'maria@correo' }), MSG.emailInvalido],
    ['a phone of 11 digits', clientFields({ telefono: '21234567890' }), CLIENT_MESSAGES.telefonoLargo],
    ['a phone with letters', clientFields({ telefono: '212-ABC' }), CLIENT_MESSAGES.telefonoLargo],
    ['a celular of 12 digits', clientFields({ celular: '041412345678' }), CLIENT_MESSAGES.celularLargo],
    ['an impossible birth date', clientFields({ fecha_nacimiento: '1990-02-30' }), MSG.fechaInvalida],
    ['a birth date not in YYYY-MM-DD', clientFields({ fecha_nacimiento: '17/05/1980' }), MSG.fechaInvalida],
    ['a future birth date', clientFields({ fecha_nacimiento: birthDate(0, 1) }), CLIENT_MESSAGES.fechaFutura],
  ];

  it.each(badInputs)(
    'refuses %s with its Spanish message (422) and saves nothing',
    async (_, fields, message) => {
      const before = await state();
      const response = await postClient(vendedor.token, fields, [pngDocument()]);
      expect(response.statusCode).toBe(422);
      expect(messagesOf(response.json())).toContain(message);
      expect(await state()).toEqual(before);
    },
  );

  it('lets an administrador create a client for a seller named by vendedor_id, and asks for one otherwise', async () => {
    const named = await postClient(admin, clientFields({ vendedor_id: String(otroVendedor.id) }));
    expect(named.statusCode).toBe(200);
    expect(named.json<Client>().vendedor_id).toBe(otroVendedor.id);

    const before = await state();
    const unnamed = await postClient(admin, clientFields());
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toEqual({ detail: CLIENT_MESSAGES.vendedorNoIdentificado });
    expect(await state()).toEqual(before);
  });

  it('lets a supervisor create a client for their seller, but not a seller for another seller', async () => {
    const forOwnSeller = await postClient(
      supervisor.token,
      clientFields({ vendedor_id: String(vendedor.id) }),
    );
    expect(forOwnSeller.statusCode).toBe(200);
    expect(forOwnSeller.json<Client>().vendedor_id).toBe(vendedor.id);

    const before = await state();
    const forOther = await postClient(vendedor.token, clientFields({ vendedor_id: String(otroVendedor.id) }));
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json()).toEqual({ detail: CLIENT_MESSAGES.deOtroVendedor });
    expect(await state()).toEqual(before);
  });

  it('refuses the roles asistente and cliente (403) and a call without token (401), saving nothing', async () => {
    const before = await state();
    for (const user of [asistente, clienteRol]) {
      const response = await postClient(user.token, clientFields(), [pngDocument()]);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: MSG.sinPermiso });
    }
    const anonymous = await postClient(undefined, clientFields(), [pngDocument()]);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: MSG.sinToken });
    expect(await state()).toEqual(before);
  });
});

describe('GET /api/v1/clientes/{cedula}', () => {
  let client: Client;
  let otherClient: Client;

  beforeAll(async () => {
    // Turns 40 today; the other client turns 30 tomorrow (still 29).
    const response = await postClient(vendedor.token, clientFields({ fecha_nacimiento: birthDate(40) }));
    client = response.json<Client>();
    const other = await postClient(otroVendedor.token, clientFields({ fecha_nacimiento: birthDate(30, 1) }));
    otherClient = other.json<Client>();
  });

  it('finds the seller’s own client, with the age computed from the birth date', async () => {
    const response = await getClient(vendedor.token, client.cedula);
    expect(response.statusCode).toBe(200);
    expect(response.json<Client>()).toEqual({ ...client, edad: 40 });

    const other = await getClient(otroVendedor.token, otherClient.cedula);
    expect(other.json<Client>().edad).toBe(29);
  });

  it('finds the client whatever the case and spacing of the cédula typed', async () => {
    const response = await getClient(vendedor.token, ` ${client.cedula.toLowerCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Client>().id).toBe(client.id);
  });

  it('answers 404 with the SPEC text for an unknown cédula', async () => {
    const response = await getClient(vendedor.token, 'V-99999999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      detail: 'El Cliente no existe. Se creará el cliente para esta solicitud.',
    });
  });

  it('answers 403 to a seller asking for another seller’s client', async () => {
    const response = await getClient(otroVendedor.token, client.cedula);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      detail: 'Este cliente se encuentra asociado a otro vendedor. Por favor comuníquese con administración.',
    });
  });

  it('lets the seller’s supervisor and an administrador reach it, but not a supervisor of others', async () => {
    expect((await getClient(supervisor.token, client.cedula)).json<Client>().id).toBe(client.id);
    expect((await getClient(admin, client.cedula)).json<Client>().id).toBe(client.id);
    expect((await getClient(admin, otherClient.cedula)).statusCode).toBe(200);

    const notTheirs = await getClient(supervisor.token, otherClient.cedula);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json()).toEqual({ detail: CLIENT_MESSAGES.deOtroVendedor });
  });

  it('refuses the roles asistente and cliente (403) and a call without token (401)', async () => {
    expect((await getClient(asistente.token, client.cedula)).statusCode).toBe(403);
    expect((await getClient(clienteRol.token, client.cedula)).statusCode).toBe(403);
    const anonymous = await getClient(undefined, client.cedula);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: MSG.sinToken });
  });
});
