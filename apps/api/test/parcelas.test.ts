import { performance } from 'node:perf_hooks';
import { asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG,
  PLOT_CODE_EMPTY,
  PLOT_CODE_ERROR,
  REQUEST_MESSAGES,
  type Plan,
  type PlotLookup,
  type PlotRow,
  type Rol,
} from '@camposanto/domain';
import { parcelas, planes, reservas } from '../src/db/schema';
import { seedCatalogue } from '../src/seed/catalogue';
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

// Plot inventory (SPEC §2 screen 11, §3 Plot inventory row, §5 plot code, §7 /parcelas, upload-parcelas and
// consulta-parcela): a CSV import that is all rows or none, the paged list, the row edit and the lookup.

const HEADER = 'codigo,disponible,reservadas,ocupadas,vendidas,puestos';
const CSV_INVALID = 'Por favor, selecciona un archivo CSV válido.';

let t: TestApp;
let admin: string;
let users: Record<Rol, TestUser>;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue({ db: t.db });
  admin = await adminToken(t.app);
  users = await usersOfEveryRole(t.app, admin);
});
afterAll(() => t.close());

type ImportResult = { mensaje: string; procesadas: number; creadas: number; actualizadas: number };

async function upload(parts: FilePart[], token = admin) {
  const { payload, headers } = await multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/upload-parcelas',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}
const importCsv = (csv: string) => upload([csvFile(csv)]);

const plotCount = async () => (await t.db.select({ n: count() }).from(parcelas))[0]!.n;
async function plot(codigo: string) {
  const [row] = await t.db.select().from(parcelas).where(eq(parcelas.codigo, codigo));
  return row;
}
const allPlots = () => t.db.select().from(parcelas).orderBy(asc(parcelas.id));

/** The 1,000 codes B00-00-01 … B09-99-01, with seat counts that cycle through four shapes of 3 seats. */
function thousandPlots(shape: (index: number) => number[] = (index) => SHAPES[index % 4]!): string {
  const lines = Array.from({ length: 1000 }, (_, index) => {
    const code = `B${String(Math.floor(index / 100)).padStart(2, '0')}-${String(index % 100).padStart(2, '0')}-01`;
    return [code, ...shape(index), 3].join(',');
  });
  return [HEADER, ...lines].join('\n');
}
const SHAPES = [
  [3, 0, 0, 0],
  [2, 1, 0, 0],
  [1, 0, 1, 1],
  [0, 0, 0, 3],
];

const lookup = (code: string, token: string | null = users.vendedor.token) =>
  t.app.inject({ method: 'GET', url: `/api/consulta-parcela/${code}`, headers: token ? bearer(token) : {} });
const list = (query: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `/parcelas?${query}`, headers: bearer(token) });
const put = (id: number | string, payload: unknown, token = admin) =>
  t.app.inject({ method: 'PUT', url: `/parcelas/${id}`, headers: bearer(token), payload: payload as object });

