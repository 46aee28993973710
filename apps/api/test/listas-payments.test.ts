import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COLLECTION_SORT_FIELDS,
  CONTRACT_MESSAGES,
  FINANCED_CONTRACT_CSV_HEADER,
  FINANCED_CONTRACT_SORT_FIELDS,
  INCOME_CONTRACT_CSV_HEADER,
  INCOME_CONTRACT_SORT_FIELDS,
  LIST_MESSAGES,
  parseCsv,
  PAYMENT_LIST_MESSAGES,
  serviceLabel,
  VERIFICATION_CSV_HEADER,
  VERIFICATION_SORT_FIELDS,
  type CollectionsResponse,
  type IncomeSummary,
  type RequestDto,
  type VerificationPage,
} from '@camposanto/domain';
import { clientes, pagos, solicitudes } from '../src/db/schema';
import { businessDayStart } from '../src/lib/business-time';
import { bearer, userWithRole, type TestUser } from './helpers/auth';
import { addDays, debtContract, today } from './helpers/debts';
import { insertCliente } from './helpers/fixtures';
import { salesTeam } from './helpers/sales-team';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 15 (decision 032) on the payments lists of the administration: Historial de Cuotas (financed contracts),
// Historial de ingresos (its contracts table), Cobranza and the verification queue — search, sort, filters, CSV,
// and each answer unchanged without the new words.

let t: TestApp;
let admin: string;
let supervisor: TestUser;
let seller: TestUser; // led by `supervisor`
let otherSeller: TestUser;
let asistente: TestUser;
/** A seller of this file's own, so that its contracts are the only ones of their filters. */
let owner: TestUser;

type Contract = Awaited<ReturnType<typeof debtContract>>;
let zacarias: Contract; // 'Zacarías Ñáñez', 3 overdue instalments, 10 days
let beatriz: Contract; // 'Beatriz 100% Ávila', 1 overdue, 45 days, sepultura
let carlos: Contract; // 'Carlos Guion_Bajo', 2 overdue, 95 days, of otherSeller

async function namedClient(sellerId: number, nombre: string, cedula: string) {
  const client = await insertCliente(t.db, sellerId);
  await t.db.update(clientes).set({ nombre, cedula }).where(eq(clientes.id, client.id));
  return client;
}

/** A financed contract created on `day` (Caracas), with overdue instalments of `monto` each. */
async function contract(args: {
  sellerId: number;
  nombre: string;
  cedula: string;
  day: string;
  servicio: string;
  precio: string;
  overdue: { monto: string; daysOverdue: number }[];
}) {
  const client = await namedClient(args.sellerId, args.nombre, args.cedula);
  const row = await debtContract(t.db, {
    sellerId: args.sellerId,
    clientId: client.id,
    servicio: args.servicio,
    instalments: args.overdue,
  });
  const fecha = new Date(businessDayStart(args.day).getTime() + 12 * 3_600_000);
  await t.db
    .update(solicitudes)
    .set({
      fechaCreacion: fecha,
      fechaConversion: fecha,
      precioPlan: args.precio,
      precioConDescuento: args.precio,
      montoTotal: args.precio,
    })
    .where(eq(solicitudes.id, row.id));
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, supervisor, seller, otherSeller, asistente } = await salesTeam(t.app));
  owner = await userWithRole(t.app, admin, 'vendedor');
  zacarias = await contract({
    sellerId: owner.id,
    nombre: 'Zacarías Ñáñez',
    cedula: 'V-11222333',
    day: '2026-03-10',
    servicio: 'cremacion',
    precio: '1500.50',
    overdue: [
      { monto: '100.10', daysOverdue: 10 },
      { monto: '100.10', daysOverdue: 9 },
      { monto: '100.10', daysOverdue: 8 },
    ],
  });
  beatriz = await contract({
    sellerId: owner.id,
    nombre: 'Beatriz 100% Ávila',
    cedula: 'V-44555666',
    day: '2026-05-20',
    servicio: 'sepultura',
    precio: '2500.00',
    overdue: [{ monto: '250.25', daysOverdue: 45 }],
  });
  carlos = await contract({
    sellerId: otherSeller.id,
    nombre: 'Carlos Guion_Bajo',
    cedula: 'V-77888999',
    day: '2026-07-01',
    servicio: 'cremacion',
    precio: '900.99',
    overdue: [
      { monto: '50.00', daysOverdue: 95 },
      { monto: '50.00', daysOverdue: 60 },
    ],
  });
});
afterAll(() => t.close());

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function ok<T>(url: string, token = admin) {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json<T>(), headers: response.headers };
}

