import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, Dashboard, IncomeSummary, RequestDto } from '@camposanto/domain';
import { rowsOf } from '../src/db/rows';
import { planes, solicitudDetalles } from '../src/db/schema';
import { expireOverdueRequests } from '../src/modules/caducidad/service';
import { adminToken, bearer, userWithRole, type TestUser } from './helpers/auth';
import { cents, expectStatus, payCuota, pngReceipt, reportPayment } from './helpers/payment-fixtures';
import { convert, createClientVia, instalmentsOf, requestBody } from './helpers/sales-fixtures';
import { assignSupervisor } from './helpers/sales-team';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 12: the dashboard, the income summary, the list totals and the lists' lines are read from summaries that
// triggers keep (decision 016). Over generated sequences of what users do through the API (requests of several
// sellers, modalities and months, conversions, initial and instalment payments, expiry, deletion of expired
// requests), they must equal, to the cent, sums computed here from plain SQL over the base tables. Issue 14 §3:
// payments are also verified or rejected (a rejection undoes the payment), and the sums count every payment but
// the rejected ones. SUMMARY_PROPERTY_RUNS sets the number of sequences.
const RUNS = Number(process.env.SUMMARY_PROPERTY_RUNS ?? 25);

let t: TestApp;
let admin: string;
let supervisor: TestUser;
let sellers: { user: TestUser; client: Client }[];
let plans: (typeof planes.$inferSelect)[];
const created: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  supervisor = await userWithRole(t.app, admin, 'supervisor');
  const users = await Promise.all([0, 1, 2].map(() => userWithRole(t.app, admin, 'vendedor')));
  // Two sellers under the supervisor, one without.
  for (const user of users.slice(0, 2)) await assignSupervisor(t.app, admin, user, supervisor);
  sellers = await Promise.all(
    users.map(async (user) => ({ user, client: await createClientVia(t.app, user.token) })),
  );
  plans = await t.db
    .insert(planes)
    .values(
      [
        ['1234.56', '1300.01', '1500.03'],
        ['99.99', '120.00', '180.07'],
      ].map(([contado, bcv, financiado], index) => ({
        tipoServicio: 'cremacion',
        descripcion: `Plan de resumen ${index}`,
        deContado: contado!,
        deContadoBcv: bcv!,
        financiado: financiado!,
        cuota1: financiado!,
        cuota2: financiado!,
        cuota3: financiado!,
        cuota4: financiado!,
        isActive: true,
      })),
    )
    .returning();
}, 120_000);
afterAll(() => t?.close());

// Months and instants near their edges: the 1st before 04:00 UTC is still the last day before, in Caracas.
const createOp = fc.record({
  kind: fc.constant('create' as const),
  seller: fc.integer({ min: 0, max: 2 }),
  plan: fc.integer({ min: 0, max: 1 }),
  modalidad: fc.constantFrom('De Contado' as const, 'Financiado' as const),
  cuotas: fc.integer({ min: 1, max: 4 }),
  inicial: fc.integer({ min: 0, max: 9_000 }),
  // From November 2023 to June 2025: whole years (2024) and months on either side.
  month: fc.integer({ min: -14, max: 5 }),
  day: fc.constantFrom(1, 1, 2, 15, 28, 30, 31),
  hour: fc.integer({ min: 0, max: 23 }),
});
const targetOp = fc.record({
  kind: fc.constantFrom(
    'convert' as const,
    'convert' as const,
    'payInitial' as const,
    'payCuota' as const,
    'expire' as const,
    'remove' as const,
    'verify' as const,
    'reject' as const,
    'reject' as const,
  ),
  target: fc.nat(),
});
const operations = fc.array(
  fc.oneof({ arbitrary: createOp, weight: 2 }, { arbitrary: targetOp, weight: 3 }),
  {
    minLength: 3,
    maxLength: 16,
  },
);
type Of<A> = A extends fc.Arbitrary<infer T> ? T : never;
type Operation = Of<typeof createOp> | Of<typeof targetOp>;

const DAYS = [
  '2024-12-31',
  '2025-01-01',
  '2025-01-15',
  '2025-01-31',
  '2025-02-01',
  '2025-02-28',
  '2025-03-01',
];
const MORE_DAYS = [
  '2025-03-10',
  '2025-03-31',
  '2025-04-30',
  '2025-05-01',
  '2025-05-17',
  '2025-06-30',
  '2025-07-01',
];
const filtersArbitrary = fc.record({
  seller: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
  bySupervisor: fc.boolean(),
  modalidad: fc.option(fc.constantFrom('De Contado' as const, 'Financiado' as const), { nil: undefined }),
  from: fc.option(fc.constantFrom(...DAYS, ...MORE_DAYS), { nil: undefined }),
  to: fc.option(fc.constantFrom(...DAYS, ...MORE_DAYS), { nil: undefined }),
  page: fc.integer({ min: 1, max: 4 }),
  perPage: fc.integer({ min: 1, max: 4 }),
});

