import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVE_CONTRACTS_CSV_HEADER,
  ACTIVE_CONTRACTS_SORT_FIELDS,
  CONTRACT_HISTORY_CSV_HEADER,
  CONTRACT_HISTORY_SORT_FIELDS,
  CONTRACT_MESSAGES,
  EXPIRED_REQUESTS_CSV_HEADER,
  EXPIRED_REQUESTS_SORT_FIELDS,
  LIST_MESSAGES,
  MSG,
  parseCsv,
  REQUESTS_TO_CONVERT_CSV_HEADER,
  REQUESTS_TO_CONVERT_SORT_FIELDS,
  type ExpiredRequestsPage,
  type Paged,
  type RequestDto,
} from '@camposanto/domain';
import { clientes } from '../src/db/schema';
import { bearer, type TestUser } from './helpers/auth';
import { insertSolicitud } from './helpers/fixtures';
import { salesTeam } from './helpers/sales-team';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 15 (decision 032): search, sort, filters and CSV on the administration's contract lists — Gestionar
// Solicitudes, Contratos Activos, Solicitudes Caducadas and the cash and financed histories.

let t: TestApp;
let admin: string;
let seller: TestUser;
let otherSeller: TestUser;
let supervisor: TestUser;
let asistente: TestUser;

const ids: Record<string, number> = {};

async function client(vendedorId: number, nombre: string, cedula: string) {
  const [row] = await t.db.insert(clientes).values({ vendedorId, nombre, cedula }).returning();
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, seller, otherSeller, supervisor, asistente } = await salesTeam(t.app));
  // First letters a–d, so every collation (PGlite's C, PostgreSQL's locale) sorts the clients alike.
  const angela = await client(seller.id, 'Angela Núñez', 'V-11111111');
  const bruno = await client(otherSeller.id, 'bruno Pérez', 'V-22222222');
  const carla = await client(seller.id, 'Carla 100% Ruiz', 'V-33333333');
  const dario = await client(otherSeller.id, 'Dario_Solis', 'V-44444444');
  const rows: Array<[string, Parameters<typeof insertSolicitud>[1]]> = [
    [
      'r1',
      {
        clienteId: angela.id,
        vendedorId: seller.id,
        tipoServicio: 'parcelas',
        montoTotal: '100.50',
        fechaCreacion: new Date('2026-01-10T15:00:00Z'),
        fechaVencimiento: new Date('2026-01-13T15:00:00Z'),
        numeroSolicitud: 'SOL-L001',
      },
    ],
    [
      'r2',
      {
        clienteId: bruno.id,
        vendedorId: otherSeller.id,
        tipoServicio: 'cremacion',
        modalidadPago: 'Financiado',
        montoTotal: '2500.00',
        fechaCreacion: new Date('2026-02-10T15:00:00Z'),
        fechaVencimiento: new Date('2026-02-13T15:00:00Z'),
        numeroSolicitud: 'SOL-L002',
      },
    ],
    [
      'c1',
      {
        clienteId: carla.id,
        vendedorId: seller.id,
        tipoServicio: 'cremacion',
        estado: 'contrato',
        metodoPago: 'VES',
        montoTotal: '1234.56',
        precioPlan: '1200.00',
        fechaCreacion: new Date('2026-03-05T15:00:00Z'),
        fechaVencimiento: new Date('2026-03-08T15:00:00Z'),
        fechaConversion: new Date('2026-03-06T15:00:00Z'),
        numeroSolicitud: 'SOL-L003',
        numeroContrato: 'CON-L003',
      },
    ],
    [
      'c2',
      {
        clienteId: dario.id,
        vendedorId: otherSeller.id,
        tipoServicio: 'parcelas',
        estado: 'contrato',
        modalidadPago: 'Financiado',
        montoTotal: '99.99',
        precioPlan: '90.00',
        fechaCreacion: new Date('2026-01-20T15:00:00Z'),
        fechaVencimiento: new Date('2026-01-23T15:00:00Z'),
        fechaConversion: new Date('2026-04-01T15:00:00Z'),
        numeroSolicitud: 'SOL-L004',
        numeroContrato: 'CON-L004',
      },
    ],
    [
      'c3',
      {
        clienteId: angela.id,
        vendedorId: otherSeller.id,
        tipoServicio: 'previsivo',
        estado: 'contrato',
        montoTotal: '10.00',
        precioPlan: '5.00',
        fechaCreacion: new Date('2026-02-25T15:00:00Z'),
        fechaVencimiento: new Date('2026-02-28T15:00:00Z'),
        fechaConversion: new Date('2026-02-26T15:00:00Z'),
        numeroSolicitud: 'SOL-L005',
        numeroContrato: 'PRV-L005',
      },
    ],
    [
      'e1',
      {
        clienteId: bruno.id,
        vendedorId: seller.id,
        tipoServicio: 'parcelas',
        estado: 'caducada',
        montoTotal: '300.00',
        fechaCreacion: new Date('2026-01-05T15:00:00Z'),
        fechaVencimiento: new Date('2026-01-08T15:00:00Z'),
        numeroSolicitud: 'SOL-L006',
      },
    ],
    [
      'e2',
      {
        clienteId: dario.id,
        vendedorId: otherSeller.id,
        tipoServicio: 'cremacion',
        estado: 'caducada',
        montoTotal: '45.25',
        fechaCreacion: new Date('2026-02-01T15:00:00Z'),
        fechaVencimiento: new Date('2026-02-04T15:00:00Z'),
        numeroSolicitud: 'SOL-L007',
      },
    ],
  ];
  for (const [name, values] of rows) ids[name] = (await insertSolicitud(t.db, values)).id;
});
afterAll(() => t.close());

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const nameOf = (id: number) => Object.entries(ids).find(([, value]) => value === id)?.[0] ?? String(id);

