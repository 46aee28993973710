import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIST_MESSAGES,
  parseCsv,
  PAYMENT_REPORT_SORT_FIELDS,
  type ClientWithRequests,
  type Paged,
  type PaymentReport,
  type RequestDto,
  type SellerSummary,
} from '@camposanto/domain';
import { clientes, pagos, solicitudes } from '../src/db/schema';
import { adminToken, bearer, userWithRole, type TestUser } from './helpers/auth';
import { assignSupervisor } from './helpers/sales-team';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 15 (decision 032): search, sort, filters and CSV of the seller's lists under /ventas — Solicitudes,
// Clientes, Contratos, Lista de Vendedores, Reporte de pagos and Historial de pagos. A seller sees only their own
// rows (a supervisor their team's) in the page, the search and the CSV alike.

let t: TestApp;
let admin: string;
let supervisor: TestUser;
let seller: TestUser;
let teammate: TestUser;
let outsider: TestUser;

const at = (iso: string) => new Date(iso);

async function client(vendedorId: number, values: { nombre: string; cedula: string; celular?: string }) {
  const [row] = await t.db
    .insert(clientes)
    .values({ vendedorId, ...values })
    .returning();
  return row!;
}

async function request(values: typeof solicitudes.$inferInsert) {
  const [row] = await t.db.insert(solicitudes).values(values).returning();
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  supervisor = await userWithRole(t.app, admin, 'supervisor', { username: 'Susana Líder' });
  seller = await userWithRole(t.app, admin, 'vendedor', {
    username: 'Vicente Ñáñez',
    email: 'vicente@test.local',
    telefono: '4125550001',
  });
  teammate = await userWithRole(t.app, admin, 'vendedor', {
    username: 'Beto_Zamora',
    email: 'beto@test.local',
  });
  outsider = await userWithRole(t.app, admin, 'vendedor', { username: 'Otro Vendedor' });
  await assignSupervisor(t.app, admin, seller, supervisor);
  await assignSupervisor(t.app, admin, teammate, supervisor);

  const ana = await client(seller.id, {
    nombre: 'Ána Márquez',
    cedula: 'V-11111111',
    celular: '04141112233',
  });
  const bruno = await client(seller.id, { nombre: 'Bruno 100% Díaz', cedula: 'V-22222222' });
  await client(seller.id, { nombre: 'Carla_Ruiz', cedula: 'V-33333333', celular: '04249998877' });
  const ajena = await client(outsider.id, { nombre: 'Ana Ajena', cedula: 'V-99999999' });
  const base = { modalidadPago: 'De Contado', fechaVencimiento: at('2026-12-31T12:00:00Z') };
  const anaRequest = await request({
    ...base,
    numeroSolicitud: 'SOL-000101',
    clienteId: ana.id,
    vendedorId: seller.id,
    tipoServicio: 'parcelas',
    fechaCreacion: at('2026-01-10T15:00:00Z'),
    montoTotal: '1000.50',
    precioConDescuento: '1000.50',
    precioPlan: '1000.50',
  });
  const anaContract = await request({
    ...base,
    numeroSolicitud: 'SOL-000102',
    numeroContrato: 'CON-000102',
    estado: 'contrato',
    estadoPago: 'pagado',
    clienteId: ana.id,
    vendedorId: seller.id,
    tipoServicio: 'cremacion',
    fechaCreacion: at('2026-02-15T15:00:00Z'),
    montoTotal: '2500.25',
    precioConDescuento: '2500.25',
    precioPlan: '2600',
    descuento: '99.75',
  });
  const brunoRequest = await request({
    ...base,
    numeroSolicitud: 'SOL-000103',
    estadoPago: 'inicial_pagada',
    modalidadPago: 'Financiado',
    clienteId: bruno.id,
    vendedorId: seller.id,
    tipoServicio: 'plan-funerario',
    fechaCreacion: at('2026-03-01T15:00:00Z'),
    montoTotal: '300',
    precioConDescuento: '300',
    precioPlan: '300',
  });
  const foreign = await request({
    ...base,
    numeroSolicitud: 'SOL-000199',
    clienteId: ajena.id,
    vendedorId: outsider.id,
    tipoServicio: 'parcelas',
    fechaCreacion: at('2026-01-20T15:00:00Z'),
    montoTotal: '777',
  });
  await t.db.insert(pagos).values([
    {
      solicitudId: anaContract.id,
      vendedorId: seller.id,
      tipo: 'contado',
      metodoPago: 'USD',
      divisas: '2500.25',
      montoPagado: '2500.25',
      referencia: 'REF-777',
      fechaPago: at('2026-02-16T15:00:00Z'),
      estadoVerificacion: 'verificado',
    },
    {
      solicitudId: brunoRequest.id,
      vendedorId: seller.id,
      tipo: 'inicial',
      metodoPago: 'USD',
      divisas: '100.5',
      montoPagado: '100.5',
      referencia: 'ABC_1',
      fechaPago: at('2026-03-02T15:00:00Z'),
    },
    {
      solicitudId: foreign.id,
      vendedorId: outsider.id,
      tipo: 'contado',
      metodoPago: 'USD',
      montoPagado: '777',
      referencia: 'REF-AJENA',
      fechaPago: at('2026-01-21T15:00:00Z'),
    },
  ]);
  expect(anaRequest.id).toBeGreaterThan(0);
});
afterAll(() => t.close());