// Issue 12, migration 0012: arbitrary date ranges, read from the yearly, monthly and daily rollups together. A day
// from October 2023 to July 2025 (the sales' span and a little beyond) and a length: edges inside months, ranges
// across years, a single day; or a range where nothing was sold.
const SPAN_START = Date.UTC(2023, 9, 20);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const rangeArbitrary = fc.record({
  seller: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
  bySupervisor: fc.boolean(),
  modalidad: fc.option(fc.constantFrom('De Contado' as const, 'Financiado' as const), { nil: undefined }),
  range: fc.oneof(
    fc
      .tuple(fc.integer({ min: 0, max: 640 }), fc.integer({ min: 0, max: 700 }))
      .map(([start, length]) => [start, start + length]),
    fc.integer({ min: 0, max: 640 }).map((day) => [day, day]),
    fc.constant([3_000, 3_100]),
  ),
  page: fc.integer({ min: 1, max: 4 }),
  perPage: fc.integer({ min: 1, max: 4 }),
});
const withDays = ({ range: [start, end], ...filters }: Of<typeof rangeArbitrary>) => ({
  ...filters,
  from: isoDay(SPAN_START + start! * 86_400_000),
  to: isoDay(SPAN_START + end! * 86_400_000),
});

/** Requests of one seller for their client, created in one call (all or none): their ids. */
async function createRequests(seller: (typeof sellers)[number], lines: Parameters<typeof requestBody>[1][]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/solicitudes/',
    headers: bearer(seller.user.token),
    payload: lines.map((line) => requestBody(seller.client.id, line)),
  });
  return expectStatus(response, 200)
    .json<{ items: { id: number }[] }>()
    .items.map((item) => item.id);
}