describe('POST /api/admin/upload-parcelas', () => {
  it('imports 1,000 plots in under 2 seconds and audits the import', async () => {
    const csv = thousandPlots();
    // A small import first, so that the figure is the import's and not the first call's warm-up.
    expect((await importCsv(`${HEADER}\nW00-00-01,3,0,0,0,3`)).statusCode).toBe(200);
    await t.db.delete(parcelas);
    const since = await lastAuditId(t.db);
    const started = performance.now();
    const response = await importCsv(csv);
    const elapsed = performance.now() - started;
    console.info(`[parcelas] 1,000-plot import on ${t.driver}: ${elapsed.toFixed(0)} ms`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      mensaje: 'Parcelas actualizadas exitosamente.',
      procesadas: 1000,
      creadas: 1000,
      actualizadas: 0,
    });
    expect(elapsed).toBeLessThan(2000);
    expect(await plotCount()).toBe(1000);
    expect(await plot('B09-99-01')).toMatchObject({ puestos: 3, disponible: 0, vendidas: 3 });
    expect(await auditSince(t.db, since)).toEqual([
      expect.objectContaining({
        accion: 'importar_parcelas',
        descripcion: 'Inventario de parcelas importado: 1000 filas (1000 nuevas, 0 actualizadas).',
      }),
    ]);
  });

  it('updates the plots of a re-imported file instead of duplicating them', async () => {
    const response = await importCsv(thousandPlots(() => [1, 0, 1, 1]));
    expect(response.json<ImportResult>()).toMatchObject({ procesadas: 1000, creadas: 0, actualizadas: 1000 });
    expect(await plotCount()).toBe(1000);
    expect(await plot('B09-99-01')).toMatchObject({ disponible: 1, ocupadas: 1, vendidas: 1 });
  });

  it('counts new and existing plots of a mixed file apart', async () => {
    const response = await importCsv(
      [HEADER, 'B00-00-01,3,0,0,0,3', 'B00-01-01,2,0,1,0,3', 'C00-00-01,4,0,0,0,4'].join('\n'),
    );
    expect(response.json<ImportResult>()).toMatchObject({ procesadas: 3, creadas: 1, actualizadas: 2 });
    expect(await plot('B00-00-01')).toMatchObject({ disponible: 3, ocupadas: 0, vendidas: 0 });
    expect(await plot('C00-00-01')).toMatchObject({ puestos: 4, disponible: 4 });
  });

  it.each([
    ['a bad code', 'B0X-00-01,3,0,0,0,3', PLOT_CODE_ERROR],
    [
      'a negative count',
      'C01-00-01,4,-1,0,0,3',
      'reservadas debe ser un número entero no negativo (recibido "-1").',
    ],
    [
      'a decimal count',
      'C01-00-01,1.5,0,0,0,3',
      'disponible debe ser un número entero no negativo (recibido "1.5").',
    ],
    [
      'counts that do not add up to puestos',
      'C01-00-01,1,1,0,0,3',
      'disponible + reservadas + ocupadas + vendidas (2) debe ser igual a los puestos de la parcela (3).',
    ],
    ['a duplicate code (written short)', 'b00-00,1,0,1,1,3', 'el código B00-00-01 ya aparece en la línea 2.'],
    ['a plot without seats', 'C01-00-01,0,0,0,0,0', 'la parcela debe tener al menos un puesto.'],
    ['too many columns', 'C01-00-01,3,0,0,0,3,9', 'tiene 7 columnas y el encabezado 6.'],
    [
      'a count beyond any plot',
      'C01-00-01,3000000000,0,0,0,3000000000',
      'disponible no puede ser mayor que 10000 (recibido "3000000000").',
    ],
  ])('refuses a file with %s: 400 naming the line, and changes nothing', async (_case, badRow, reason) => {
    const before = await allPlots();
    const audits = await countAudit(t.db);
    // Line 2 would change an existing plot and line 4 would add one: neither may be applied.
    const response = await importCsv(
      [HEADER, 'B00-00-01,0,0,0,3,3', badRow, 'C09-09-09,3,0,0,0,3'].join('\n'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: `Línea 3: ${reason}` });
    expect(await allPlots()).toEqual(before);
    expect(await countAudit(t.db)).toBe(audits);
  });

  it('refuses a 1,000-row file whose last row is bad, applying none of the others', async () => {
    const before = await allPlots();
    const csv = thousandPlots(() => [0, 3, 0, 0]).replace(/B09-99-01,0,3,0,0,3$/, 'B09-99-01,0,3,0,0,2');
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(/^Línea 1001: /);
    expect(await allPlots()).toEqual(before);
  });

  it.each([
    ['a missing column', 'codigo,reservadas\nD00-00-01,1', 'Línea 1: faltan las columnas disponible.'],
    ['only a header', HEADER, 'El archivo CSV no tiene filas de datos.'],
    [
      'an unclosed quote',
      `${HEADER}\n"D00-00-01,3,0,0,0,3`,
      'Línea 2: Comillas sin cerrar al final del archivo.',
    ],
  ])('refuses a file with %s', async (_case, csv, detail) => {
    const rows = await plotCount();
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
    expect(await plotCount()).toBe(rows);
  });

  it('accepts a spreadsheet export: BOM, semicolons, CRLF, accented headers, quotes, codes to normalise', async () => {
    const csv =
      '\uFEFFCódigo;Disponible;Reservadas;Ocupadas;Vendidas\r\n' +
      'a03-26;2;1;0;0\r\n' +
      '"d 04-05-02";0;0;3;0\r\n' +
      '\r\n';
    const response = await importCsv(csv);
    expect(response.json<ImportResult>()).toMatchObject({ procesadas: 2, creadas: 2 });
    expect(await plot('A03-26-01')).toMatchObject({ puestos: 3, disponible: 2, reservadas: 1 });
    expect(await plot('D04-05-02')).toMatchObject({ puestos: 3, ocupadas: 3 });
  });

  it('reads a Latin-1 file (older spreadsheets)', async () => {
    const bytes = Buffer.from('Código,Disponible\nD07-07-07,3\n', 'latin1');
    const response = await upload([
      { field: 'file', filename: 'viejo.csv', content: bytes, type: 'text/csv' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(await plot('D07-07-07')).toMatchObject({ puestos: 3, disponible: 3 });
  });

  it.each([
    ['a PNG image renamed .csv', imageBytes('png')],
    ['a PDF renamed .csv', Buffer.from('%PDF-1.7\n%binary\n')],
    ['binary data', Buffer.from([0x00, 0x01, 0x02, 0x03])],
  ])('refuses %s with 415, whatever its name and header say', async (_case, content) => {
    const rows = await plotCount();
    const response = await upload([{ field: 'file', filename: 'parcelas.csv', content, type: 'text/csv' }]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: CSV_INVALID });
    expect(await plotCount()).toBe(rows);
  });

  it('refuses a form without the file field, or with an empty file, with 400', async () => {
    const response = await upload([csvFile('')]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: CSV_INVALID });
    // A file in a field the form does not have is refused before it is read (issue 11 #7).
    const misnamed = await upload([
      { field: 'archivo', filename: 'parcelas.csv', content: `${HEADER}\nD08-08-08,3,0,0,0,3` },
    ]);
    expect(misnamed.statusCode).toBe(400);
    expect(misnamed.json()).toEqual({ detail: 'El formulario no admite archivos en el campo «archivo».' });
    expect(await plot('D08-08-08')).toBeUndefined();
  });

  it('refuses a body that is not multipart with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload-parcelas',
      headers: bearer(admin),
      payload: { file: `${HEADER}\nD08-08-08,3,0,0,0,3` },
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('seats held by active requests', () => {
  let plotId: number;
  let reservaId: number;

  beforeAll(async () => {
    await importCsv(`${HEADER}\nE01-01-01,1,2,0,0,3`);
    plotId = (await plot('E01-01-01'))!.id;
    const cliente = await insertCliente(t.db, users.vendedor.id);
    const solicitud = await insertSolicitud(t.db, {
      clienteId: cliente.id,
      vendedorId: users.vendedor.id,
      fechaVencimiento: daysFromNow(3),
    });
    reservaId = (await insertReserva(t.db, { solicitudId: solicitud.id, parcelaId: plotId, puestos: 2 })).id;
  });

  it('refuses an import that would lower reservadas below them, changing nothing', async () => {
    const before = await allPlots();
    const response = await importCsv(`${HEADER}\nE02-02-02,3,0,0,0,3\nE01-01-01,2,1,0,0,3`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Línea 3: la parcela E01-01-01 tiene 2 puesto(s) reservados por solicitudes vigentes.',
    });
    expect(await allPlots()).toEqual(before);
  });

  it('accepts an import that keeps them reserved', async () => {
    expect((await importCsv(`${HEADER}\nE01-01-01,1,2,0,0,3`)).statusCode).toBe(200);
    expect((await importCsv(`${HEADER}\nE01-01-01,2,3,0,0,5`)).statusCode).toBe(200);
    expect(await plot('E01-01-01')).toMatchObject({ puestos: 5, reservadas: 3 });
  });

  it('refuses an edit that would lower reservadas below them with 409', async () => {
    const response = await put(plotId, { disponible: 3, reservadas: 1, ocupadas: 0, vendidas: 0 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: 'La parcela E01-01-01 tiene 2 puesto(s) reservados por solicitudes vigentes.',
    });
    expect(await plot('E01-01-01')).toMatchObject({ puestos: 5, reservadas: 3 });
  });

  it('no longer counts a reservation that was given back', async () => {
    await t.db.update(reservas).set({ estado: 'liberada' }).where(eq(reservas.id, reservaId));
    expect((await importCsv(`${HEADER}\nE01-01-01,3,0,0,0,3`)).statusCode).toBe(200);
    expect(await plot('E01-01-01')).toMatchObject({ disponible: 3, reservadas: 0 });
  });
});

// PGlite runs one transaction at a time: the interleaving below exists only on PostgreSQL.
describe.runIf(Boolean(process.env.DATABASE_URL))('an import meeting a request that takes a seat', () => {
  it('waits for the request and then refuses to lower reservadas below the seat it took', async () => {
    await importCsv(`${HEADER}\nR01-01-01,3,0,0,0,3`);
    const { id: parcelaId } = (await plot('R01-01-01'))!;
    const cliente = await insertCliente(t.db, users.vendedor.id);
    const solicitud = await insertSolicitud(t.db, {
      clienteId: cliente.id,
      vendedorId: users.vendedor.id,
      fechaVencimiento: daysFromNow(3),
    });
    const response = await whileTransactionHoldsLocks(
      t.db,
      async (tx) => {
        // What a request does when it takes a seat (DESIGN §4.5).
        await tx
          .update(parcelas)
          .set({ disponible: sql`${parcelas.disponible} - 1`, reservadas: sql`${parcelas.reservadas} + 1` })
          .where(eq(parcelas.id, parcelaId));
        await tx.insert(reservas).values({ solicitudId: solicitud.id, parcelaId, puestos: 1 });
      },
      () => importCsv(`${HEADER}\nR01-01-01,3,0,0,0,3`),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Línea 2: la parcela R01-01-01 tiene 1 puesto(s) reservados por solicitudes vigentes.',
    });
    expect(await plot('R01-01-01')).toMatchObject({ disponible: 2, reservadas: 1 });
  });
});

describe('GET /parcelas', () => {
  const page = async (query: string) => {
    const response = await list(query);
    expect(response.statusCode).toBe(200);
    return response.json<{ items: PlotRow[]; total: number; page: number; per_page: number }>();
  };
  const codesInOrder = async () =>
    (await t.db.select({ codigo: parcelas.codigo }).from(parcelas).orderBy(asc(parcelas.codigo))).map(
      (row) => row.codigo,
    );

  it('pages 10 rows at a time, ordered by code, with the total', async () => {
    const codes = await codesInOrder();
    const first = await page('page=1&per_page=10');
    expect(first).toMatchObject({ total: codes.length, page: 1, per_page: 10 });
    expect(first.items.map((row) => row.codigo)).toEqual(codes.slice(0, 10));
    expect(Object.keys(first.items[0]!).sort()).toEqual(
      ['codigo', 'disponible', 'id', 'ocupadas', 'puestos', 'reservadas', 'vendidas'].sort(),
    );
    const second = await page('page=2&per_page=10');
    expect(second.items.map((row) => row.codigo)).toEqual(codes.slice(10, 20));
    expect(await page('')).toEqual(first);
  });

  it('answers the remainder on the last page and an empty page past the end', async () => {
    const codes = await codesInOrder();
    const lastPage = Math.ceil(codes.length / 10);
    const last = await page(`page=${lastPage}&per_page=10`);
    expect(last.items.map((row) => row.codigo)).toEqual(codes.slice((lastPage - 1) * 10));
    expect(last.items.length).toBe(codes.length - (lastPage - 1) * 10);
    expect(await page(`page=${lastPage + 1}&per_page=10`)).toEqual({
      items: [],
      total: codes.length,
      page: lastPage + 1,
      per_page: 10,
    });
  });

  it.each(['page=0', 'page=-1', 'page=uno', 'per_page=0', 'per_page=101', 'per_page=2.5'])(
    'refuses %s with 422',
    async (query) => {
      expect((await list(query)).statusCode).toBe(422);
    },
  );
});

describe('PUT /parcelas/{id}', () => {
  let id: number;
  beforeAll(async () => {
    await importCsv(`${HEADER}\nF01-01-01,3,0,0,0,3`);
    id = (await plot('F01-01-01'))!.id;
  });

  it('saves the row as the screen sends it, recomputes puestos and audits before → after', async () => {
    const since = await lastAuditId(t.db);
    const response = await put(id, {
      id,
      codigo: 'F01-01-01',
      disponible: 1,
      reservadas: 0,
      ocupadas: '1',
      vendidas: 2,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id,
      codigo: 'F01-01-01',
      puestos: 4,
      disponible: 1,
      reservadas: 0,
      ocupadas: 1,
      vendidas: 2,
    });
    expect(await auditSince(t.db, since)).toEqual([
      expect.objectContaining({
        accion: 'actualizar_parcela',
        descripcion: 'Parcela F01-01-01: disponible 3→1, reservadas 0→0, ocupadas 0→1, vendidas 0→2',
      }),
    ]);
  });

  it('never changes the code of a plot', async () => {
    const response = await put(id, {
      codigo: 'Z99-99-99',
      disponible: 1,
      reservadas: 0,
      ocupadas: 1,
      vendidas: 2,
    });
    expect(response.json<PlotRow>().codigo).toBe('F01-01-01');
  });

  it('accepts puestos when they match the counts', async () => {
    const response = await put(id, { disponible: 2, reservadas: 0, ocupadas: 1, vendidas: 2, puestos: 5 });
    expect(response.json<PlotRow>().puestos).toBe(5);
  });

  it.each([
    [
      'a negative count',
      { disponible: -1, reservadas: 0, ocupadas: 1, vendidas: 2 },
      'No puede ser negativo.',
    ],
    [
      'a decimal count',
      { disponible: 1.5, reservadas: 0, ocupadas: 1, vendidas: 2 },
      'Debe ser un número entero.',
    ],
    [
      'text in a count',
      { disponible: 'tres', reservadas: 0, ocupadas: 1, vendidas: 2 },
      'Debe ser un número entero.',
    ],
    ['a missing count', { disponible: 1, reservadas: 0, ocupadas: 1 }, 'Debe ser un número entero.'],
    [
      'a count beyond any plot',
      { disponible: 3_000_000_000, reservadas: 0, ocupadas: 1, vendidas: 2 },
      'No puede ser mayor que 10000.',
    ],
    [
      'puestos that do not match the counts',
      { disponible: 1, reservadas: 0, ocupadas: 1, vendidas: 2, puestos: 3 },
      'La suma de disponibles, reservadas, ocupadas y vendidas debe ser igual a los puestos de la parcela.',
    ],
  ])('refuses %s with 422 and changes nothing', async (_case, payload, message) => {
    const before = await plot('F01-01-01');
    const audits = await countAudit(t.db);
    const response = await put(id, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ detail: { msg: string }[] }>().detail.map((issue) => issue.msg)).toContain(
      message,
    );
    expect(await plot('F01-01-01')).toEqual(before);
    expect(await countAudit(t.db)).toBe(audits);
  });

  it('refuses a plot without seats with 400', async () => {
    const response = await put(id, { disponible: 0, reservadas: 0, ocupadas: 0, vendidas: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'La parcela debe tener al menos un puesto.' });
  });

  it('answers 404 for an unknown plot', async () => {
    const response = await put(999999, { disponible: 3, reservadas: 0, ocupadas: 0, vendidas: 0 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Parcela no encontrada.' });
  });

  it('answers 422, not 500, to an id beyond the database integer', async () => {
    expect(
      (await put(99_999_999_999, { disponible: 3, reservadas: 0, ocupadas: 0, vendidas: 0 })).statusCode,
    ).toBe(422);
  });
});

describe('who may manage the plot inventory', () => {
  it('gives supervisor, vendedor and cliente 403 and no token 401, changing nothing', async () => {
    const before = await allPlots();
    const { id } = before[0]!;
    const { payload, headers } = await multipartBody([csvFile(`${HEADER}\nG01-01-01,3,0,0,0,3`)]);
    const requests = [
      { method: 'GET' as const, url: '/parcelas' },
      {
        method: 'PUT' as const,
        url: `/parcelas/${id}`,
        payload: { disponible: 9, reservadas: 0, ocupadas: 0, vendidas: 0 },
      },
      { method: 'POST' as const, url: '/api/admin/upload-parcelas', payload, headers },
    ];
    for (const request of requests) {
      for (const rol of ['supervisor', 'vendedor', 'cliente'] as const) {
        const response = await t.app.inject({
          ...request,
          headers: { ...request.headers, ...bearer(users[rol].token) },
        });
        expect(response.statusCode, `${request.method} ${request.url} as ${rol}`).toBe(403);
        expect(response.json()).toEqual({ detail: MSG.sinPermiso });
      }
      expect((await t.app.inject(request)).statusCode).toBe(401);
    }
    expect(await allPlots()).toEqual(before);
  });

  it('lets an asistente list and import', async () => {
    expect((await list('page=1', users.asistente.token)).statusCode).toBe(200);
    expect(
      (await upload([csvFile(`${HEADER}\nG02-02-02,3,0,0,0,3`)], users.asistente.token)).statusCode,
    ).toBe(200);
  });
});

describe('POST /parcelas: administration registers a plot the sales form did not find (issue 10, defect 4)', () => {
  const register = (codigo: unknown, token: string | null = admin) =>
    t.app.inject({
      method: 'POST',
      url: '/parcelas',
      headers: token ? bearer(token) : {},
      payload: { codigo },
    });

  it('registers the normalised code with the SPEC §8 defaults (3 seats, all free), audited, and the lookup finds it', async () => {
    const since = await lastAuditId(t.db);
    const response = await register(' k07-12 ');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      codigo: 'K07-12-01',
      puestos: 3,
      disponible: 3,
      reservadas: 0,
      ocupadas: 0,
      vendidas: 0,
    });
    expect(await auditSince(t.db, since)).toEqual([
      expect.objectContaining({
        accion: 'crear_parcela',
        descripcion: 'Parcela K07-12-01 registrada con 3 puestos disponibles.',
      }),
    ]);
    const found = await lookup('K07-12-01', users.vendedor.token);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ disponible: 3, estado: 'disponible' });
  });

  it('lets an asistente register, and a seller then sells a seat of it', async () => {
    expect((await register('K07-12-02', users.asistente.token)).statusCode).toBe(201);
    const [jardin] = await t.db
      .select()
      .from(planes)
      .where(eq(planes.descripcion, 'Parcela Jardín (3 puestos)'));
    const cliente = await insertCliente(t.db, users.vendedor.id);
    const sold = await t.app.inject({
      method: 'POST',
      url: '/api/v1/solicitudes/',
      headers: bearer(users.vendedor.token),
      payload: [
        {
          cliente_id: cliente.id,
          tipo_servicio: 'parcelas',
          modalidadPago: 'De Contado',
          detalles: [{ plan_id: jardin!.id, metodoPago: 'USD', codigo: 'K07-12-02' }],
        },
      ],
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(await plot('K07-12-02')).toMatchObject({ disponible: 2, reservadas: 1 });
  });

  it('gives supervisor, vendedor and cliente 403 and no token 401, creating nothing', async () => {
    const [plots, audits] = [await plotCount(), await countAudit(t.db)];
    for (const rol of ['supervisor', 'vendedor', 'cliente'] as const) {
      const response = await register('K07-13-01', users[rol].token);
      expect(response.statusCode, rol).toBe(403);
      expect(response.json()).toEqual({ detail: MSG.sinPermiso });
    }
    expect((await register('K07-13-01', null)).statusCode).toBe(401);
    expect([await plotCount(), await countAudit(t.db)]).toEqual([plots, audits]);
  });

  it.each([
    ['a plot already registered', 'K07-12-01', 409, REQUEST_MESSAGES.parcelaYaRegistrada('K07-12-01')],
    ['a malformed code', 'XYZ', 400, PLOT_CODE_ERROR],
    ['an empty code', '  ', 400, PLOT_CODE_EMPTY],
  ])('refuses %s with a Spanish message, changing nothing', async (_, codigo, status, message) => {
    const [plots, audits] = [await allPlots(), await countAudit(t.db)];
    const response = await register(codigo);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ detail: message });
    expect([await allPlots(), await countAudit(t.db)]).toEqual([plots, audits]);
  });
});