async function ok(url: string, token = admin) {
  const response = await get(url, token);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response;
}
const requestsOf = async (url: string) =>
  (await ok(url)).json<Paged<RequestDto>>().items.map((row) => nameOf(row.id));
const arrayOf = async (url: string) => (await ok(url)).json<RequestDto[]>().map((row) => nameOf(row.id));
const expiredOf = async (url: string) =>
  (await ok(url)).json<ExpiredRequestsPage>().data.map((row) => nameOf(row.id));

/** The CSV's header and rows, as a spreadsheet reads them back. */
function csvOf(body: string) {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  expect(body.split('\r\n')[0]).toContain(';');
  const rows = parseCsv(body).map((row) => row.values);
  return { header: rows[0], rows: rows.slice(1) };
}

/** What each `orden` compares, read from the JSON answer (text in lower case, as the server sorts it). */
const SORT_KEYS: Record<string, (row: RequestDto) => string | number> = {
  numero_solicitud: (row) => row.numero_solicitud,
  numero_contrato: (row) => row.numero_contrato ?? '',
  cliente: (row) => row.cliente.nombre.toLowerCase(),
  vendedor: (row) => row.vendedor_nombre.toLowerCase(),
  tipo_servicio: (row) => row.tipo_servicio,
  fecha_creacion: (row) => row.fecha_creacion,
  fecha_vencimiento: (row) => row.fecha_vencimiento,
  monto_total: (row) => row.monto_total,
  precio_plan: (row) => row.precioPlan,
  modalidad_pago: (row) => row.modalidadPago,
  metodo_pago: (row) => row.items_adicionales.metodoPago,
  estado: (row) => row.estado,
};

/** Each field sorts ascending by its key (ties by id), and its descending order is the exact reverse. */
async function expectEachOrder(fields: readonly string[], rowsOf: (orden: string) => Promise<RequestDto[]>) {
  for (const field of fields) {
    const ascending = await rowsOf(field);
    const descending = await rowsOf(`-${field}`);
    expect(ascending.length, field).toBeGreaterThan(1);
    const keys = ascending.map(SORT_KEYS[field]!);
    for (let i = 1; i < keys.length; i += 1) {
      expect(keys[i - 1]! <= keys[i]!, `${field}: ${String(keys[i - 1])} before ${String(keys[i])}`).toBe(
        true,
      );
      if (keys[i - 1] === keys[i]) expect(ascending[i - 1]!.id).toBeLessThan(ascending[i]!.id);
    }
    expect(
      descending.map((row) => row.id),
      field,
    ).toEqual(ascending.map((row) => row.id).reverse());
  }
}

/** The Spanish messages of a 422 (FastAPI's detail: one entry per refused word). */
const messagesOf = (body: string) =>
  (JSON.parse(body) as { detail: { msg: string }[] }).detail.map((d) => d.msg);