async function apply(op: Operation) {
  if (op.kind === 'create') {
    const seller = sellers[op.seller]!;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/solicitudes/',
      headers: bearer(seller.user.token),
      payload: [
        requestBody(seller.client.id, {
          plan: plans[op.plan]!,
          modalidad: op.modalidad,
          cuotas: op.cuotas,
          pagoInicial: op.inicial / 100,
        }),
      ],
    });
    if (response.statusCode !== 200) return expect(response.statusCode).toBe(400);
    const id = response.json<{ items: { id: number }[] }>().items[0]!.id;
    // The creation date is the server's clock: moved here to spread requests over months (a write like any other).
    const instant = new Date(Date.UTC(2025, op.month, 1, op.hour) + (op.day - 1) * 86_400_000);
    await t.db.execute(
      sql`update solicitudes set fecha_creacion = ${instant.toISOString()} where id = ${id}`,
    );
    created.push(id);
    return;
  }
  if (created.length === 0) return;
  const id = created[op.target % created.length]!;
  const seller = sellers[0]!.user;
  let status = 200;
  if (op.kind === 'convert') status = (await convert(t.app, admin, id)).statusCode;
  if (op.kind === 'payInitial') {
    status = (
      await reportPayment(t.app, admin, { solicitud_id: id, metodoPago: 'USD' }, [
        pngReceipt('comprobante_usd'),
      ])
    ).statusCode;
  }
  if (op.kind === 'payCuota') {
    const cuota = (await instalmentsOf(t.db, id)).find((row) => row.estadoPago !== 'pagado');
    if (!cuota) return;
    status = (
      await payCuota(t.app, admin, { cuota_id: cuota.id, metodo_pago: 'USD', monto_usd: cuota.monto }, [
        pngReceipt('comprobante_usd'),
      ])
    ).statusCode;
  }
  if (op.kind === 'verify' || op.kind === 'reject') {
    // The oldest payment of the request still waiting for its check (issue 14 §3).
    const [payment] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from pagos where solicitud_id = ${id}
        and estado_verificacion = 'por_verificar' order by id limit 1`),
    );
    if (!payment) return;
    status = (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/pagos/${payment.id}/verificar`,
        headers: bearer(admin),
        payload:
          op.kind === 'verify'
            ? { decision: 'verificado' }
            : { decision: 'rechazado', motivo: 'Comprobante no acreditado' },
      })
    ).statusCode;
    expect(status).toBe(200);
  }
  if (op.kind === 'expire') {
    await t.db.execute(sql`update solicitudes set fecha_vencimiento = now() - interval '1 day'
      where id = ${id} and estado = 'solicitud' and estado_pago = 'pendiente'`);
    await expireOverdueRequests({ db: t.db });
  }
  if (op.kind === 'remove') {
    status = (
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/admin/solicitudes/caducadas/${id}`,
        headers: bearer(admin),
      })
    ).statusCode;
  }
  expect([200, 400, 404, 409], `${op.kind} ${id} by ${seller.id}`).toContain(status);
}

type ContractRow = {
  id: number;
  vendedor_id: number;
  supervisor_id: number | null;
  modalidad_pago: string;
  monto_total: string;
  creado_ms: string;
  pagado: string;
  verificado: string;
};

/** The business day in Caracas (UTC−04:00) of an instant, computed here rather than in SQL. */
const caracasDay = (ms: number) => new Date(ms - 4 * 3_600_000).toISOString().slice(0, 10);

/** Every contract, newest first, with what was paid on it: plain SQL over the base tables. */
async function contractsFromTables(db: Pick<TestApp['db'], 'execute'> = t.db): Promise<ContractRow[]> {
  return rowsOf<ContractRow>(
    await db.execute(sql`
      select s.id, s.vendedor_id, v.supervisor_id, s.modalidad_pago, s.monto_total::text,
        (extract(epoch from s.fecha_creacion) * 1000)::bigint::text as creado_ms,
        (select coalesce(sum(p.monto_pagado), 0) from pagos p
          where p.solicitud_id = s.id and p.estado_verificacion <> 'rechazado')::text as pagado,
        (select coalesce(sum(p.monto_pagado), 0) from pagos p
          where p.solicitud_id = s.id and p.estado_verificacion = 'verificado')::text as verificado
      from solicitudes s join vendedores v on v.id = s.vendedor_id
      where s.estado = 'contrato'
      order by s.fecha_creacion desc, s.id desc`),
  );
}

const sumOf = (rows: ContractRow[], pick: (row: ContractRow) => string) =>
  rows.reduce((total, row) => total + cents(pick(row)), 0);

async function checkDashboard() {
  const [expected] = rowsOf<{
    live: number;
    contratos: number;
    caducadas: number;
    pagado: string;
    verificado: string;
  }>(
    await t.db.execute(sql`
      select count(*) filter (where estado <> 'caducada')::int as live,
        count(*) filter (where estado = 'contrato')::int as contratos,
        count(*) filter (where estado = 'caducada')::int as caducadas,
        (select coalesce(sum(monto_pagado), 0) from pagos where estado_verificacion <> 'rechazado')::text as pagado,
        (select coalesce(sum(monto_pagado), 0) from pagos where estado_verificacion = 'verificado')::text
          as verificado
      from solicitudes`),
  );
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/vendedores/ventas/dashboard',
    headers: bearer(admin),
  });
  const dashboard = response.json<Dashboard>();
  expect(dashboard.solicitudes).toBe(expected!.live);
  expect(dashboard.contratos).toBe(expected!.contratos);
  expect(dashboard.solicitudes_caducadas).toBe(expected!.caducadas);
  expect(cents(dashboard.total_ingresos)).toBe(cents(expected!.pagado));
  expect(cents(dashboard.total_verificado)).toBe(cents(expected!.verificado));
}

async function checkIncome(filters: Of<typeof filtersArbitrary>) {
  const [from, to] =
    filters.from && filters.to && filters.from > filters.to
      ? [filters.to, filters.from]
      : [filters.from, filters.to];
  const vendedorId = filters.seller === undefined ? undefined : sellers[filters.seller]!.user.id;
  const supervisorId = filters.bySupervisor ? supervisor.id : undefined;
  const query = new URLSearchParams({ page: String(filters.page), per_page: String(filters.perPage) });
  if (vendedorId) query.set('vendedor_id', String(vendedorId));
  if (supervisorId) query.set('supervisor_id', String(supervisorId));
  if (filters.modalidad) query.set('modalidad', filters.modalidad);
  if (from) query.set('fecha_inicio', from);
  if (to) query.set('fecha_fin', to);
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/historial-ingresos-resumen?${query}`,
    headers: bearer(admin),
  });
  const summary = expectStatus(response, 200).json<IncomeSummary>();

  const matching = (await contractsFromTables()).filter(
    (row) =>
      (!vendedorId || row.vendedor_id === vendedorId) &&
      (!supervisorId || row.supervisor_id === supervisorId) &&
      (!filters.modalidad || row.modalidad_pago === filters.modalidad) &&
      (!from || caracasDay(Number(row.creado_ms)) >= from) &&
      (!to || caracasDay(Number(row.creado_ms)) <= to),
  );
  const label = query.toString();
  expect(summary.total_contratos, label).toBe(matching.length);
  const financed = matching.filter((row) => row.modalidad_pago === 'Financiado');
  const cash = matching.filter((row) => row.modalidad_pago === 'De Contado');
  expect(cents(summary.totales.total_financiado), label).toBe(sumOf(financed, (row) => row.monto_total));
  expect(cents(summary.totales.total_contado), label).toBe(sumOf(cash, (row) => row.monto_total));
  expect(cents(summary.totales.suma_total_pagos), label).toBe(sumOf(matching, (row) => row.pagado));
  expect(cents(summary.totales.total_verificado!), label).toBe(sumOf(matching, (row) => row.verificado));
  expect(cents(summary.totales.total_por_verificar!), label).toBe(
    sumOf(matching, (row) => row.pagado) - sumOf(matching, (row) => row.verificado),
  );

  const bySeller = new Map<number, ContractRow[]>();
  for (const row of matching) bySeller.set(row.vendedor_id, [...(bySeller.get(row.vendedor_id) ?? []), row]);
  const expectedSellers = [...bySeller].map(([id, rows]) => ({
    vendedor_id: id,
    total_contratos: rows.length,
    total_financiado: sumOf(
      rows.filter((row) => row.modalidad_pago === 'Financiado'),
      (row) => row.monto_total,
    ),
    total_contado: sumOf(
      rows.filter((row) => row.modalidad_pago === 'De Contado'),
      (row) => row.monto_total,
    ),
    total_ingresos: sumOf(rows, (row) => row.pagado),
    total_verificado: sumOf(rows, (row) => row.verificado),
    total_por_verificar: sumOf(rows, (row) => row.pagado) - sumOf(rows, (row) => row.verificado),
  }));
  const answeredSellers = summary.vendedores.map((row) => ({
    vendedor_id: row.vendedor_id,
    total_contratos: row.total_contratos,
    total_financiado: cents(row.total_financiado),
    total_contado: cents(row.total_contado),
    total_ingresos: cents(row.total_ingresos),
    total_verificado: cents(row.total_verificado),
    total_por_verificar: cents(row.total_por_verificar),
  }));
  const byId = (a: { vendedor_id: number }, b: { vendedor_id: number }) => a.vendedor_id - b.vendedor_id;
  expect(answeredSellers.sort(byId), label).toEqual(expectedSellers.sort(byId));

  const offset = (filters.page - 1) * filters.perPage;
  const page = matching.slice(offset, offset + filters.perPage);
  expect(
    summary.contratos.map((row) => [row.id, cents(row.total_pagado)]),
    label,
  ).toEqual(page.map((row) => [row.id, cents(row.pagado)]));
}

