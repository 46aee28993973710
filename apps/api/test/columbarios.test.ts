import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Niche, type Rol } from '@camposanto/domain';
import { nichosColumbario, reservas } from '../src/db/schema';
import { adminToken, bearer, usersOfEveryRole, type TestUser } from './helpers/auth';
import {
  auditSince,
  countAudit,
  daysFromNow,
  insertCliente,
  insertReserva,
  insertSolicitud,
  lastAuditId,
} from './helpers/fixtures';
import { whileTransactionHoldsLocks } from './helpers/concurrency';
import { csvFile, imageBytes, multipartBody, type FilePart } from './helpers/multipart';
import { createTestApp, type TestApp } from './helpers/test-app';

// Columbarium niches (SPEC §3 Columbarium niche, §8 columbarium lookup; DESIGN §4.10 imported from CSV
// like plots): the import, the admin list and the lookup of the sales form.

const HEADER =
  'codigo;capilla;lado;fila;columna;cantidad_nichos;plan;descripcion;estado;mto_contado;mto_financiado';
const NOT_FOUND = 'No se encontraron datos para el código ingresado.';

let t: TestApp;
let admin: string;
let users: Record<Rol, TestUser>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  users = await usersOfEveryRole(t.app, admin);
});
afterAll(() => t.close());