/** The CSV's rows after the header, read back as a spreadsheet would, and its file name. */
async function csvOf(url: string, token = admin) {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('text/csv');
  expect(response.body.charCodeAt(0)).toBe(0xfeff);
  expect(response.body.split('\r\n')[0]).toContain(';');
  const rows = parseCsv(response.body).map((row) => row.values);
  return {
    header: rows[0],
    rows: rows.slice(1),
    disposition: String(response.headers['content-disposition']),
  };
}

/** A bad word is a Spanish 4xx naming what is wrong, never a 500. */
async function expectRefused(url: string, text: string) {
  const response = await get(url);
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  expect(response.body).toContain(text);
}

const ours = (numbers: (string | null)[]) =>
  numbers.filter((number) => [zacarias, beatriz, carlos].some((row) => row.numeroContrato === number));

describe('GET /api/v1/cuotas/contratos-financiados — search, sort, filters and CSV', () => {
  const url = '/api/v1/cuotas/contratos-financiados';
  const numbers = async (query: string, token = admin) =>
    (await ok<RequestDto[]>(`${url}?per_page=100&${query}`, token)).body.map(
      (contract) => contract.numero_contrato,
    );

  it('answers as before without the new words: newest conversion first, the count in X-Total-Count', async () => {
    const { body, headers } = await ok<RequestDto[]>(`${url}?page=1&per_page=100`);
    expect(ours(body.map((contract) => contract.numero_contrato))).toEqual([
      carlos.numeroContrato,
      beatriz.numeroContrato,
      zacarias.numeroContrato,
    ]);
    expect(headers['x-total-count']).toBe(String(body.length));
  });

  it('finds by client name (accents and case ignored), cédula and contract number; a miss is empty', async () => {
    expect(await numbers('q=nanez')).toEqual([zacarias.numeroContrato]);
    expect(await numbers('q=%C3%81VILA')).toEqual([beatriz.numeroContrato]);
    expect(await numbers('q=77888')).toEqual([carlos.numeroContrato]);
    expect(await numbers(`q=${zacarias.numeroContrato}`)).toEqual([zacarias.numeroContrato]);
    const miss = await ok<RequestDto[]>(`${url}?page=1&q=nadie-se-llama-asi`);
    expect(miss.body).toEqual([]);
    expect(miss.headers['x-total-count']).toBe('0');
  });

  it('searches % and _ as they are', async () => {
    expect(await numbers('q=100%25')).toEqual([beatriz.numeroContrato]);
    expect(await numbers('q=guion_b')).toEqual([carlos.numeroContrato]);
    expect(await numbers('q=n_nez')).toEqual([]);
  });

  it('sorts by each column both ways', async () => {
    for (const field of FINANCED_CONTRACT_SORT_FIELDS) {
      const ascending = await numbers(`orden=${field}`);
      const descending = await numbers(`orden=-${field}`);
      expect(descending, field).toEqual([...ascending].reverse());
    }
    expect(ours(await numbers('orden=cliente'))).toEqual([
      beatriz.numeroContrato,
      carlos.numeroContrato,
      zacarias.numeroContrato,
    ]);
    expect(ours(await numbers('orden=-precio_plan'))).toEqual([
      beatriz.numeroContrato,
      zacarias.numeroContrato,
      carlos.numeroContrato,
    ]);
  });

  it('filters by seller, service and creation dates (Caracas business days, hasta inclusive)', async () => {
    expect(await numbers(`vendedor_id=${owner.id}&orden=fecha_creacion`)).toEqual([
      zacarias.numeroContrato,
      beatriz.numeroContrato,
    ]);
    expect(ours(await numbers('servicio=sepultura'))).toEqual([beatriz.numeroContrato]);
    expect(ours(await numbers('desde=2026-05-20&hasta=2026-07-01&orden=fecha_creacion'))).toEqual([
      beatriz.numeroContrato,
      carlos.numeroContrato,
    ]);
    expect(ours(await numbers('hasta=2026-05-19'))).toEqual([zacarias.numeroContrato]);
  });

  it('keeps a seller to their own contracts, search and CSV alike, and refuses another seller', async () => {
    expect(await numbers('q=a', owner.token)).toEqual([beatriz.numeroContrato, zacarias.numeroContrato]);
    expect((await csvOf(`${url}?formato=csv&q=carlos`, owner.token)).rows).toEqual([]);
    const refused = await get(`${url}?vendedor_id=${otherSeller.id}`, owner.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(CONTRACT_MESSAGES.vendedorAjeno);
    expect(await numbers('q=carlos', supervisor.token)).toEqual([]);
  });

  it('exports the filter as CSV: BOM, ;, the screen titles, decimal comma, one row per contract', async () => {
    const csv = await csvOf(`${url}?formato=csv&vendedor_id=${owner.id}&orden=-precio_plan`);
    expect(csv.header).toEqual(FINANCED_CONTRACT_CSV_HEADER);
    expect(csv.disposition).toMatch(/filename="cuotas-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.rows.map((row) => [row[0], row[2], row[3], row[4], row[5], row[8]])).toEqual([
      [
        beatriz.numeroContrato,
        'Beatriz 100% Ávila',
        'V-44555666',
        '2026-05-20',
        serviceLabel('sepultura'),
        '2500,00',
      ],
      [
        zacarias.numeroContrato,
        'Zacarías Ñáñez',
        'V-11222333',
        '2026-03-10',
        serviceLabel('cremacion'),
        '1500,50',
      ],
    ]);
  });

  it('refuses a bad orden, date range or seller with a Spanish 4xx', async () => {
    await expectRefused(`${url}?orden=clave`, 'Orden no válido');
    await expectRefused(`${url}?desde=2026-02-30`, 'fecha válida');
    await expectRefused(
      `${url}?desde=2026-05-02&hasta=2026-05-01`,
      'La fecha inicial no puede ser posterior a la fecha final.',
    );
    await expectRefused(`${url}?vendedor_id=abc`, 'Vendedor no válido');
    await expectRefused(`${url}?q=${'x'.repeat(101)}`, LIST_MESSAGES.busquedaMuyLarga);
  });
});