/**
 * Every row of an income rollup equals the contracts of its key (`keyOf` in JavaScript, `key` in SQL): their
 * number, total, what was paid and what was verified on them, to the cent.
 */
async function expectRollupRows(
  db: Pick<TestApp['db'], 'execute'>,
  table: 'resumen_ingresos_dia' | 'resumen_ingresos_total',
  keyOf: (row: ContractRow) => string,
  key: SQL,
) {
  const expected = new Map<
    string,
    { contratos: number; monto: number; pagado: number; verificado: number }
  >();
  for (const row of await contractsFromTables(db)) {
    const sums = expected.get(keyOf(row)) ?? { contratos: 0, monto: 0, pagado: 0, verificado: 0 };
    expected.set(keyOf(row), {
      contratos: sums.contratos + 1,
      monto: sums.monto + cents(row.monto_total),
      pagado: sums.pagado + cents(row.pagado),
      verificado: sums.verificado + cents(row.verificado),
    });
  }
  const rows = rowsOf<Record<string, string>>(
    await db.execute(sql`select ${key} as clave, contratos::text, monto_total::text, total_pagado::text,
      total_verificado::text from ${sql.identifier(table)}
      where contratos <> 0 or monto_total <> 0 or total_pagado <> 0 or total_verificado <> 0`),
  );
  const answered = new Map(
    rows.map((row) => [
      row.clave!,
      {
        contratos: Number(row.contratos),
        monto: cents(row.monto_total!),
        pagado: cents(row.total_pagado!),
        verificado: cents(row.total_verificado!),
      },
    ]),
  );
  expect(Object.fromEntries(answered)).toEqual(Object.fromEntries(expected));
}