async function upload(parts: FilePart[], token = admin) {
  const { payload, headers } = await multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/upload-columbarios',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}
const importCsv = (csv: string) => upload([csvFile(csv, 'columbarios.csv')]);
const lookup = (code: string, token: string | null = users.vendedor.token) =>
  t.app.inject({
    method: 'GET',
    url: `/api/consulta-columbario/${code}`,
    headers: token ? bearer(token) : {},
  });
const list = (query: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/columbarios?${query}`, headers: bearer(token) });
const allNiches = () => t.db.select().from(nichosColumbario).orderBy(asc(nichosColumbario.id));
const nicheCount = async () => (await t.db.select({ n: count() }).from(nichosColumbario))[0]!.n;

describe('POST /api/admin/upload-columbarios', () => {
  it('imports every field of SPEC §3, amounts with a decimal comma, and audits the import', async () => {
    const since = await lastAuditId(t.db);
    const response = await importCsv(
      [
        HEADER,
        'CI-E-01-01;Capilla San José;Izquierdo Externo;1;1;1;Sencillo;Nicho sencillo, fila 1;disponible;1.200,50;1.440,60',
        'CI-E-01-02;Capilla San José;Izquierdo Externo;1;2;2;Dúplex;Nicho dúplex;ocupado;1700;2040,5',
      ].join('\r\n'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      mensaje: 'Nichos actualizados exitosamente.',
      procesadas: 2,
      creadas: 2,
      actualizadas: 0,
    });
    const found = await lookup('CI-E-01-01');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      id: expect.any(Number),
      codigo: 'CI-E-01-01',
      estado: 'disponible',
      cantidad_nichos: 1,
      plan: 'Sencillo',
      descripcion: 'Nicho sencillo, fila 1',
      mto_contado: 1200.5,
      mto_financiado: 1440.6,
      capilla: 'Capilla San José',
      lado: 'Izquierdo Externo',
      fila: '1',
      columna: '1',
    });
    expect((await lookup('CI-E-01-02')).json<Niche>()).toMatchObject({
      estado: 'ocupado',
      cantidad_nichos: 2,
      mto_contado: 1700,
      mto_financiado: 2040.5,
    });
    expect(await auditSince(t.db, since)).toEqual([
      expect.objectContaining({
        accion: 'importar_columbarios',
        descripcion: 'Inventario de nichos de columbario importado: 2 filas (2 nuevas, 0 actualizadas).',
      }),
    ]);
  });

  it.each([
    ['"1.200,50"', 1200.5],
    ['1200.50', 1200.5],
    ['"1200,5"', 1200.5],
    ['"1.234.567,89"', 1234567.89],
    ['1.200', 1200],
    ['', null],
  ])('reads the amount %s of a comma-separated file as %s', async (raw, expected) => {
    const response = await importCsv(`codigo,mto_contado\nCD-AMT-01,${raw}`);
    expect(response.statusCode).toBe(200);
    expect((await lookup('CD-AMT-01')).json<Niche>().mto_contado).toBe(expected);
  });

  it('fills what a minimal file leaves out: one niche, disponible', async () => {
    expect((await importCsv('Código;Cantidad Nichos\ncd-min-01;')).statusCode).toBe(200);
    expect((await lookup('CD-MIN-01')).json()).toMatchObject({
      estado: 'disponible',
      cantidad_nichos: 1,
      plan: null,
      capilla: null,
      mto_contado: null,
    });
  });

  it('updates the niches of a re-imported file instead of duplicating them', async () => {
    const rows = await nicheCount();
    const response = await importCsv(
      [
        HEADER,
        'CI-E-01-01;Capilla San José;Izquierdo Externo;1;1;1;Sencillo;Nicho sencillo;reservado;1.300;1.560',
      ].join('\n'),
    );
    expect(response.json()).toMatchObject({ procesadas: 1, creadas: 0, actualizadas: 1 });
    expect(await nicheCount()).toBe(rows);
    expect((await lookup('ci-e-01-01')).json<Niche>()).toMatchObject({
      estado: 'reservado',
      descripcion: 'Nicho sencillo',
      mto_contado: 1300,
    });
  });

  it.each([
    [
      'a bad state',
      'CD-BAD-01;;;;;1;;;roto;;',
      'estado "roto" no válido (disponible, reservado, vendido, ocupado).',
    ],
    ['a bad code', 'C#1;;;;;1;;;disponible;;', 'el código del nicho no es válido.'],
    ['a bad amount', 'CD-BAD-01;;;;;1;;;disponible;12a;', 'mto_contado no es un importe válido ("12a").'],
    [
      'a negative amount',
      'CD-BAD-01;;;;;1;;;disponible;;-5',
      'mto_financiado no es un importe válido ("-5").',
    ],
    [
      'a negative count',
      'CD-BAD-01;;;;;-1;;;disponible;;',
      'cantidad_nichos debe ser un número entero no negativo (recibido "-1").',
    ],
    ['a duplicate code', 'ci-e-01-02;;;;;1;;;disponible;;', 'el código CI-E-01-02 ya aparece en la línea 2.'],
    [
      'a count beyond any niche',
      'CD-BAD-01;;;;;99999999999;;;disponible;;',
      'cantidad_nichos no puede ser mayor que 10000 (recibido "99999999999").',
    ],
    [
      'an amount beyond numeric(14,2)',
      'CD-BAD-01;;;;;1;;;disponible;1.000.000.000.000;',
      'mto_contado es demasiado grande ("1.000.000.000.000").',
    ],
  ])('refuses a file with %s: 400 naming the line, and changes nothing', async (_case, badRow, reason) => {
    const before = await allNiches();
    const audits = await countAudit(t.db);
    const response = await importCsv(
      [HEADER, 'CI-E-01-02;;;;;1;;;vendido;;', badRow, 'CD-NEW-99;;;;;1;;;disponible;;'].join('\n'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: `Línea 3: ${reason}` });
    expect(await allNiches()).toEqual(before);
    expect(await countAudit(t.db)).toBe(audits);
  });

  it('refuses an image renamed .csv with 415', async () => {
    const rows = await nicheCount();
    const response = await upload([
      { field: 'file', filename: 'columbarios.csv', content: imageBytes('jpeg'), type: 'text/csv' },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: 'Por favor, selecciona un archivo CSV válido.' });
    expect(await nicheCount()).toBe(rows);
  });
});

describe('a niche held by an active request', () => {
  beforeAll(async () => {
    await importCsv(`${HEADER}\nCD-RES-01;;;;;1;;;reservado;;`);
    const [niche] = await t.db
      .select()
      .from(nichosColumbario)
      .where(eq(nichosColumbario.codigo, 'CD-RES-01'));
    const cliente = await insertCliente(t.db, users.vendedor.id);
    const solicitud = await insertSolicitud(t.db, {
      clienteId: cliente.id,
      vendedorId: users.vendedor.id,
      tipoServicio: 'nichos-columbarios',
      fechaVencimiento: daysFromNow(3),
    });
    await insertReserva(t.db, { solicitudId: solicitud.id, nichoId: niche!.id });
  });

  it('keeps its state: an import that frees it is refused and changes nothing', async () => {
    const before = await allNiches();
    const response = await importCsv(
      `${HEADER}\nCD-NEW-01;;;;;1;;;disponible;;\nCD-RES-01;;;;;1;;;disponible;;`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Línea 3: el nicho CD-RES-01 está reservado por una solicitud vigente.',
    });
    expect(await allNiches()).toEqual(before);
  });

  it('accepts an import that keeps it reserved', async () => {
    const response = await importCsv(`${HEADER}\nCD-RES-01;Capilla Norte;;;;1;;;reservado;900;`);
    expect(response.statusCode).toBe(200);
    expect((await lookup('CD-RES-01')).json<Niche>()).toMatchObject({
      capilla: 'Capilla Norte',
      estado: 'reservado',
    });
  });
});

// PGlite runs one transaction at a time: the interleaving below exists only on PostgreSQL.
describe.runIf(Boolean(process.env.DATABASE_URL))(
  'an import meeting a request that reserves the niche',
  () => {
    it('waits for the request and then refuses to free the niche it reserved', async () => {
      await importCsv(`${HEADER}\nCD-RACE-01;;;;;1;;;disponible;;`);
      const [niche] = await t.db
        .select()
        .from(nichosColumbario)
        .where(eq(nichosColumbario.codigo, 'CD-RACE-01'));
      const cliente = await insertCliente(t.db, users.vendedor.id);
      const solicitud = await insertSolicitud(t.db, {
        clienteId: cliente.id,
        vendedorId: users.vendedor.id,
        tipoServicio: 'nichos-columbarios',
        fechaVencimiento: daysFromNow(3),
      });
      const response = await whileTransactionHoldsLocks(
        t.db,
        async (tx) => {
          // What a request does when it reserves a niche (DESIGN §4.5).
          await tx
            .update(nichosColumbario)
            .set({ estado: 'reservado' })
            .where(eq(nichosColumbario.id, niche!.id));
          await tx.insert(reservas).values({ solicitudId: solicitud.id, nichoId: niche!.id });
        },
        () => importCsv(`${HEADER}\nCD-RACE-01;Capilla Sur;;;;1;;;disponible;;`),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: 'Línea 2: el nicho CD-RACE-01 está reservado por una solicitud vigente.',
      });
      expect((await lookup('CD-RACE-01')).json<Niche>()).toMatchObject({
        estado: 'reservado',
        capilla: null,
      });
    });
  },
);

describe('GET /api/v1/admin/columbarios', () => {
  beforeAll(async () => {
    const rows = Array.from(
      { length: 23 },
      (_, index) => `CP-${String(index).padStart(3, '0')};;;;;1;;;disponible;;`,
    );
    await importCsv([HEADER, ...rows].join('\n'));
  });
  const page = async (query: string) => {
    const response = await list(query);
    expect(response.statusCode).toBe(200);
    return response.json<{ items: Niche[]; total: number; page: number; per_page: number }>();
  };

  it('pages the niches by code, 10 by default, with the total, the remainder and an empty page past the end', async () => {
    const codes = (
      await t.db
        .select({ codigo: nichosColumbario.codigo })
        .from(nichosColumbario)
        .orderBy(asc(nichosColumbario.codigo))
    ).map((row) => row.codigo);
    const first = await page('');
    expect(first).toMatchObject({ total: codes.length, page: 1, per_page: 10 });
    expect(first.items.map((niche) => niche.codigo)).toEqual(codes.slice(0, 10));
    const lastPage = Math.ceil(codes.length / 10);
    const last = await page(`page=${lastPage}`);
    expect(last.items.map((niche) => niche.codigo)).toEqual(codes.slice((lastPage - 1) * 10));
    expect((await page(`page=${lastPage + 1}`)).items).toEqual([]);
    expect((await page('page=1&per_page=25')).items).toHaveLength(Math.min(25, codes.length));
  });

  it('refuses a bad page with 422', async () => {
    expect((await list('page=0')).statusCode).toBe(422);
    expect((await list('per_page=500')).statusCode).toBe(422);
  });
});

describe('GET /api/consulta-columbario/{code}', () => {
  it('normalises the code (upper case, no spaces)', async () => {
    const response = await lookup(encodeURIComponent(' ci-e-01-02 '));
    expect(response.statusCode).toBe(200);
    expect(response.json<Niche>().codigo).toBe('CI-E-01-02');
  });

  it('answers 404 with the form message for an unknown code', async () => {
    const response = await lookup('NO-EXISTE-1');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: NOT_FOUND });
  });

  it('answers sellers and supervisors, and 401 without a token', async () => {
    expect((await lookup('CI-E-01-02', users.supervisor.token)).statusCode).toBe(200);
    expect((await lookup('CI-E-01-02', users.vendedor.token)).statusCode).toBe(200);
    expect((await lookup('CI-E-01-02', null)).statusCode).toBe(401);
  });
});

describe('who may manage the columbarium', () => {
  it('gives supervisor, vendedor and cliente 403 and no token 401, changing nothing', async () => {
    const before = await allNiches();
    const { payload, headers } = await multipartBody([csvFile(`${HEADER}\nCD-ROL-01;;;;;1;;;disponible;;`)]);
    const requests = [
      { method: 'GET' as const, url: '/api/v1/admin/columbarios' },
      { method: 'POST' as const, url: '/api/admin/upload-columbarios', payload, headers },
    ];
    for (const request of requests) {
      for (const rol of ['supervisor', 'vendedor', 'cliente'] as const) {
        const response = await t.app.inject({
          ...request,
          headers: { ...request.headers, ...bearer(users[rol].token) },
        });
        expect(response.statusCode, `${request.url} as ${rol}`).toBe(403);
        expect(response.json()).toEqual({ detail: MSG.sinPermiso });
      }
      expect((await t.app.inject(request)).statusCode).toBe(401);
    }
    expect(await allNiches()).toEqual(before);
  });

  it('lets an asistente list and import', async () => {
    expect((await list('', users.asistente.token)).statusCode).toBe(200);
    expect(
      (await upload([csvFile(`${HEADER}\nCD-ASI-01;;;;;1;;;disponible;;`)], users.asistente.token))
        .statusCode,
    ).toBe(200);
  });
});
