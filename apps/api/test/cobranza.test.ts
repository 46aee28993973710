import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agingBucket,
  COLLECTION_BUCKETS,
  COLLECTION_MESSAGES,
  CONTRACT_MESSAGES,
  MSG,
  parseCsv,
  type CollectionBucket,
  type CollectionsResponse,
} from '@camposanto/domain';
import { markOverdueInstalments } from '../src/modules/caducidad/service';
import { bearer, userWithRole, type TestUser } from './helpers/auth';
import { centsOf, debtClient, debtContract, today, type InstalmentSpec } from './helpers/debts';
import { salesTeam } from './helpers/sales-team';
import { assignSupervisor } from './helpers/sales-team';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 14 §2 Cobranza: GET /api/v1/cobranza — overdue instalments grouped by contract, aged by the oldest one
// (1–30, 31–60, 61–90, más de 90 days, from today's business date in Caracas), bucket totals over the whole filter,
// each role within its scope, and the CSV of the filter (docs/decisions/022).

let t: TestApp;
let admin: string;
let supervisor: TestUser;
let seller: TestUser; // led by `supervisor`
let otherSeller: TestUser;
let asistente: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, supervisor, seller, otherSeller, asistente } = await salesTeam(t.app));
});
afterAll(() => t.close());

function get(token: string, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return t.app.inject({ method: 'GET', url: `/api/v1/cobranza?${search}`, headers: bearer(token) });
}