/** Migration 0012: every daily rollup row equals the contracts of its seller, modality and Caracas day. */
const checkDailyRows = () =>
  expectRollupRows(
    t.db,
    'resumen_ingresos_dia',
    (row) => `${caracasDay(Number(row.creado_ms))} ${row.vendedor_id} ${row.modalidad_pago}`,
    sql`concat_ws(' ', dia, vendedor_id, modalidad_pago)`,
  );

/** Migration 0020: every row of the rollup over every year equals the contracts of its seller and modality. */
const checkTotalRows = (db: Pick<TestApp['db'], 'execute'> = t.db) =>
  expectRollupRows(
    db,
    'resumen_ingresos_total',
    (row) => `${row.vendedor_id} ${row.modalidad_pago}`,
    sql`concat_ws(' ', vendedor_id, modalidad_pago)`,
  );

/**
 * Runs `work` (its checks) in a transaction that is then rolled back: a TRUNCATE tried without losing the rows.
 */
async function inRolledBackTransaction(work: (tx: Pick<TestApp['db'], 'execute'>) => Promise<void>) {
  const rollback = new Error('rollback');
  await expect(
    t.db.transaction(async (tx) => {
      await work(tx);
      throw rollback;
    }),
  ).rejects.toBe(rollback);
}

/**
 * Migration 0015: each request's ready-made lines are its lines as Drizzle reads them now, in id order, but for
 * the columns no list shows (the funeral plan, the plot and the niche); no row for a request without lines.
 */
async function checkLines() {
  const lines = await t.db.select().from(solicitudDetalles).orderBy(solicitudDetalles.id);
  const expected = new Map<number, unknown[]>();
  for (const { planFunerarioId: _plan, parcelaId: _plot, nichoId: _niche, ...shown } of lines)
    expected.set(shown.solicitudId, [...(expected.get(shown.solicitudId) ?? []), shown]);
  const rows = rowsOf<{ solicitud_id: number; detalles: unknown[] | string }>(
    await t.db.execute(sql`select solicitud_id, detalles from resumen_detalles`),
  );
  const answered = new Map(
    rows.map((row) => [
      row.solicitud_id,
      typeof row.detalles === 'string' ? (JSON.parse(row.detalles) as unknown[]) : row.detalles,
    ]),
  );
  expect(Object.fromEntries(answered)).toEqual(Object.fromEntries(expected));
}

/** Migration 0017: each client's count of contracts is the number of their requests that are contracts. */
async function checkClientContracts(db: Pick<TestApp['db'], 'execute'> = t.db) {
  const rows = rowsOf<{ id: number; kept: number; counted: number }>(
    await db.execute(sql`select c.id, c.contratos as kept,
      (select count(*) from solicitudes s where s.cliente_id = c.id and s.estado = 'contrato')::int as counted
      from clientes c order by c.id`),
  );
  expect(rows.map((row) => [row.id, row.kept])).toEqual(rows.map((row) => [row.id, row.counted]));
  return rows;
}

/**
 * Migration 0019: each state and modality's number of requests and sum of their monto_total, as kept, equal those
 * of the requests themselves (no row, or a row of zeros, where there are none).
 */
async function checkRequestTotals(db: Pick<TestApp['db'], 'execute'> = t.db) {
  const read = async (query: ReturnType<typeof sql>) =>
    Object.fromEntries(
      rowsOf<{ estado: string; modalidad_pago: string; cantidad: number; monto: string }>(
        await db.execute(query),
      ).map((row) => [`${row.estado} ${row.modalidad_pago}`, [row.cantidad, cents(row.monto)]]),
    );
  const kept = await read(sql`select estado, modalidad_pago, cantidad, monto_total::text as monto
    from resumen_solicitudes where cantidad <> 0 or monto_total <> 0`);
  const counted = await read(sql`select estado, modalidad_pago, count(*)::int as cantidad,
    sum(monto_total)::text as monto from solicitudes group by 1, 2`);
  expect(kept).toEqual(counted);
  return kept;
}