describe('GET /api/v1/cobranza — search and sort', () => {
  const url = '/api/v1/cobranza';
  const numbers = async (query: string, token = admin) =>
    (await ok<CollectionsResponse>(`${url}?per_page=100&${query}`, token)).body.items.map(
      (item) => item.numero_contrato,
    );

  it('answers as before without the new words: oldest debt first', async () => {
    expect(ours(await numbers(''))).toEqual([
      carlos.numeroContrato,
      beatriz.numeroContrato,
      zacarias.numeroContrato,
    ]);
  });

  it('finds by client, cédula or contract number, and the totals are those of the search, to the cent', async () => {
    const { body } = await ok<CollectionsResponse>(`${url}?q=nanez`);
    expect(body.items.map((item) => item.numero_contrato)).toEqual([zacarias.numeroContrato]);
    expect(body.total).toBe(1);
    expect(body.totales).toEqual({ '1-30': 300.3, '31-60': 0, '61-90': 0, '90+': 0 });
    expect(await numbers('q=44555')).toEqual([beatriz.numeroContrato]);
    expect(await numbers(`q=${carlos.numeroContrato}`)).toEqual([carlos.numeroContrato]);
    expect(await numbers('q=100%25')).toEqual([beatriz.numeroContrato]);
    expect(await numbers('q=n_nez')).toEqual([]);
  });

  it('sorts by each column both ways; by days overdue, most first when descending', async () => {
    for (const field of COLLECTION_SORT_FIELDS) {
      const ascending = await numbers(`orden=${field}`);
      const descending = await numbers(`orden=-${field}`);
      expect(descending, field).toEqual([...ascending].reverse());
    }
    expect(ours(await numbers('orden=-dias_mora'))).toEqual([
      carlos.numeroContrato,
      beatriz.numeroContrato,
      zacarias.numeroContrato,
    ]);
    expect(ours(await numbers('orden=-cuotas_vencidas'))).toEqual([
      zacarias.numeroContrato,
      carlos.numeroContrato,
      beatriz.numeroContrato,
    ]);
  });

  it('exports the search in its order as CSV, and keeps a seller to their own contracts', async () => {
    const csv = await csvOf(`${url}?formato=csv&vendedor_id=${owner.id}&orden=cliente`);
    expect(
      csv.rows.filter((row) => row[0]?.startsWith('CON-')).map((row) => [row[0], row[1], row[7]]),
    ).toEqual([
      [beatriz.numeroContrato, 'Beatriz 100% Ávila', '250,25'],
      [zacarias.numeroContrato, 'Zacarías Ñáñez', '300,30'],
    ]);
    expect(await numbers('q=carlos', seller.token)).toEqual([]);
    expect(await numbers('q=carlos', owner.token)).toEqual([]);
  });

  it('refuses a bad orden with a Spanish 4xx', async () => {
    await expectRefused(`${url}?orden=-telefono`, 'Orden no válido');
  });
});