const get = (url: string, token = seller.token) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** The CSV's header and rows, read back as a spreadsheet would, after checking the BOM. */
function csvOf(body: string) {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  expect(body.split('\r\n')[0]).toContain(';');
  const rows = parseCsv(body).map((row) => row.values);
  return { header: rows[0]!, rows: rows.slice(1) };
}

async function expectSpanish422(url: string, token = seller.token) {
  const response = await get(url, token);
  expect(response.statusCode, url).toBe(422);
  expect(response.body, url).toMatch(/no válid|como máximo|fecha válida/);
}

describe('GET /api/v1/clientes/lista/{sellerId} — Solicitudes and Clientes', () => {
  const list = (words = '', token = seller.token, id = seller.id) =>
    get(`/api/v1/clientes/lista/${id}?page=1&per_page=10${words}`, token);
  const names = async (words = '', token = seller.token, id = seller.id) =>
    (await list(words, token, id)).json<Paged<ClientWithRequests>>().items.map((row) => row.nombre);

  it('answers every own client by name with their requests, as before, without the new words', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const page = response.json<Paged<ClientWithRequests>>();
    expect(page.items.map((row) => row.nombre)).toEqual(['Bruno 100% Díaz', 'Carla_Ruiz', 'Ána Márquez']);
    expect(page.total).toBe(3);
    expect(page.items[2]!.solicitudes.map((row) => row.numero_solicitud)).toEqual([
      'SOL-000102',
      'SOL-000101',
    ]);
  });

  it('finds by name (accents, case), cédula, phone or request number; misses answer empty', async () => {
    expect(await names('&q=ANA')).toEqual(['Ána Márquez']);
    expect(await names('&q=22222')).toEqual(['Bruno 100% Díaz']);
    expect(await names('&q=0424999')).toEqual(['Carla_Ruiz']);
    expect(await names('&q=sol-000103')).toEqual(['Bruno 100% Díaz']);
    expect(await names('&q=con-000102')).toEqual(['Ána Márquez']);
    const miss = (await list('&q=nadie')).json<Paged<ClientWithRequests>>();
    expect(miss).toMatchObject({ items: [], total: 0 });
  });

  it('searches % and _ as they are, never as wildcards', async () => {
    expect(await names('&q=100%25')).toEqual(['Bruno 100% Díaz']);
    expect(await names('&q=a_r')).toEqual(['Carla_Ruiz']);
    expect(await names('&q=%25%25')).toEqual([]);
  });

  it("never gives a seller another seller's client; the supervisor searches the team's", async () => {
    expect(await names('&q=ana')).toEqual(['Ána Márquez']);
    expect(await names('&q=sol-000199')).toEqual([]);
    expect(await names('&q=ana', outsider.token, outsider.id)).toEqual(['Ana Ajena']);
    expect(await names('&q=ana', supervisor.token, supervisor.id)).toEqual(['Ána Márquez']);
    expect((await list('&q=ana', outsider.token, seller.id)).statusCode).toBe(403);
    const csv = await get(`/api/v1/clientes/lista/${seller.id}?formato=csv&q=ana`);
    expect(csvOf(csv.body).rows.map((row) => row[0])).toEqual(['Ána Márquez', 'Ána Márquez']);
    expect((await get(`/api/v1/clientes/lista/${seller.id}?formato=csv`, outsider.token)).statusCode).toBe(
      403,
    );
  });

  it('sorts by name, cédula, phone and newest request, both ways, ties by id', async () => {
    const byName = await names('&orden=nombre');
    expect(await names('&orden=-nombre')).toEqual([...byName].reverse());
    expect(await names('&orden=cedula')).toEqual(['Ána Márquez', 'Bruno 100% Díaz', 'Carla_Ruiz']);
    expect(await names('&orden=-cedula')).toEqual(['Carla_Ruiz', 'Bruno 100% Díaz', 'Ána Márquez']);
    expect(await names('&orden=telefono')).toEqual(['Ána Márquez', 'Carla_Ruiz', 'Bruno 100% Díaz']);
    // Newest request first; the client without any goes last either way round.
    expect(await names('&orden=-fecha')).toEqual(['Bruno 100% Díaz', 'Ána Márquez', 'Carla_Ruiz']);
    expect(await names('&orden=fecha')).toEqual(['Carla_Ruiz', 'Ána Márquez', 'Bruno 100% Díaz']);
  });

  it('filters by state, service and creation day, showing only the matching requests', async () => {
    const contracts = (await list('&estado=contrato')).json<Paged<ClientWithRequests>>();
    expect(contracts.items.map((row) => row.nombre)).toEqual(['Ána Márquez']);
    expect(contracts.items[0]!.solicitudes.map((row) => row.numero_solicitud)).toEqual(['SOL-000102']);
    expect(await names('&servicio=plan-funerario')).toEqual(['Bruno 100% Díaz']);
    expect(await names('&desde=2026-01-01&hasta=2026-01-31')).toEqual(['Ána Márquez']);
    expect(await names('&desde=2026-02-16')).toEqual(['Bruno 100% Díaz']);
    expect(await names('&estado=&servicio=')).toHaveLength(3);
  });

  it('exports the filter as CSV: BOM, ;, the screen titles, one row per request, decimal comma', async () => {
    const response = await get(`/api/v1/clientes/lista/${seller.id}?formato=csv&orden=nombre`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="clientes-\d{4}-\d{2}-\d{2}\.csv"/);
    const { header, rows } = csvOf(response.body);
    expect(header.slice(0, 6)).toEqual([
      'Nombre',
      'Cédula',
      'Teléfono',
      'Dirección',
      'Correo',
      'No. Transacción',
    ]);
    // By name as a reader orders it: 'Ána' among the a's.
    expect(rows.map((row) => [row[0], row[5]])).toEqual([
      ['Ána Márquez', 'CON-000102'],
      ['Ána Márquez', 'SOL-000101'],
      ['Bruno 100% Díaz', 'SOL-000103'],
      ['Carla_Ruiz', ''],
    ]);
    expect(rows[0]!.slice(6)).toEqual([
      'Cremación',
      'De Contado',
      '15/02/2026',
      'CONTRATO',
      'PAGADO',
      '2500,25',
    ]);
    const filtered = csvOf(
      (await get(`/api/v1/clientes/lista/${seller.id}?formato=csv&servicio=parcelas`)).body,
    );
    expect(filtered.rows.map((row) => [row[5], row[11]])).toEqual([['SOL-000101', '1000,50']]);
  });

  it('refuses bad words with a Spanish 4xx, never a 500', async () => {
    await expectSpanish422(`/api/v1/clientes/lista/${seller.id}?orden=clave`);
    await expectSpanish422(`/api/v1/clientes/lista/${seller.id}?estado=caducada`);
    await expectSpanish422(`/api/v1/clientes/lista/${seller.id}?servicio=yates`);
    await expectSpanish422(`/api/v1/clientes/lista/${seller.id}?desde=2026-13-01`);
    await expectSpanish422(`/api/v1/clientes/lista/${seller.id}?formato=xls`);
    await expectSpanish422(`/api/v1/clientes/lista/${seller.id}?q=${'a'.repeat(101)}`);
    const range = await get(`/api/v1/clientes/lista/${seller.id}?desde=2026-03-01&hasta=2026-01-01`);
    expect(range.statusCode).toBe(400);
    expect(range.json<{ detail: string }>().detail).toBe(
      'La fecha inicial no puede ser posterior a la fecha final.',
    );
  });
});