/** The paged lists: their totals from the counters, and every page (from either end) the rows SQL orders. */
async function checkLists(page: number, perPage: number) {
  const idsOf = async (where: string, order: string) =>
    rowsOf<{ id: number }>(
      await t.db.execute(
        sql.raw(`select id from solicitudes where ${where} order by ${order} desc, id desc`),
      ),
    ).map((row) => row.id);
  const offset = (page - 1) * perPage;

  const requests = await idsOf(`estado in ('solicitud', 'contrato')`, 'fecha_creacion');
  const admin1 = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/solicitudes?page=${page}&per_page=${perPage}`,
    headers: bearer(admin),
  });
  const body = admin1.json<{ items: { id: number }[]; total: number }>();
  expect(body.total).toBe(requests.length);
  expect(body.items.map((row) => row.id)).toEqual(requests.slice(offset, offset + perPage));

  const contracts = await idsOf(`estado = 'contrato'`, 'fecha_conversion');
  const active = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/contratos/activos?skip=${offset}&limit=${perPage}`,
    headers: bearer(admin),
  });
  expect(active.json<{ id: number }[]>().map((row) => row.id)).toEqual(
    contracts.slice(offset, offset + perPage),
  );

  const expired = await idsOf(`estado = 'caducada'`, 'fecha_vencimiento');
  const list = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/solicitudes/caducadas?skip=${offset}&limit=${perPage}`,
    headers: bearer(admin),
  });
  const expiredBody = list.json<{ data: { id: number }[]; total_solicitudes: number }>();
  expect(expiredBody.total_solicitudes).toBe(expired.length);
  expect(expiredBody.data.map((row) => row.id)).toEqual(expired.slice(offset, offset + perPage));

  // The footers of every contract of a modality (or both): their number and the sum of their totals.
  await checkRequestTotals();
  for (const modalidad of [undefined, 'De Contado', 'Financiado'] as const) {
    const filter = modalidad ? sql` and modalidad_pago = ${modalidad}` : sql``;
    const [expected] = rowsOf<{ n: number; monto: string }>(
      await t.db.execute(sql`select count(*)::int as n, coalesce(sum(monto_total), 0)::text as monto
        from solicitudes where estado = 'contrato'${filter}`),
    );
    const query = new URLSearchParams({ page: String(page), per_page: String(perPage) });
    if (modalidad) query.set('modalidad', modalidad);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/contratos-de-contado?${query}`,
      headers: bearer(admin),
    });
    expect(history.headers['x-total-count'], modalidad).toBe(String(expected!.n));
    expect(cents(String(history.headers['x-sum-monto-total'])), modalidad).toBe(cents(expected!.monto));
    if (modalidad !== 'Financiado') continue;
    const financed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cuotas/contratos-financiados?page=${page}&per_page=${perPage}`,
      headers: bearer(admin),
    });
    expect(financed.headers['x-total-count']).toBe(String(expected!.n));
  }
}

describe('summaries kept by triggers under concurrent writes', () => {
  // On PostgreSQL these run at once on several connections: every summary change queues on one row, so none is
  // lost and none deadlocks; on PGlite they take turns.
  it('count every one of concurrent conversions, initial and instalment payments', async () => {
    const seller = sellers[1]!;
    const ids = await createRequests(
      seller,
      Array.from({ length: 8 }, () => ({
        plan: plans[0]!,
        modalidad: 'Financiado',
        cuotas: 3,
        pagoInicial: 100,
      })),
    );
    created.push(...ids);
    const steps = await Promise.all(
      ids.flatMap((id) => [
        convert(t.app, admin, id),
        reportPayment(t.app, admin, { solicitud_id: id, metodoPago: 'USD' }, [pngReceipt('comprobante_usd')]),
      ]),
    );
    expect(steps.map((step) => step.statusCode)).toEqual(steps.map(() => 200));
    const firsts = await Promise.all(ids.map(async (id) => (await instalmentsOf(t.db, id))[0]!));
    const paid = await Promise.all(
      firsts.map((cuota) =>
        payCuota(t.app, admin, { cuota_id: cuota.id, metodo_pago: 'USD', monto_usd: cuota.monto }, [
          pngReceipt('comprobante_usd'),
        ]),
      ),
    );
    expect(paid.map((step) => step.statusCode)).toEqual(paid.map(() => 200));
    await checkDashboard();
    await checkLines();
    expect((await checkClientContracts()).find((row) => row.id === seller.client.id)!.kept).toBeGreaterThan(
      7,
    );
    await checkIncome({
      page: 1,
      perPage: 4,
      seller: undefined,
      bySupervisor: false,
      modalidad: undefined,
      from: undefined,
      to: undefined,
    });
    await checkIncome({
      page: 1,
      perPage: 4,
      seller: 1,
      bySupervisor: true,
      modalidad: 'Financiado',
      from: undefined,
      to: undefined,
    });
  }, 120_000);
});

describe('summaries kept by triggers (fast-check)', () => {
  it(`equal the sums of the base tables after any sequence of sales (${RUNS} sequences)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        operations,
        fc.array(filtersArbitrary, { minLength: 3, maxLength: 3 }),
        fc.array(rangeArbitrary, { minLength: 2, maxLength: 2 }),
        async (ops, filters, ranges) => {
          for (const op of ops) await apply(op);
          await checkDashboard();
          await checkIncome({
            ...filters[0]!,
            seller: undefined,
            bySupervisor: false,
            modalidad: undefined,
            from: undefined,
            to: undefined,
          });
          for (const filter of filters) await checkIncome(filter);
          await checkDailyRows();
          await checkTotalRows();
          await checkLines();
          await checkClientContracts();
          for (const range of ranges) await checkIncome(withDays(range));
          await checkLists(filters[0]!.page, filters[0]!.perPage);
          await checkLists(Math.max(1, Math.ceil(created.length / 4)), 4);
        },
      ),
      { numRuns: RUNS },
    );
    // The sequences did reach every state: the comparison above was not made over empty tables.
    const [reached] = rowsOf<{
      contratos: number;
      caducadas: number;
      cuotas: number;
      iniciales: number;
      rechazados: number;
    }>(
      await t.db.execute(sql`
        select (select count(*) from solicitudes where estado = 'contrato')::int as contratos,
          (select count(*) from pagos where estado_verificacion = 'rechazado')::int as rechazados,
          (select count(*) from solicitudes where estado = 'caducada')::int as caducadas,
          (select count(*) from pagos where cuota_id is not null)::int as cuotas,
          (select count(*) from pagos where cuota_id is null)::int as iniciales`),
    );
    console.info('resumenes: reached', reached, 'over', created.length, 'requests');
    expect(reached!.contratos).toBeGreaterThan(0);
    expect(reached!.iniciales).toBeGreaterThan(0);
    expect(reached!.rechazados).toBeGreaterThan(0);
  }, 600_000);
});