describe('GET /api/v1/admin/historial-ingresos-resumen — search, sort and CSV of its contracts', () => {
  const url = '/api/v1/admin/historial-ingresos-resumen';
  it('narrows the contracts table by a search, never the summary nor the totals', async () => {
    const all = await ok<IncomeSummary>(`${url}?vendedor_id=${owner.id}`);
    expect(all.body.total_contratos).toBe(2);
    const searched = await ok<IncomeSummary>(`${url}?vendedor_id=${owner.id}&q=avila`);
    expect(searched.body.contratos.map((row) => row.numero_contrato)).toEqual([beatriz.numeroContrato]);
    expect(searched.body.total_contratos).toBe(1);
    expect(searched.body.totales).toEqual(all.body.totales);
    expect(searched.body.vendedores).toEqual(all.body.vendedores);
    expect(all.body.totales.total_financiado).toBe(4000.5);
    const miss = await ok<IncomeSummary>(`${url}?q=nadie-se-llama-asi`);
    expect(miss.body.contratos).toEqual([]);
    expect(miss.body.total_contratos).toBe(0);
    expect((await ok<IncomeSummary>(`${url}?q=guion_b`)).body.contratos).toHaveLength(1);
  });

  it('sorts the contracts by each column both ways, the total count unchanged', async () => {
    const numbers = async (orden: string) => {
      const { body } = await ok<IncomeSummary>(`${url}?per_page=500&orden=${orden}`);
      return body.contratos.map((row) => row.numero_contrato);
    };
    for (const field of INCOME_CONTRACT_SORT_FIELDS) {
      expect(await numbers(`-${field}`), field).toEqual([...(await numbers(field))].reverse());
    }
    expect(ours(await numbers('-monto_total'))).toEqual([
      beatriz.numeroContrato,
      zacarias.numeroContrato,
      carlos.numeroContrato,
    ]);
  });

  it('exports every contract of the filter as CSV (not only the page), amounts with the decimal comma', async () => {
    const csv = await csvOf(`${url}?formato=csv&vendedor_id=${owner.id}&orden=fecha_creacion&per_page=1`);
    expect(csv.header).toEqual(INCOME_CONTRACT_CSV_HEADER);
    expect(csv.disposition).toMatch(/filename="historial-ingresos-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.rows.map((row) => [row[0], row[1], row[4], row[5], row[7], row[8]])).toEqual([
      [zacarias.numeroContrato, 'Zacarías Ñáñez', '2026-03-10', 'Financiado', '1500,50', '0,00'],
      [beatriz.numeroContrato, 'Beatriz 100% Ávila', '2026-05-20', 'Financiado', '2500,00', '0,00'],
    ]);
  });

  it('keeps its roles: a seller is refused; a bad orden is a Spanish 4xx', async () => {
    expect((await get(`${url}?q=avila`, owner.token)).statusCode).toBe(403);
    expect((await get(`${url}?formato=csv`, supervisor.token)).statusCode).toBe(403);
    expect((await get(`${url}?q=avila`, asistente.token)).statusCode).toBe(200);
    await expectRefused(`${url}?orden=pagado`, 'Orden no válido');
  });
});