describe('GET /api/v1/contratos/lista/{sellerId} — Contratos', () => {
  it('searches, sorts and exports only the clients with contracts, and only the contracts', async () => {
    const page = (await get(`/api/v1/contratos/lista/${seller.id}?page=1&per_page=10&q=con-000102`)).json<
      Paged<ClientWithRequests>
    >();
    expect(page.items.map((row) => row.nombre)).toEqual(['Ána Márquez']);
    expect(page.items[0]!.contratos.map((row) => row.numero_contrato)).toEqual(['CON-000102']);
    const none = (await get(`/api/v1/contratos/lista/${seller.id}?page=1&per_page=10&q=bruno`)).json<
      Paged<ClientWithRequests>
    >();
    expect(none.total).toBe(0);
    const csv = await get(`/api/v1/contratos/lista/${seller.id}?formato=csv`);
    expect(csv.headers['content-disposition']).toMatch(/filename="contratos-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csvOf(csv.body).rows.map((row) => row[5])).toEqual(['CON-000102']);
    expect(
      csvOf((await get(`/api/v1/contratos/lista/${outsider.id}?formato=csv`, outsider.token)).body).rows,
    ).toEqual([]);
  });
});

describe('GET /api/vendedor/list/{promotorId} — Lista de Vendedores', () => {
  const sellers = async (words: string, token = supervisor.token) =>
    (await get(`/api/vendedor/list/${supervisor.id}${words}`, token))
      .json<SellerSummary[]>()
      .map((row) => row.usuario);

  it('keeps SPEC §7 answer, searches the team, sorts both ways and pages', async () => {
    expect(await sellers('')).toEqual(['Beto_Zamora', 'Vicente Ñáñez']);
    expect(await sellers('?q=nanez')).toEqual(['Vicente Ñáñez']);
    expect(await sellers('?q=4125550001')).toEqual(['Vicente Ñáñez']);
    expect(await sellers('?q=o_z')).toEqual(['Beto_Zamora']);
    expect(await sellers('?q=otro')).toEqual([]);
    expect(await sellers('?orden=-usuario')).toEqual(['Vicente Ñáñez', 'Beto_Zamora']);
    expect(await sellers('?orden=email')).toEqual(['Beto_Zamora', 'Vicente Ñáñez']);
    expect(await sellers('?orden=-email')).toEqual(['Vicente Ñáñez', 'Beto_Zamora']);
    const page = await get(
      `/api/vendedor/list/${supervisor.id}?orden=usuario&page=2&per_page=1`,
      supervisor.token,
    );
    expect(page.headers['x-total-count']).toBe('2');
    expect(page.json<SellerSummary[]>().map((row) => row.usuario)).toEqual(['Vicente Ñáñez']);
  });

  it("exports the team as CSV, refuses a seller and another supervisor's team", async () => {
    const csv = await get(`/api/vendedor/list/${supervisor.id}?formato=csv&q=vicente`, supervisor.token);
    expect(csv.headers['content-disposition']).toMatch(/filename="vendedores-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csvOf(csv.body)).toEqual({
      header: ['Vendedor', 'Email', 'Teléfono'],
      rows: [['Vicente Ñáñez', 'vicente@test.local', '4125550001']],
    });
    expect((await get(`/api/vendedor/list/${supervisor.id}?formato=csv`, seller.token)).statusCode).toBe(403);
    const other = await userWithRole(t.app, admin, 'supervisor');
    expect((await get(`/api/vendedor/list/${supervisor.id}?q=a`, other.token)).statusCode).toBe(403);
    await expectSpanish422(`/api/vendedor/list/${supervisor.id}?orden=clave`, supervisor.token);
  });
});