describe("clients' counts of contracts kept by triggers (migration 0017)", () => {
  it('follow contracts moved, deleted or emptied with TRUNCATE in plain SQL', async () => {
    const [first, second] = sellers;
    const ids = await createRequests(
      first!,
      [0, 1, 2].map(() => ({ plan: plans[1]!, modalidad: 'De Contado' })),
    );
    for (const id of ids) expectStatus(await convert(t.app, admin, id), 200);
    const countOf = async (clientId: number) =>
      (await checkClientContracts()).find((row) => row.id === clientId)!.kept;
    const [before, beforeOther] = [await countOf(first!.client.id), await countOf(second!.client.id)];

    // One contract moved to another client and one deleted, in one statement each; one back to a request.
    await t.db.execute(sql`update solicitudes set cliente_id = ${second!.client.id} where id = ${ids[0]}`);
    await t.db.execute(sql`delete from solicitudes where id = ${ids[1]}`);
    await t.db.execute(
      sql`update solicitudes set estado = 'solicitud', numero_contrato = null where id = ${ids[2]}`,
    );
    expect(await countOf(first!.client.id)).toBe(before - 3);
    expect(await countOf(second!.client.id)).toBe(beforeOther + 1);

    // TRUNCATE (rolled back): nobody has a contract left.
    await inRolledBackTransaction(async (tx) => {
      await tx.execute(sql`truncate solicitudes cascade`);
      const rows = await checkClientContracts(tx);
      expect(rows.every((row) => row.kept === 0)).toBe(true);
    });
    expect(await countOf(second!.client.id)).toBe(beforeOther + 1);
  });
});

describe("requests' amounts per state and modality kept by the trigger (migration 0019)", () => {
  it('follow amounts edited alone, requests moved or deleted, and TRUNCATE, in plain SQL', async () => {
    const ids = await createRequests(
      sellers[0]!,
      [0, 1, 2].map((index) => ({
        plan: plans[index % 2]!,
        modalidad: index ? 'Financiado' : 'De Contado',
        cuotas: 2,
      })),
    );
    for (const id of ids.slice(0, 2)) expectStatus(await convert(t.app, admin, id), 200);
    const before = await checkRequestTotals();

    // Two amounts changed in one statement and nothing else: the sums move by the difference, to the cent.
    await t.db.execute(
      sql`update solicitudes set monto_total = monto_total + 0.01 where id in (${ids[0]}, ${ids[1]})`,
    );
    const edited = await checkRequestTotals();
    const amountOf = (totals: typeof before, key: string) => totals[key]![1]!;
    expect(amountOf(edited, 'contrato De Contado') - amountOf(before, 'contrato De Contado')).toBe(1);
    expect(amountOf(edited, 'contrato Financiado') - amountOf(before, 'contrato Financiado')).toBe(1);
    // A contract that changes modality and one deleted.
    await t.db.execute(sql`update solicitudes set modalidad_pago = 'De Contado' where id = ${ids[1]}`);
    await t.db.execute(sql`delete from solicitudes where id = ${ids[2]}`);
    await checkRequestTotals();

    // TRUNCATE (rolled back): every count and amount is zero, and they come back with the rows.
    await inRolledBackTransaction(async (tx) => {
      await tx.execute(sql`truncate solicitudes cascade`);
      expect(await checkRequestTotals(tx)).toEqual({});
    });
    await checkLists(1, 4);
  });
});