describe('GET /api/consulta-parcela/{code}', () => {
  beforeAll(async () => {
    await importCsv(`${HEADER}\nH01-02-01,2,1,0,0,3\nH01-02-02,0,1,1,1,3`);
  });

  it('answers availability and the prices of the plot plan (the cheapest active plot plan by default)', async () => {
    const response = await lookup('H01-02-01');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      codigo: 'H01-02-01',
      disponible: 2,
      estado: 'disponible',
      precio_contado: 3000,
      precio_financiado: 3600,
    });
  });

  it('uses the plan the plot is linked to', async () => {
    const [premium] = await t.db
      .select()
      .from(planes)
      .where(eq(planes.descripcion, 'Parcela Familiar Premium (3 puestos)'));
    await t.db.update(parcelas).set({ planId: premium!.id }).where(eq(parcelas.codigo, 'H01-02-02'));
    expect((await lookup('H01-02-02')).json<PlotLookup>()).toMatchObject({
      precio_contado: 4500,
      precio_financiado: 5400,
    });
  });

  it('skips a deactivated plot plan for the default prices', async () => {
    const plans = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/planes', headers: bearer(admin) })
    ).json<Plan[]>();
    const jardin = plans.find((plan) => plan.descripcion === 'Parcela Jardín (3 puestos)')!;
    const estado = (activo: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/planes/${jardin.id}/estado`,
        headers: bearer(admin),
        payload: { activo },
      });
    await estado(false);
    try {
      expect((await lookup('H01-02-01')).json<PlotLookup>()).toMatchObject({ precio_contado: 4500 });
    } finally {
      await estado(true);
    }
  });

  it('says a plot without free seats is not available', async () => {
    expect((await lookup('H01-02-02')).json<PlotLookup>()).toMatchObject({
      disponible: 0,
      estado: 'no disponible',
    });
  });

  it.each(['h01-02-01', 'H01-02', ' h01 - 02 '])('normalises the code %j', async (code) => {
    const response = await lookup(encodeURIComponent(code));
    expect(response.statusCode).toBe(200);
    expect(response.json<PlotLookup>().codigo).toBe('H01-02-01');
  });

  it('answers 404 naming the normalised code of an unknown plot', async () => {
    const response = await lookup('z99-99');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'No se encontró la parcela con código Z99-99-01.' });
  });

  it.each([
    ['XYZ', PLOT_CODE_ERROR],
    ['A1-02-03', PLOT_CODE_ERROR],
    ['A01-02-03-04', PLOT_CODE_ERROR],
    ['%20', PLOT_CODE_EMPTY],
  ])('answers 400 for the malformed code %j', async (code, detail) => {
    const response = await lookup(code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });

  it('answers sellers and supervisors, and 401 without a token', async () => {
    expect((await lookup('H01-02-01', users.supervisor.token)).statusCode).toBe(200);
    expect((await lookup('H01-02-01', users.vendedor.token)).statusCode).toBe(200);
    expect((await lookup('H01-02-01', null)).statusCode).toBe(401);
  });
});