async function list(token: string, query: Record<string, string | number> = {}) {
  const response = await get(token, { per_page: 500, ...query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CollectionsResponse>();
}

/** A seller of their own (so a test's sums are not mixed with another test's contracts). */
const newSeller = () => userWithRole(t.app, admin, 'vendedor');

/** The totals as a test computes them, independently of the server: cents per bucket of each contract. */
function expectedTotals(contracts: InstalmentSpec[][]) {
  const totals: Record<CollectionBucket, number> = { '1-30': 0, '31-60': 0, '61-90': 0, '90+': 0 };
  for (const instalments of contracts) {
    const overdue = instalments.filter(
      (spec) => (spec.estado ?? (spec.daysOverdue > 0 ? 'vencido' : '')) === 'vencido',
    );
    if (!overdue.length) continue;
    const oldest = Math.max(...overdue.map((spec) => spec.daysOverdue));
    totals[agingBucket(oldest)] += overdue.reduce((sum, spec) => sum + centsOf(spec.monto), 0);
  }
  return totals;
}

const centsTotals = (totales: CollectionsResponse['totales']) =>
  Object.fromEntries(COLLECTION_BUCKETS.map((bucket) => [bucket, centsOf(totales[bucket])]));

describe('GET /api/v1/cobranza: aging', () => {
  it('puts a debt in its bucket at each edge: 30/31, 60/61, 90/91 days', async () => {
    const owner = await newSeller();
    const client = await debtClient(t.db, owner.id);
    const days = [1, 30, 31, 60, 61, 90, 91, 400];
    const contracts = [];
    for (const daysOverdue of days) {
      contracts.push(
        await debtContract(t.db, {
          sellerId: owner.id,
          clientId: client.id,
          instalments: [{ monto: '10.00', daysOverdue }],
        }),
      );
    }
    const body = await list(owner.token);
    expect(body.total).toBe(days.length);
    const byId = new Map(body.items.map((item) => [item.contrato_id, item]));
    expect(
      contracts.map((contract) => [byId.get(contract.id)?.dias_mora, byId.get(contract.id)?.tramo]),
    ).toEqual([
      [1, '1-30'],
      [30, '1-30'],
      [31, '31-60'],
      [60, '31-60'],
      [61, '61-90'],
      [90, '61-90'],
      [91, '90+'],
      [400, '90+'],
    ]);
    // Oldest debt first.
    expect(body.items.map((item) => item.dias_mora)).toEqual([400, 91, 90, 61, 60, 31, 30, 1]);
    expect(body.totales).toEqual({ '1-30': 20, '31-60': 20, '61-90': 20, '90+': 20 });

    for (const [tramo, expected] of [
      ['1-30', [30, 1]],
      ['31-60', [60, 31]],
      ['61-90', [90, 61]],
      ['90+', [400, 91]],
    ] as const) {
      const filtered = await list(owner.token, { tramo });
      expect(filtered.items.map((item) => item.dias_mora)).toEqual(expected);
      expect(filtered.total).toBe(2);
      // The totals are those of the filter: only the chosen bucket has money.
      expect(filtered.totales[tramo]).toBe(20);
      expect(COLLECTION_BUCKETS.filter((bucket) => filtered.totales[bucket] !== 0)).toEqual([tramo]);
    }
  });

  it('groups a contract by its oldest overdue instalment, counting only the overdue ones, to the cent', async () => {
    const owner = await newSeller();
    const client = await debtClient(t.db, owner.id, 'deudor@cliente.test');
    const contract = await debtContract(t.db, {
      sellerId: owner.id,
      clientId: client.id,
      servicio: 'parcelas',
      instalments: [
        { monto: '100.10', daysOverdue: 95, estado: 'pagado' },
        { monto: '100.10', daysOverdue: 65 },
        { monto: '100.20', daysOverdue: 35 },
        { monto: '0.03', daysOverdue: 5 },
        { monto: '100.20', daysOverdue: -25 },
      ],
    });
    const [item] = (await list(owner.token)).items;
    expect(item).toEqual({
      contrato_id: contract.id,
      numero_contrato: contract.numeroContrato,
      cliente: client.nombre,
      telefono: '04141234567',
      email: 'deudor@cliente.test',
      vendedor: owner.username,
      servicio: 'parcelas',
      cuotas_vencidas: 3,
      monto_vencido: 200.33,
      dias_mora: 65,
      tramo: '61-90',
    });
  });

  it('ages what the overdue job marks: a pending instalment due yesterday is 1 day overdue once marked', async () => {
    const owner = await newSeller();
    const client = await debtClient(t.db, owner.id);
    await debtContract(t.db, {
      sellerId: owner.id,
      clientId: client.id,
      instalments: [
        { monto: '50.00', daysOverdue: 1, estado: 'pendiente' },
        { monto: '50.00', daysOverdue: 0, estado: 'pendiente' },
      ],
    });
    expect((await list(owner.token)).total).toBe(0);
    await markOverdueInstalments({ db: t.db });
    const body = await list(owner.token);
    expect(
      body.items.map((item) => [item.cuotas_vencidas, item.monto_vencido, item.dias_mora, item.tramo]),
    ).toEqual([[1, 50, 1, '1-30']]);
  });

  it('leaves out requests that are not contracts, paid and pending instalments', async () => {
    const owner = await newSeller();
    const client = await debtClient(t.db, owner.id);
    await debtContract(t.db, {
      sellerId: owner.id,
      clientId: client.id,
      estado: 'solicitud',
      instalments: [{ monto: '10.00', daysOverdue: 40 }],
    });
    await debtContract(t.db, {
      sellerId: owner.id,
      clientId: client.id,
      instalments: [
        { monto: '10.00', daysOverdue: 40, estado: 'pagado' },
        { monto: '10.00', daysOverdue: -3 },
      ],
    });
    expect(await list(owner.token)).toEqual({
      items: [],
      total: 0,
      totales: { '1-30': 0, '31-60': 0, '61-90': 0, '90+': 0 },
    });
  });

  it('bucket totals add up to the whole and equal an independent sum, to the cent (property)', async () => {
    const instalment = fc.record({
      monto: fc.integer({ min: 1, max: 99_999_99 }).map((cents) => (cents / 100).toFixed(2)),
      daysOverdue: fc.integer({ min: -40, max: 200 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(instalment, { minLength: 1, maxLength: 5 }), { maxLength: 6 }),
        async (contracts) => {
          const owner = await newSeller();
          const client = await debtClient(t.db, owner.id);
          for (const instalments of contracts) {
            await debtContract(t.db, { sellerId: owner.id, clientId: client.id, instalments });
          }
          const body = await list(admin, { vendedor_id: owner.id, per_page: 2 });
          expect(centsTotals(body.totales)).toEqual(expectedTotals(contracts));
          const all = await list(admin, { vendedor_id: owner.id });
          const whole = all.items.reduce((sum, item) => sum + centsOf(item.monto_vencido), 0);
          expect(COLLECTION_BUCKETS.reduce((sum, bucket) => sum + centsOf(body.totales[bucket]), 0)).toBe(
            whole,
          );
          expect(body.total).toBe(all.items.length);
          expect(body.items.length).toBeLessThanOrEqual(2);
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('GET /api/v1/cobranza: filters and pages', () => {
  it('filters by service and pages, keeping the count and totals of the whole filter', async () => {
    const owner = await newSeller();
    const client = await debtClient(t.db, owner.id);
    for (let n = 0; n < 5; n += 1) {
      await debtContract(t.db, {
        sellerId: owner.id,
        clientId: client.id,
        servicio: n < 3 ? 'parcelas' : 'cremacion',
        instalments: [{ monto: `${n + 1}.11`, daysOverdue: 10 + n }],
      });
    }
    const first = await list(owner.token, { servicio: 'parcelas', per_page: 2, page: 1 });
    const second = await list(owner.token, { servicio: 'parcelas', per_page: 2, page: 2 });
    expect(first.total).toBe(3);
    expect(second.total).toBe(3);
    expect(first.items.map((item) => item.dias_mora)).toEqual([12, 11]);
    expect(second.items.map((item) => item.dias_mora)).toEqual([10]);
    expect(first.totales['1-30']).toBe(6.33);
    expect((await list(owner.token, { servicio: 'cremacion' })).totales['1-30']).toBe(9.22);
    // Empty filters are no filters.
    expect(
      (await list(owner.token, { servicio: '', tramo: '', vendedor_id: '', supervisor_id: '' })).total,
    ).toBe(5);
    // A page past the end is empty, with the totals still there.
    const beyond = await list(owner.token, { page: 9, per_page: 2 });
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(5);
  });

  it.each([
    ['tramo=1-31', COLLECTION_MESSAGES.tramoInvalido],
    ['tramo=1-30&tramo=90%2B', COLLECTION_MESSAGES.tramoInvalido],
    ['vendedor_id=abc', MSG.numeroInvalido],
    ['vendedor_id=0', MSG.numeroInvalido],
    ['supervisor_id=99999999999', MSG.numeroInvalido],
    ['vendedor_id=1e3', MSG.numeroInvalido],
    ['vendedor_id=1&vendedor_id=2', MSG.numeroInvalido],
    ['page=0', undefined],
    ['page=-1', undefined],
    ['per_page=501', undefined],
    ['per_page=2.5', MSG.numeroInvalido],
    ['formato=xlsx', COLLECTION_MESSAGES.formatoInvalido],
    [`servicio=${'x'.repeat(61)}`, MSG.textoMuyLargo(60)],
    ['servicio=%00', undefined],
  ])('refuses %s with a Spanish 422, never a 500', async (query, message) => {
    // docs/api.md: a query that does not match its schema is a 422 with the field and a Spanish message.
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cobranza?${query}`,
      headers: bearer(admin),
    });
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json<{ detail: { loc: string[]; msg: string }[] }>();
    expect(body.detail[0]!.loc[0]).toBe('querystring');
    if (message) expect(body.detail[0]!.msg).toBe(message);
    else expect(body.detail[0]!.msg).toMatch(/[a-záéíóúñ]/);
  });

  it('answers an unknown service or seller with an empty list, not an error', async () => {
    expect((await list(admin, { servicio: "'; drop table cuotas; --" })).total).toBe(0);
    expect((await list(admin, { vendedor_id: 2_000_000_000 })).total).toBe(0);
  });
});

describe('GET /api/v1/cobranza: scope', () => {
  let ledSeller: TestUser; // a second seller led by `supervisor`
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ledSeller = await newSeller();
    await assignSupervisor(t.app, admin, ledSeller, supervisor);
    for (const [name, owner] of [
      ['seller', seller],
      ['ledSeller', ledSeller],
      ['supervisor', supervisor],
      ['otherSeller', otherSeller],
    ] as const) {
      const client = await debtClient(t.db, owner.id);
      ids[name] = (
        await debtContract(t.db, {
          sellerId: owner.id,
          clientId: client.id,
          instalments: [{ monto: '25.50', daysOverdue: 45 }],
        })
      ).id;
    }
  });

  const contractsOf = (body: CollectionsResponse) =>
    Object.entries(ids)
      .filter(([, id]) => body.items.some((item) => item.contrato_id === id))
      .map(([name]) => name)
      .sort();

  it('shows the office everything, and filters it by seller or by supervisor (their team and their own sales)', async () => {
    for (const token of [admin, asistente.token]) {
      expect(contractsOf(await list(token))).toEqual(['ledSeller', 'otherSeller', 'seller', 'supervisor']);
      expect(contractsOf(await list(token, { vendedor_id: seller.id }))).toEqual(['seller']);
      expect(contractsOf(await list(token, { supervisor_id: supervisor.id }))).toEqual([
        'ledSeller',
        'seller',
        'supervisor',
      ]);
      expect(
        contractsOf(await list(token, { supervisor_id: supervisor.id, vendedor_id: otherSeller.id })),
      ).toEqual([]);
    }
  });

  it("shows a supervisor their sellers' and their own, never another seller's", async () => {
    const body = await list(supervisor.token);
    expect(contractsOf(body)).toEqual(['ledSeller', 'seller', 'supervisor']);
    expect(body.total).toBe(3);
    expect(body.totales['31-60']).toBe(76.5);
    expect(contractsOf(await list(supervisor.token, { vendedor_id: ledSeller.id }))).toEqual(['ledSeller']);
    expect(contractsOf(await list(supervisor.token, { supervisor_id: supervisor.id }))).toEqual([
      'ledSeller',
      'seller',
      'supervisor',
    ]);
  });

  it('shows a seller only their own', async () => {
    const body = await list(seller.token);
    expect(body.items.map((item) => item.contrato_id)).toEqual([ids.seller]);
    expect(body.totales).toEqual({ '1-30': 0, '31-60': 25.5, '61-90': 0, '90+': 0 });
    expect(contractsOf(await list(seller.token, { vendedor_id: seller.id }))).toEqual(['seller']);
  });

  it('refuses with 403 a filter naming someone out of reach, in the list and in the CSV', async () => {
    for (const [token, query] of [
      [seller.token, { vendedor_id: otherSeller.id }],
      [seller.token, { vendedor_id: ledSeller.id }],
      [seller.token, { supervisor_id: supervisor.id }],
      [supervisor.token, { vendedor_id: otherSeller.id }],
      [supervisor.token, { supervisor_id: otherSeller.id }],
      [supervisor.token, { vendedor_id: otherSeller.id, formato: 'csv' }],
    ] as const) {
      const response = await get(token, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(403);
      expect(response.json()).toMatchObject({ detail: CONTRACT_MESSAGES.vendedorAjeno });
    }
  });

  it('refuses a client account and a request without a session', async () => {
    const client = await userWithRole(t.app, admin, 'cliente');
    expect((await get(client.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/cobranza' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/cobranza?formato=csv', () => {
  it('exports the whole filter for Excel: BOM, ";", decimal comma, Spanish headers and the bucket totals', async () => {
    const owner = await newSeller();
    const client = await debtClient(t.db, owner.id, 'csv@cliente.test');
    await t.db.execute(sql`update clientes set nombre = ${'Pérez; "Toño" =1+1'} where id = ${client.id}`);
    const big = await debtContract(t.db, {
      sellerId: owner.id,
      clientId: client.id,
      servicio: 'nichos-columbarios',
      instalments: [
        { monto: '1234.56', daysOverdue: 100 },
        { monto: '1000.00', daysOverdue: 70 },
      ],
    });
    const small = await debtContract(t.db, {
      sellerId: owner.id,
      clientId: client.id,
      instalments: [{ monto: '0.10', daysOverdue: 3 }],
    });
    const response = await get(owner.token, { formato: 'csv', per_page: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="cobranza-${today()}.csv"`);
    const text = response.rawPayload.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.indexOf('\uFEFF', 1)).toBe(-1);
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFContrato;Cliente;Teléfono;Correo;Vendedor;Servicio;Cuotas vencidas;Monto vencido (USD);Días de mora;Tramo',
    );
    const rows = parseCsv(text).map((row) => row.values);
    // Every contract of the filter, whatever per_page says.
    expect(rows.slice(1, 3)).toEqual([
      [
        big.numeroContrato,
        'Pérez; "Toño" =1+1',
        '04141234567',
        'csv@cliente.test',
        owner.username,
        'Nichos de Columbarios',
        '2',
        '2234,56',
        '100',
        'Más de 90 días',
      ],
      [
        small.numeroContrato,
        'Pérez; "Toño" =1+1',
        '04141234567',
        'csv@cliente.test',
        owner.username,
        'Cremación',
        '1',
        '0,10',
        '3',
        '1–30 días',
      ],
    ]);
    expect(rows.slice(3)).toEqual([
      ['Total vencido', '1–30 días', '0,10'],
      ['Total vencido', '31–60 días', '0,00'],
      ['Total vencido', '61–90 días', '0,00'],
      ['Total vencido', 'Más de 90 días', '2234,56'],
    ]);
  });

  it('streams a portfolio larger than one batch, every contract once, in order', async () => {
    const owner = await newSeller();
    const client = await debtClient(t.db, owner.id);
    const count = 2_345;
    await t.db.execute(sql`
      insert into solicitudes (numero_solicitud, numero_contrato, cliente_id, vendedor_id, tipo_servicio,
        fecha_vencimiento, estado, estado_pago, modalidad_pago)
      select 'CSV-S-' || ${owner.id} || '-' || g, 'CSV-C-' || ${owner.id} || '-' || g, ${client.id}, ${owner.id},
        'cremacion', now(), 'contrato', 'inicial_pagada', 'Financiado'
      from generate_series(1, ${count}) g`);
    await t.db.execute(sql`
      insert into cuotas (solicitud_id, numero, monto, fecha_vencimiento, estado_pago)
      select s.id, 1, 10.01, ${today()}::date - (s.id % 150 + 1), 'vencido'
      from solicitudes s where s.vendedor_id = ${owner.id}`);
    const body = await list(admin, { vendedor_id: owner.id, per_page: 1 });
    expect(body.total).toBe(count);
    const response = await get(admin, { vendedor_id: owner.id, formato: 'csv' });
    expect(response.statusCode).toBe(200);
    const rows = parseCsv(response.rawPayload.toString('utf8')).map((row) => row.values);
    const contracts = rows.slice(1, -4);
    expect(contracts).toHaveLength(count);
    expect(new Set(contracts.map((row) => row[0])).size).toBe(count);
    const days = contracts.map((row) => Number(row[8]));
    expect(days).toEqual([...days].sort((a, b) => b - a));
    const totalCents = rows.slice(-4).reduce((sum, row) => sum + centsOf(row[2]!.replace(',', '.')), 0);
    expect(totalCents).toBe(count * 1001);
  });
});