async function expectRefusals(path: string, sortFields: readonly string[]) {
  const badSort = await get(`${path}orden=clave`);
  expect(badSort.statusCode).toBe(422);
  expect(messagesOf(badSort.body)).toEqual([LIST_MESSAGES.ordenInvalido(sortFields)]);
  for (const [query, message] of [
    ['tipo_servicio=ataud', 'Tipo de servicio no válido.'],
    ['vendedor=uno', 'Vendedor no válido: indique su número.'],
    ['desde=2026-02-30', undefined],
    ['desde=2026-03-01&hasta=2026-02-01', MSG.rangoFechasInvalido],
    ['formato=xls', LIST_MESSAGES.formatoInvalido],
    [`q=${'a'.repeat(101)}`, LIST_MESSAGES.busquedaMuyLarga],
  ] as const) {
    const response = await get(`${path}${query}`);
    expect(response.statusCode, query).toBe(422);
    if (message) expect(messagesOf(response.body), query).toEqual([message]);
  }
  for (const token of [seller.token, supervisor.token]) {
    expect((await get(`${path}q=a`, token)).statusCode).toBe(403);
    expect((await get(`${path}formato=csv`, token)).statusCode).toBe(403);
  }
  expect((await get(`${path}q=nunez`, asistente.token)).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: `${path}q=a` })).statusCode).toBe(401);
}

describe('GET /api/v1/admin/solicitudes (Gestionar Solicitudes)', () => {
  const path = '/api/v1/admin/solicitudes?';

  it('answers as before without the new words: every request and contract, newest first', async () => {
    const body = (await ok(path)).json<Paged<RequestDto>>();
    expect(body.items.map((row) => nameOf(row.id))).toEqual(['c1', 'c3', 'r2', 'c2', 'r1']);
    expect(body).toMatchObject({ total: 5, page: 1, per_page: 10 });
    expect(await requestsOf(`${path}estado=solicitud`)).toEqual(['r2', 'r1']);
  });

  it('searches client name (accents ignored), cédula and numbers; % and _ are literal; a miss is empty', async () => {
    expect(await requestsOf(`${path}q=NUNEZ`)).toEqual(['c3', 'r1']);
    expect(await requestsOf(`${path}q=ángela&estado=solicitud`)).toEqual(['r1']);
    expect(await requestsOf(`${path}q=v-3333`)).toEqual(['c1']);
    expect(await requestsOf(`${path}q=L002`)).toEqual(['r2']);
    expect(await requestsOf(`${path}q=con-l00`)).toEqual(['c1', 'c2']);
    expect(await requestsOf(`${path}q=${encodeURIComponent('0%')}`)).toEqual(['c1']);
    expect(await requestsOf(`${path}q=_`)).toEqual(['c2']);
    const miss = (await ok(`${path}q=zzzz`)).json<Paged<RequestDto>>();
    expect(miss).toMatchObject({ items: [], total: 0 });
  });

  it('sorts by each column both ways', async () => {
    await expectEachOrder(
      REQUESTS_TO_CONVERT_SORT_FIELDS,
      async (orden) => (await ok(`${path}orden=${orden}`)).json<Paged<RequestDto>>().items,
    );
    expect(await requestsOf(`${path}orden=-monto_total`)).toEqual(['r2', 'c1', 'r1', 'c2', 'c3']);
  });

  it('filters by service, seller and creation dates (Caracas days), with the page and its total', async () => {
    expect(await requestsOf(`${path}tipo_servicio=cremacion`)).toEqual(['c1', 'r2']);
    expect(await requestsOf(`${path}vendedor=${seller.id}`)).toEqual(['c1', 'r1']);
    expect(await requestsOf(`${path}desde=2026-02-10&hasta=2026-02-25`)).toEqual(['c3', 'r2']);
    expect(await requestsOf(`${path}hasta=2026-01-10`)).toEqual(['r1']);
    const page = (await ok(`${path}orden=numero_solicitud&page=2&per_page=2`)).json<Paged<RequestDto>>();
    expect(page.items.map((row) => nameOf(row.id))).toEqual(['c1', 'c2']);
    expect(page).toMatchObject({ total: 5, page: 2, per_page: 2 });
  });

  it('exports the filter as CSV: BOM, ;, the screen titles, decimal comma, the rows of the filter', async () => {
    const response = await ok(`${path}formato=csv&tipo_servicio=cremacion&orden=monto_total`);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="solicitudes-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const { header, rows } = csvOf(response.body);
    expect(header).toEqual(REQUESTS_TO_CONVERT_CSV_HEADER);
    expect(rows).toEqual([
      [
        'SOL-L003',
        'Carla 100% Ruiz',
        'V-33333333',
        sellerName(seller),
        'Cremación',
        '2026-03-05',
        '1234,56',
        'De Contado',
        'CONTRATO',
      ],
      [
        'SOL-L002',
        'bruno Pérez',
        'V-22222222',
        sellerName(otherSeller),
        'Cremación',
        '2026-02-10',
        '2500,00',
        'Financiado',
        'SOLICITUD',
      ],
    ]);
  });

  it('refuses a bad orden or filter with a Spanish 422, and other roles with 403', async () => {
    await expectRefusals(path, REQUESTS_TO_CONVERT_SORT_FIELDS);
    expect((await get(`${path}estado=caducada`)).statusCode).toBe(422);
  });
});