describe('GET /api/reporte-pagos/solicitudes/{vendedorId} — Reporte de pagos', () => {
  const numbers = async (words = '', token = seller.token, id = seller.id) => {
    const response = await get(`/api/reporte-pagos/solicitudes/${id}?page=1&per_page=10${words}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Paged<RequestDto>>().items.map((row) => row.numero_solicitud);
  };

  it('keeps SPEC §7 answer (newest first, estado_pago) and searches by client or number', async () => {
    expect(await numbers()).toEqual(['SOL-000103', 'SOL-000102', 'SOL-000101']);
    expect(await numbers('&estado_pago=pagados')).toEqual(['SOL-000102']);
    expect(await numbers('&q=marquez')).toEqual(['SOL-000102', 'SOL-000101']);
    expect(await numbers('&q=V-2222')).toEqual(['SOL-000103']);
    expect(await numbers('&q=CON-000102')).toEqual(['SOL-000102']);
    expect(await numbers('&q=100%25')).toEqual(['SOL-000103']);
    expect(await numbers('&q=a_r')).toEqual([]);
    expect(await numbers('&q=ajena')).toEqual([]);
    expect(await numbers('&q=ajena', outsider.token, outsider.id)).toEqual(['SOL-000199']);
    expect(await numbers('&q=ajena', supervisor.token, supervisor.id)).toEqual([]);
  });

  it('sorts by each column both ways', async () => {
    for (const field of PAYMENT_REPORT_SORT_FIELDS) {
      const ascending = await numbers(`&orden=${field}`);
      expect(await numbers(`&orden=-${field}`), field).toEqual([...ascending].reverse());
    }
    expect(await numbers('&orden=monto')).toEqual(['SOL-000103', 'SOL-000101', 'SOL-000102']);
    expect(await numbers('&orden=cliente')).toEqual(['SOL-000101', 'SOL-000102', 'SOL-000103'].sort());
  });

  it('gives the client names back intact when the search and a name order meet', async () => {
    const response = await get(
      `/api/reporte-pagos/solicitudes/${seller.id}?page=1&per_page=10&q=marquez&orden=-cliente`,
    );
    const names = response.json<Paged<RequestDto>>().items.map((row) => row.cliente.nombre);
    expect(names).toEqual(['Ána Márquez', 'Ána Márquez']);
    const history = await get('/api/v1/pagos/historial?page=1&per_page=10&q=a&orden=cliente');
    expect(history.json<Paged<PaymentReport>>().items.map((row) => row.cliente)).toEqual([
      'Ána Márquez',
      'Bruno 100% Díaz',
    ]);
    const csv = await get(`/api/v1/clientes/lista/${seller.id}?formato=csv&q=a&orden=-nombre`);
    expect(csvOf(csv.body).rows.map((row) => row[0])).toEqual([
      'Carla_Ruiz',
      'Bruno 100% Díaz',
      'Ána Márquez',
      'Ána Márquez',
    ]);
  });

  it('filters by service and creation day', async () => {
    expect(await numbers('&servicio=cremacion')).toEqual(['SOL-000102']);
    expect(await numbers('&desde=2026-02-01&hasta=2026-02-28')).toEqual(['SOL-000102']);
    expect(await numbers('&hasta=2026-01-10')).toEqual(['SOL-000101']);
  });

  it('exports the filter as CSV with amounts in the Venezuelan format, own rows only', async () => {
    const response = await get(`/api/reporte-pagos/solicitudes/${seller.id}?formato=csv&orden=numero`);
    expect(response.headers['content-disposition']).toMatch(
      /filename="reporte-pagos-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const { header, rows } = csvOf(response.body);
    expect(header[0]).toBe('Nº Solicitud');
    expect(rows.map((row) => row[0])).toEqual(['SOL-000101', 'SOL-000102', 'SOL-000103']);
    expect(rows[1]).toEqual([
      'SOL-000102',
      'CON-000102',
      'Ána Márquez',
      'V-11111111',
      'Cremación',
      '15/02/2026',
      '',
      'De Contado',
      'USD',
      '99,75',
      '2500,25',
      '2600,00',
      'PAGADO',
    ]);
    const outsiders = csvOf(
      (await get(`/api/reporte-pagos/solicitudes/${outsider.id}?formato=csv`, outsider.token)).body,
    );
    expect(outsiders.rows.map((row) => row[0])).toEqual(['SOL-000199']);
    expect(
      (await get(`/api/reporte-pagos/solicitudes/${seller.id}?formato=csv`, outsider.token)).statusCode,
    ).toBe(403);
  });

  it('refuses a bad orden, servicio or date with a Spanish 4xx', async () => {
    const badSort = await get(`/api/reporte-pagos/solicitudes/${seller.id}?orden=precio`);
    expect(badSort.statusCode).toBe(422);
    expect(badSort.json<{ detail: { msg: string }[] }>().detail[0]!.msg).toBe(
      LIST_MESSAGES.ordenInvalido(PAYMENT_REPORT_SORT_FIELDS),
    );
    await expectSpanish422(`/api/reporte-pagos/solicitudes/${seller.id}?servicio=yates`);
    await expectSpanish422(`/api/reporte-pagos/solicitudes/${seller.id}?hasta=ayer`);
    expect(
      (await get(`/api/reporte-pagos/solicitudes/${seller.id}?desde=2026-02-01&hasta=2026-01-01`)).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/v1/pagos/historial — Historial de pagos', () => {
  const references = async (words = '', token = seller.token) => {
    const response = await get(`/api/v1/pagos/historial?page=1&per_page=10${words}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Paged<PaymentReport>>().items.map((row) => row.referencia);
  };

  it('keeps the newest-first answer, searches by client, number or reference, own payments only', async () => {
    expect(await references()).toEqual(['ABC_1', 'REF-777']);
    expect(await references('&q=ref-7')).toEqual(['REF-777']);
    expect(await references('&q=c_1')).toEqual(['ABC_1']);
    expect(await references('&q=bruno')).toEqual(['ABC_1']);
    expect(await references('&q=con-000102')).toEqual(['REF-777']);
    expect(await references('&q=ajena')).toEqual([]);
    expect(await references('&q=ajena', outsider.token)).toEqual(['REF-AJENA']);
    expect(await references('&q=ref', supervisor.token)).toEqual(['REF-777']);
    expect(await references('&q=ref', admin)).toEqual(['REF-777', 'REF-AJENA']);
  });

  it('sorts by each column both ways and filters by verification and day', async () => {
    for (const field of ['fecha', 'numero', 'cliente', 'monto']) {
      const ascending = await references(`&orden=${field}`);
      expect(await references(`&orden=-${field}`), field).toEqual([...ascending].reverse());
    }
    expect(await references('&orden=monto')).toEqual(['ABC_1', 'REF-777']);
    expect(await references('&verificacion=verificado')).toEqual(['REF-777']);
    expect(await references('&verificacion=por_verificar')).toEqual(['ABC_1']);
    expect(await references('&desde=2026-03-01')).toEqual(['ABC_1']);
    expect(await references('&hasta=2026-02-16')).toEqual(['REF-777']);
  });

  it('exports the filter as CSV: BOM, ;, decimal comma, own rows only', async () => {
    const response = await get('/api/v1/pagos/historial?formato=csv&orden=fecha');
    expect(response.headers['content-disposition']).toMatch(
      /filename="historial-pagos-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const { header, rows } = csvOf(response.body);
    expect(header.slice(0, 6)).toEqual([
      'Fecha',
      'No. Transacción',
      'Cliente',
      'Concepto',
      'Método',
      'Monto Pagado',
    ]);
    expect(rows.map((row) => row[8])).toEqual(['REF-777', 'ABC_1']);
    expect(rows[0]!.slice(0, 7)).toEqual([
      '16/02/2026',
      'CON-000102',
      'Ána Márquez',
      'Pago de contado del contrato CON-000102',
      'USD',
      '2500,25',
      '2500,25',
    ]);
    expect(rows[0]![10]).toBe('Verificado');
    const outsiders = csvOf((await get('/api/v1/pagos/historial?formato=csv', outsider.token)).body);
    expect(outsiders.rows.map((row) => row[8])).toEqual(['REF-AJENA']);
  });

  it('refuses bad words with a Spanish 4xx', async () => {
    await expectSpanish422('/api/v1/pagos/historial?orden=referencia');
    await expectSpanish422('/api/v1/pagos/historial?verificacion=quizas');
    expect((await get('/api/v1/pagos/historial?desde=2026-03-01&hasta=2026-01-01')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/cuotas/contratos-financiados — Reporte de cuotas (the payments lists own its tools)', () => {
  it("never gives a seller another seller's financed contract, in the search or the CSV", async () => {
    const base = {
      tipoServicio: 'cremacion',
      modalidadPago: 'Financiado',
      estado: 'contrato',
      fechaVencimiento: at('2026-12-31T12:00:00Z'),
      fechaConversion: at('2026-04-01T15:00:00Z'),
      montoTotal: '1000',
    };
    const ana = (await t.db.select().from(clientes)).find((row) => row.nombre === 'Ána Márquez')!;
    const ajena = (await t.db.select().from(clientes)).find((row) => row.nombre === 'Ana Ajena')!;
    await request({
      ...base,
      numeroSolicitud: 'SOL-000301',
      numeroContrato: 'CON-000301',
      clienteId: ana.id,
      vendedorId: seller.id,
    });
    await request({
      ...base,
      numeroSolicitud: 'SOL-000302',
      numeroContrato: 'CON-000302',
      clienteId: ajena.id,
      vendedorId: outsider.id,
    });
    const contracts = async (words: string, token: string) =>
      (await get(`/api/v1/cuotas/contratos-financiados?${words}`, token))
        .json<RequestDto[]>()
        .map((row) => row.numero_contrato);
    expect(await contracts('q=ana', seller.token)).toEqual(['CON-000301']);
    expect(await contracts('q=con-0003', outsider.token)).toEqual(['CON-000302']);
    expect(await contracts('q=con-0003', supervisor.token)).toEqual(['CON-000301']);
    const csv = await get('/api/v1/cuotas/contratos-financiados?formato=csv', seller.token);
    expect(csvOf(csv.body).rows.map((row) => row[0])).toEqual(['CON-000301']);
  });
});