describe('GET /api/v1/admin/verificacion-pagos — search, sort, filters and CSV', () => {
  const url = '/api/v1/admin/verificacion-pagos';
  let dollars: number;
  let bolivars: number;
  let decided: number;

  beforeAll(async () => {
    const day = addDays(today(), -3);
    const rows = await t.db
      .insert(pagos)
      .values([
        {
          solicitudId: zacarias.id,
          vendedorId: owner.id,
          tipo: 'inicial',
          metodoPago: 'USD',
          divisas: '120.40',
          montoPagado: '120.40',
          bancoEmisor: 'Banesco',
          referencia: 'REF_777%',
          fechaPago: new Date(businessDayStart(day).getTime() + 3_600_000),
        },
        {
          solicitudId: beatriz.id,
          vendedorId: owner.id,
          tipo: 'inicial',
          metodoPago: 'VES',
          bolivares: '3650.00',
          dollarPrice: '36.5000',
          montoPagado: '100.00',
          bancoEmisor: 'Mercantil',
          referencia: '004455',
          fechaPago: new Date(businessDayStart(today()).getTime() + 3_600_000),
        },
        {
          solicitudId: carlos.id,
          vendedorId: otherSeller.id,
          tipo: 'inicial',
          metodoPago: 'USD',
          divisas: '80.00',
          montoPagado: '80.00',
          referencia: 'XYZ',
          estadoVerificacion: 'verificado',
        },
      ])
      .returning({ id: pagos.id });
    [dollars, bolivars, decided] = rows.map((row) => row.id) as [number, number, number];
  });

  const ids = async (query: string) =>
    (await ok<VerificationPage>(`${url}?per_page=100&${query}`)).body.items.map((item) => item.id);

  it('answers as before without the new words: the queue, oldest first', async () => {
    const { body, headers } = await ok<VerificationPage>(url);
    expect(body.items.map((item) => item.id)).toEqual([dollars, bolivars]);
    expect(body.total).toBe(2);
    expect(headers['x-total-count']).toBe('2');
  });

  it('finds by client, cédula, number and payment reference, % and _ literal', async () => {
    expect(await ids('q=nanez')).toEqual([dollars]);
    expect(await ids('q=44555')).toEqual([bolivars]);
    expect(await ids('q=004455')).toEqual([bolivars]);
    expect(await ids('q=ref_777%25')).toEqual([dollars]);
    expect(await ids('q=ref%25')).toEqual([]);
    expect(await ids(`estado=todos&q=${carlos.numeroContrato}`)).toEqual([decided]);
    expect((await ok<VerificationPage>(`${url}?q=nadie`)).headers['x-total-count']).toBe('0');
  });

  it('sorts by each column both ways', async () => {
    for (const field of VERIFICATION_SORT_FIELDS) {
      const ascending = await ids(`estado=todos&orden=${field}`);
      expect(await ids(`estado=todos&orden=-${field}`), field).toEqual([...ascending].reverse());
    }
    expect(await ids('estado=todos&orden=-monto_pagado')).toEqual([dollars, bolivars, decided]);
  });

  it('filters by currency, seller and payment dates', async () => {
    expect(await ids('moneda=usd')).toEqual([dollars]);
    expect(await ids('moneda=ves')).toEqual([bolivars]);
    expect(await ids(`estado=todos&vendedor_id=${otherSeller.id}`)).toEqual([decided]);
    expect(await ids(`desde=${today()}`)).toEqual([bolivars]);
    expect(await ids(`hasta=${addDays(today(), -1)}`)).toEqual([dollars]);
  });

  it('exports the filter as CSV with both currencies, the rate and the decimal comma', async () => {
    const csv = await csvOf(`${url}?formato=csv&orden=fecha_pago`);
    expect(csv.header).toEqual(VERIFICATION_CSV_HEADER);
    expect(csv.disposition).toMatch(/filename="verificacion-pagos-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.rows.map((row) => [row[0], row[3], row[5], row[6], row[7], row[8], row[10], row[11]])).toEqual(
      [
        [
          zacarias.numeroContrato,
          'Zacarías Ñáñez',
          '120,40',
          '120,40',
          '0,00',
          '',
          'REF_777%',
          'Por verificar',
        ],
        [
          beatriz.numeroContrato,
          'Beatriz 100% Ávila',
          '100,00',
          '0,00',
          '3650,00',
          '36,50',
          '004455',
          'Por verificar',
        ],
      ],
    );
  });

  it('keeps its roles and refuses bad words with a Spanish 4xx', async () => {
    expect((await get(`${url}?q=nanez`, owner.token)).statusCode).toBe(403);
    expect((await get(`${url}?formato=csv`, supervisor.token)).statusCode).toBe(403);
    expect((await get(`${url}?q=nanez`, asistente.token)).statusCode).toBe(200);
    await expectRefused(`${url}?orden=referencia`, 'Orden no válido');
    await expectRefused(`${url}?moneda=eur`, PAYMENT_LIST_MESSAGES.monedaInvalida);
    await expectRefused(
      `${url}?desde=2026-01-02&hasta=2026-01-01`,
      'La fecha inicial no puede ser posterior a la fecha final.',
    );
  });
});