describe('the income rollup over every year kept from the yearly rows (migration 0020)', () => {
  it('follows contracts moved to another seller or modality, deleted, payments verified and TRUNCATE, in plain SQL', async () => {
    const [first, second] = sellers;
    const ids = await createRequests(
      first!,
      [0, 1, 2].map((index) => ({
        plan: plans[index % 2]!,
        modalidad: index ? 'Financiado' : 'De Contado',
        cuotas: 2,
      })),
    );
    for (const id of ids) expectStatus(await convert(t.app, admin, id), 200);
    for (const id of ids.slice(0, 2))
      await reportPayment(t.app, admin, { solicitud_id: id, metodoPago: 'USD' }, [
        pngReceipt('comprobante_usd'),
      ]);
    const [reported] = rowsOf<{ pagos: number }>(
      await t.db.execute(
        sql`select count(*)::int as pagos from pagos where solicitud_id in (${ids[0]}, ${ids[1]})`,
      ),
    );
    expect(reported!.pagos).toBeGreaterThan(0);
    await checkTotalRows();

    // Each change in one statement of its own, as a script or another program would write it.
    await t.db.execute(sql`update solicitudes set vendedor_id = ${second!.user.id} where id = ${ids[0]}`);
    await checkTotalRows();
    await t.db.execute(sql`update solicitudes set modalidad_pago = 'De Contado' where id = ${ids[1]}`);
    await t.db.execute(sql`update solicitudes set fecha_creacion = fecha_creacion - interval '2 years'
      where id = ${ids[1]}`);
    await checkTotalRows();
    await t.db
      .execute(sql`update pagos set estado_verificacion = 'verificado' where solicitud_id in (${ids[0]},
      ${ids[1]})`);
    await checkTotalRows();
    await t.db.execute(sql`delete from solicitudes where id = ${ids[2]}`);
    await checkTotalRows();

    // TRUNCATE (rolled back): what was paid goes with the payments, everything with the requests (no contract
    // left: checkTotalRows then requires every row of the rollup to be zero).
    await inRolledBackTransaction(async (tx) => {
      await tx.execute(sql`truncate pagos cascade`);
      await checkTotalRows(tx);
      await tx.execute(sql`truncate solicitudes cascade`);
      await checkTotalRows(tx);
    });
    await checkTotalRows();
  });
});

describe("the lists' lines kept by a trigger (migration 0015)", () => {
  // Last in this file: it empties the lines of every request.
  it('follow lines changed in plain SQL, a request deleted with its lines, and TRUNCATE', async () => {
    const seller = sellers[2]!;
    const [first, second] = await createRequests(
      seller,
      [0, 1, 2].map(() => ({ plan: plans[1]!, modalidad: 'De Contado' })),
    );
    const descriptionsOf = async (id: number) => {
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/solicitudes?page=1&per_page=100',
        headers: bearer(admin),
      });
      const items = expectStatus(list, 200).json<{ items: RequestDto[] }>().items;
      return items.find((item) => item.id === id)?.detalles.map((line) => line.descripcion);
    };
    expect(await descriptionsOf(first!)).toEqual(['Plan de resumen 1']);

    await t.db.execute(
      sql`update solicitud_detalles set descripcion = 'Cambiada' where solicitud_id = ${first}`,
    );
    expect(await descriptionsOf(first!)).toEqual(['Cambiada']);
    await t.db
      .execute(sql`insert into solicitud_detalles (solicitud_id, tipo_servicio, modalidad_pago, descripcion)
      values (${first}, 'servicio_funerario', 'De Contado', 'Añadida')`);
    expect(await descriptionsOf(first!)).toEqual(['Cambiada', 'Añadida']);
    await t.db.execute(sql`delete from solicitud_detalles where solicitud_id = ${second}`);
    expect(await descriptionsOf(second!)).toEqual([]);
    await checkLines();

    await t.db.execute(sql`delete from solicitudes where id = ${first}`);
    await checkLines();
    const kept = async () =>
      rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from resumen_detalles`))[0]!.n;
    expect(await kept()).toBeGreaterThan(0);
    await t.db.execute(sql`truncate solicitud_detalles cascade`);
    expect(await kept()).toBe(0);
  });
});