describe('GET /api/v1/admin/contratos/activos (Contratos Activos)', () => {
  const path = '/api/v1/admin/contratos/activos?';

  it('answers as before without the new words: newest conversion first, X-Total-Count', async () => {
    const response = await ok(path);
    expect(response.json<RequestDto[]>().map((row) => nameOf(row.id))).toEqual(['c2', 'c1', 'c3']);
    expect(response.headers['x-total-count']).toBe('3');
  });

  it('searches, sorts, filters and pages with skip and limit', async () => {
    expect(await arrayOf(`${path}q=prv`)).toEqual(['c3']);
    expect(await arrayOf(`${path}q=angela`)).toEqual(['c3']);
    expect(await arrayOf(`${path}q=SOL-L001`)).toEqual([]);
    expect(await arrayOf(`${path}vendedor=${otherSeller.id}`)).toEqual(['c2', 'c3']);
    expect(await arrayOf(`${path}tipo_servicio=parcelas`)).toEqual(['c2']);
    expect(await arrayOf(`${path}desde=2026-02-01`)).toEqual(['c1', 'c3']);
    const page = await ok(`${path}orden=-monto_total&skip=1&limit=1`);
    expect(page.json<RequestDto[]>().map((row) => nameOf(row.id))).toEqual(['c2']);
    expect(page.headers['x-total-count']).toBe('3');
    await expectEachOrder(ACTIVE_CONTRACTS_SORT_FIELDS, async (orden) =>
      (await ok(`${path}orden=${orden}`)).json<RequestDto[]>(),
    );
  });

  it('exports the filter as CSV', async () => {
    const response = await ok(`${path}formato=csv&vendedor=${seller.id}`);
    expect(response.headers['content-disposition']).toMatch(
      /filename="contratos-activos-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const { header, rows } = csvOf(response.body);
    expect(header).toEqual(ACTIVE_CONTRACTS_CSV_HEADER);
    expect(rows).toEqual([
      [
        'CON-L003',
        sellerName(seller),
        'Carla 100% Ruiz',
        'V-33333333',
        'Cremación',
        'VES',
        '2026-03-05',
        'CONTRATO',
        '1234,56',
      ],
    ]);
  });

  it('refuses a bad orden or filter with a Spanish 422, and other roles with 403', async () => {
    await expectRefusals(path, ACTIVE_CONTRACTS_SORT_FIELDS);
  });
});

describe('GET /api/v1/admin/solicitudes/caducadas (Solicitudes Caducadas)', () => {
  const path = '/api/v1/admin/solicitudes/caducadas?';

  it('answers as before without the new words', async () => {
    const body = (await ok(path)).json<ExpiredRequestsPage>();
    expect(body.data.map((row) => nameOf(row.id))).toEqual(['e2', 'e1']);
    expect(body).toMatchObject({ total_solicitudes: 2, message: CONTRACT_MESSAGES.caducadasListadas });
  });

  it('searches, sorts and filters; a miss says there are none', async () => {
    expect(await expiredOf(`${path}q=bruno`)).toEqual(['e1']);
    expect(await expiredOf(`${path}q=L007`)).toEqual(['e2']);
    expect(await expiredOf(`${path}vendedor=${seller.id}`)).toEqual(['e1']);
    expect(await expiredOf(`${path}tipo_servicio=cremacion`)).toEqual(['e2']);
    expect(await expiredOf(`${path}desde=2026-01-06`)).toEqual(['e2']);
    const miss = (await ok(`${path}q=nunez`)).json<ExpiredRequestsPage>();
    expect(miss).toEqual({ data: [], total_solicitudes: 0, message: CONTRACT_MESSAGES.sinCaducadas });
    await expectEachOrder(
      EXPIRED_REQUESTS_SORT_FIELDS,
      async (orden) => (await ok(`${path}orden=${orden}`)).json<ExpiredRequestsPage>().data,
    );
  });

  it('exports the filter as CSV', async () => {
    const response = await ok(`${path}formato=csv&orden=cliente`);
    const { header, rows } = csvOf(response.body);
    expect(header).toEqual(EXPIRED_REQUESTS_CSV_HEADER);
    expect(rows.map((row) => row[0])).toEqual(['SOL-L006', 'SOL-L007']);
    expect(rows[1]).toEqual([
      'SOL-L007',
      'Dario_Solis',
      'V-44444444',
      '',
      sellerName(otherSeller),
      'Cremación',
      '2026-02-01',
      '2026-02-04',
      'CADUCADA',
    ]);
  });

  it('refuses a bad orden or filter with a Spanish 422, and other roles with 403', async () => {
    await expectRefusals(path, EXPIRED_REQUESTS_SORT_FIELDS);
  });
});

describe('GET /api/v1/admin/contratos-de-contado (Pagos de Contado / Financiados)', () => {
  const path = '/api/v1/admin/contratos-de-contado?modalidad=De+Contado&';

  it('answers as before without the new words, with the modality sum', async () => {
    const response = await ok(`${path}page=1&per_page=10`);
    expect(response.json<RequestDto[]>().map((row) => nameOf(row.id))).toEqual(['c1', 'c3']);
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.headers['x-sum-monto-total']).toBe('1244.56');
  });

  it('searches, sorts and filters; total and sum are those of the filter, paged or streamed', async () => {
    const found = await ok(`${path}q=ruiz&page=1&per_page=10`);
    expect(found.json<RequestDto[]>().map((row) => nameOf(row.id))).toEqual(['c1']);
    expect(found.headers['x-total-count']).toBe('1');
    expect(found.headers['x-sum-monto-total']).toBe('1234.56');
    const streamed = await ok(`${path}orden=monto_total`);
    expect(streamed.json<RequestDto[]>().map((row) => nameOf(row.id))).toEqual(['c3', 'c1']);
    expect(streamed.headers['x-sum-monto-total']).toBe('1244.56');
    const none = await ok(`${path}vendedor=${seller.id}&tipo_servicio=previsivo&page=1`);
    expect(none.json<RequestDto[]>()).toEqual([]);
    expect(none.headers['x-sum-monto-total']).toBe('0.00');
    expect(await arrayOf(`${path}hasta=2026-03-01&page=1`)).toEqual(['c3']);
    await expectEachOrder(CONTRACT_HISTORY_SORT_FIELDS, async (orden) =>
      (await ok(`/api/v1/admin/contratos-de-contado?orden=${orden}&page=1`)).json<RequestDto[]>(),
    );
  });

  it('exports the modality and filter as CSV', async () => {
    const response = await ok('/api/v1/admin/contratos-de-contado?modalidad=Financiado&formato=csv');
    expect(response.headers['content-disposition']).toMatch(
      /filename="pagos-financiados-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const { header, rows } = csvOf(response.body);
    expect(header).toEqual(CONTRACT_HISTORY_CSV_HEADER);
    expect(rows).toEqual([
      [
        'CON-L004',
        'Dario_Solis',
        'V-44444444',
        sellerName(otherSeller),
        'Parcelas',
        '2026-01-20',
        'USD',
        '0,00',
        '90,00',
        '99,99',
      ],
    ]);
  });

  it('refuses a bad orden or filter with a Spanish 422, and other roles with 403', async () => {
    await expectRefusals(path, CONTRACT_HISTORY_SORT_FIELDS);
  });
});

/** A seller's name as the lists show it (vendedores.nombre, the user's name). */
function sellerName(user: TestUser) {
  return user.username;
}
