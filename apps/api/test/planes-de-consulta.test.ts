import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredText } from '../src/db/pglite-prepared';
import { rowsOf } from '../src/db/rows';
import { getDashboard } from '../src/modules/dashboard/service';
import { incomeSummary } from '../src/modules/ingresos/service';
import { contractTotals } from '../src/modules/contratos/history-queries';
import { loadRequests, newestFirst } from '../src/modules/contratos/request-dto';
import { solicitudes } from '../src/db/schema';
import {
  listActiveContracts,
  listExpiredRequests,
  listRequestsToConvert,
} from '../src/modules/contratos/queries';
import { listClientsWithContracts, listSellerContracts } from '../src/modules/ventas/queries';
import { listAudit } from '../src/modules/auditoria/service';
import { searchEverything } from '../src/modules/buscar/service';
import { sendDueReminders } from '../src/jobs/reminders';
import { login } from '../src/modules/auth/service';
import { listPlots } from '../src/modules/inventario/plots-service';
import { listInstalments } from '../src/modules/pagos/queries';
import { adminToken, createUser } from './helpers/auth';
import { insertCliente } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 12: every list reads its page from an index that matches its filter and order, and no summary scans the
// sales. Proven on the plans themselves: the statements the list functions send are captured and EXPLAINed
// over a few thousand analysed rows, on whichever database the suite runs on.
const REQUESTS = 4_000;

let t: TestApp;
// An administrator reaches every contract: the actor of the functions called directly.
const ADMIN = {
  id: 0,
  username: 'admin',
  email: 'admin@example.test',
  rol: 'administrador' as const,
  supervisorId: null,
};
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  const sellers = await Promise.all([0, 1, 2].map(() => createUser(t.app, admin, 'vendedor')));
  const clients = await Promise.all(sellers.map((seller) => insertCliente(t.db, seller.id)));
  const pick = (values: number[]) => sql.raw(`(array[${values.join(', ')}])[1 + g % ${values.length}]`);
  // Three years of requests: eight in nine contracts, the others open or expired; payments on the contracts.
  await t.db.execute(sql`
    insert into solicitudes (numero_solicitud, numero_contrato, cliente_id, vendedor_id, tipo_servicio,
      fecha_creacion, fecha_vencimiento, fecha_conversion, estado, estado_pago, modalidad_pago, monto_total)
    select 'PLN-' || g, case when g % 9 <> 0 then 'PLNC-' || g end, ${pick(clients.map((c) => c.id))},
      ${pick(sellers.map((s) => s.id))}, 'cremacion', ts, ts + interval '3 days',
      case when g % 9 <> 0 then ts + interval '1 day' end,
      case when g % 9 <> 0 then 'contrato' when g % 18 = 0 then 'caducada' else 'solicitud' end,
      case when g % 9 <> 0 then 'pagado' else 'pendiente' end,
      case when g % 3 = 0 then 'De Contado' else 'Financiado' end, 100 + g % 50
    from generate_series(1, ${REQUESTS}::int) g,
      lateral (select timestamptz '2023-01-01 12:00:00+00' + (g % 1095) * interval '1 day' as ts) v`);
  // One line each, written as the services write them: the lines' trigger builds `resumen_detalles` (0015).
  await t.db.execute(sql`
    insert into solicitud_detalles (solicitud_id, tipo_servicio, modalidad_pago, precio_total)
    select id, tipo_servicio, modalidad_pago, monto_total from solicitudes`);
  await t.db.execute(sql`
    insert into pagos (solicitud_id, vendedor_id, tipo, metodo_pago, monto_pagado)
    select id, vendedor_id, 'contado', 'USD', monto_total from solicitudes where estado = 'contrato'`);
  await t.db.execute(sql`analyze`);
}, 120_000);
afterAll(() => t?.close());

/** A statement sent, with its name when it was sent as a named prepared statement. */
type Statement = { text: string; params: unknown[]; name?: string };
type Queryable = { query: (...args: unknown[]) => unknown };

/** The statements `work` sends to the database (node-postgres pool or PGlite), in order. */
async function statementsOf(work: () => Promise<unknown>): Promise<Statement[]> {
  const client = (t.db as unknown as { $client: Queryable }).$client;
  const own = Object.prototype.hasOwnProperty.call(client, 'query');
  const original = own ? client.query : (Object.getPrototypeOf(client) as Queryable).query;
  const seen: Statement[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args as [
      string | { text: string; name?: string; values?: unknown[] },
      unknown[] | undefined,
    ];
    const sent =
      typeof first === 'string'
        ? { text: first, params: second ?? [] }
        : { text: first.text, params: second ?? first.values ?? [], name: first.name };
    if (!/^prepare /.test(sent.text)) seen.push(asSentBefore(sent));
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    if (own) client.query = original;
    else delete (client as Partial<Queryable>).query;
  }
  return seen;
}

/**
 * On PGlite a registered statement runs as `EXECUTE name(literals)` (db/pglite-prepared.ts): the statement it stands
 * for, with its parameters: whole numbers, or texts in quotes (this reader splits at commas and takes no quote
 * inside a text: the values of these tests hold neither).
 */
function asSentBefore(sent: Statement): Statement {
  const execute = /^execute (\w+)(?:\((.*)\))?$/.exec(sent.text);
  const text = execute && registeredText(execute[1]!);
  if (!text) return sent;
  const params = (execute[2] ? execute[2].split(', ') : []).map((literal) =>
    literal.startsWith("'") ? literal.slice(1, -1) : Number(literal),
  );
  return { text, params, name: execute[1] };
}

/** `explain` the statement; `options` such as '(analyze, costs off)' run it and show what each node did. */
async function planOf(statement: Statement, options = ''): Promise<string> {
  const client = (t.db as unknown as { $client: Queryable }).$client;
  const result = await (client.query(
    `explain ${options} ${statement.text}`,
    statement.params,
  ) as Promise<unknown>);
  return rowsOf<Record<string, string>>(result)
    .map((row) => Object.values(row)[0])
    .join('\n');
}

/** The statement that reads a page's ids (`select "id" from "solicitudes"`) and their rows. */
async function pageStatement(work: () => Promise<unknown>): Promise<Statement> {
  const statements = await statementsOf(work);
  const page = statements.find((statement) =>
    /= any\(array\(\(select "id" from "solicitudes"/.test(statement.text),
  );
  expect(page, 'a statement reads the page ids and their rows').toBeDefined();
  return page!;
}

const pagePlan = async (work: () => Promise<unknown>) => planOf(await pageStatement(work));

/** A parameter written as SQL text: EXECUTE takes no bound parameters. */
const literalOf = (value: unknown) =>
  typeof value === 'number' ? String(value) : pg.escapeLiteral(String(value));

/**
 * What PostgreSQL does with a prepared statement on one connection: six runs with `statement`'s parameters, as the
 * product's named statements are run page after page, then whether it chose its generic plan (made once, for any
 * parameters: pg_prepared_statements) and that plan.
 */
async function preparedPlanOf(statement: Statement): Promise<{ isGeneric: boolean; plan: string }> {
  const client = (t.db as unknown as { $client: Queryable & { connect?: () => Promise<unknown> } }).$client;
  // node-postgres: one connection of the pool, since a prepared statement lives on its connection; PGlite has one.
  const connection = (t.driver === 'postgres' ? await client.connect!() : client) as Queryable & {
    release?: () => void;
  };
  const run = async (text: string) => rowsOf<Record<string, unknown>>(await connection.query(text));
  try {
    await run(`prepare plan_en_prueba as ${statement.text}`);
    const execute = `execute plan_en_prueba(${statement.params.map(literalOf).join(', ')})`;
    for (let run_ = 0; run_ < 6; run_ += 1) await run(execute);
    const [kept] = await run(
      `select generic_plans from pg_prepared_statements where name = 'plan_en_prueba'`,
    );
    const plan = (await run(`explain ${execute}`)).map((row) => Object.values(row)[0]).join('\n');
    return { isGeneric: Number(kept!.generic_plans) > 0, plan };
  } finally {
    await run('deallocate plan_en_prueba');
    connection.release?.();
  }
}

/**
 * A list's page statement keeps its generic plan after five pages (so PostgreSQL plans it no more), and that plan
 * reads the page's ids backwards from the list's own index and the rows by primary key, sorting only the page.
 */
async function expectPreparedOnIndex(work: () => Promise<unknown>, index: string, label: string) {
  const statement = await pageStatement(work);
  expect(statement.name, `${label}: sent as a named prepared statement`).toMatch(/^pagina_/);
  const { isGeneric, plan } = await preparedPlanOf(statement);
  expect(isGeneric, `${label}: generic plan kept\n${plan}`).toBe(true);
  expect(plan, label).toMatch(new RegExp(`Index (Only )?Scan Backward using ${index}`));
  expect(plan, label).toMatch(/Index Scan (Backward )?using solicitudes_pkey on solicitudes\b/);
  expect(plan, label).not.toMatch(/Seq Scan on solicitudes\b|Bitmap Heap Scan on solicitudes\b/);
}

/**
 * The page is read from `index`, its rows by primary key, and nothing sorts more than a month of rows: a dated
 * page reads between the month edges of its first and last rows, which PostgreSQL may fetch by a bitmap and sort
 * when it sees how few they are (a few dozen rows here). The suite's three clients and sellers may be read whole;
 * the requests never are.
 */
function expectIndexed(plan: string, index: string, label: string) {
  expect(plan, label).toMatch(
    new RegExp(`(Index (Only )?Scan Backward using|Bitmap Index Scan on) ${index}`),
  );
  expect(plan, label).toMatch(/Index Scan (Backward )?using solicitudes_pkey on solicitudes\b/);
  expect(plan, label).not.toMatch(/Seq Scan on solicitudes\b/);
  for (const [, rows] of plan.matchAll(/Sort {2}\(cost=[\d.]+ rows=(\d+)/g))
    expect(Number(rows), `${label}: rows sorted`).toBeLessThan(REQUESTS / 20);
}

async function countOf(where: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.db.execute(sql.raw(`select count(*)::int as n from solicitudes where ${where}`)),
  );
  return row!.n;
}

/** First, middle and last offsets of a list of `total` rows. */
const offsets = (total: number, size: number) => [0, Math.floor(total / 2), Math.max(0, total - size)];

describe('query plans (EXPLAIN)', () => {
  it('reads the first, middle and last page of the admin requests from their partial index', async () => {
    const total = await countOf(`estado in ('solicitud', 'contrato')`);
    for (const offset of offsets(total, 25)) {
      const page = Math.floor(offset / 25) + 1;
      const plan = await pagePlan(() => listRequestsToConvert({ db: t.db, page, perPage: 25 }));
      expectIndexed(plan, 'solicitudes_admin_lista_idx', `page ${page}`);
    }
  });

  it('reads active contracts by conversion date and expired requests by due date from their indexes', async () => {
    for (const skip of offsets(await countOf(`estado = 'contrato'`), 25)) {
      const plan = await pagePlan(() => listActiveContracts({ db: t.db, skip, limit: 25 }));
      expectIndexed(plan, 'solicitudes_contratos_conversion_idx', `contracts, skip ${skip}`);
    }
    for (const skip of offsets(await countOf(`estado = 'caducada'`), 25)) {
      const plan = await pagePlan(() => listExpiredRequests({ db: t.db, skip, limit: 25 }));
      expectIndexed(plan, 'solicitudes_caducadas_idx', `expired, skip ${skip}`);
    }
  });

  it('plans each list page once: the generic plan is kept and reads the list index (issue 12)', async () => {
    const middle = async (where: string) => Math.floor((await countOf(where)) / 2);
    const skip = await middle(`estado = 'contrato'`);
    const cases = [
      {
        label: 'admin requests',
        work: async () =>
          listRequestsToConvert({
            db: t.db,
            page: Math.floor((await middle(`estado <> 'caducada'`)) / 25),
            perPage: 25,
          }),
        index: 'solicitudes_admin_lista_idx',
      },
      {
        label: 'active contracts',
        work: () => listActiveContracts({ db: t.db, skip, limit: 25 }),
        index: 'solicitudes_contratos_conversion_idx',
      },
      {
        label: 'expired requests',
        work: async () =>
          listExpiredRequests({ db: t.db, skip: await middle(`estado = 'caducada'`), limit: 25 }),
        index: 'solicitudes_caducadas_idx',
      },
    ];
    for (const { label, work, index } of cases) await expectPreparedOnIndex(work, index, label);
  });

  it('counts the dashboard from the summaries without reading requests or payments', async () => {
    const statements = await statementsOf(() => getDashboard({ db: t.db }));
    expect(statements).toHaveLength(1);
    const plan = await planOf(statements[0]!);
    expect(plan).toMatch(/resumen_solicitudes/);
    expect(plan).not.toMatch(/on (solicitudes|pagos)\b/);
  });

  it("sums the whole cemetery's contracts of a modality from the requests' summary, one row (migration 0019)", async () => {
    for (const modalidad of [undefined, 'De Contado', 'Financiado'] as const) {
      const statements = await statementsOf(() => contractTotals({ db: t.db, modalidad, sellers: 'all' }));
      expect(statements, modalidad).toHaveLength(1);
      const plan = await planOf(statements[0]!);
      expect(plan, modalidad).toMatch(/resumen_solicitudes/);
      expect(plan, modalidad).not.toMatch(/resumen_ingresos|on solicitudes\b/);
    }
  });

  it("sums some sellers' contracts of a modality from the income rollup over every year (migration 0020)", async () => {
    const [seller] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select vendedor_id as id from solicitudes where estado = 'contrato' limit 1`),
    );
    for (const modalidad of [undefined, 'De Contado', 'Financiado'] as const) {
      const statements = await statementsOf(() =>
        contractTotals({ db: t.db, modalidad, sellers: [seller!.id] }),
      );
      expect(statements, modalidad).toHaveLength(1);
      const plan = await planOf(statements[0]!);
      expect(plan, modalidad).toMatch(/on resumen_ingresos_total\b/);
      expect(plan, modalidad).not.toMatch(/resumen_ingresos_anual|on solicitudes\b/);
    }
  });

  it('sends the statements of the cheapest screens as prepared ones, built once (issue 12)', async () => {
    const [contract] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from solicitudes where estado = 'contrato' order by id limit 1`),
    );
    const audit = listAudit({
      db: t.db,
      query: { desde: '2020-01-01', hasta: '2030-12-31', page: 1, per_page: 25 },
    });
    const cases = {
      dashboard: () => getDashboard({ db: t.db }),
      plots: () => listPlots({ db: t.db, query: { page: 1, per_page: 25, disponibilidad: undefined } }),
      audit: () => Promise.all([audit.summary(), audit.page({ limit: 25, offset: 0 })]),
      instalments: () => listInstalments({ db: t.db, actor: ADMIN, contractId: contract!.id }),
    };
    for (const [label, work] of Object.entries(cases)) {
      const statements = await statementsOf(work);
      expect(statements.length, label).toBeGreaterThan(0);
      for (const statement of statements) expect(statement.name, `${label}: ${statement.text}`).toBeTruthy();
    }
  });

  it("looks up a sign-in's account by a statement prepared once (issue 12)", async () => {
    const attempt = () =>
      login({
        db: t.db,
        throttle: t.app.loginThrottle,
        address: '192.0.2.7',
        username: 'Nadie@Example.test',
        password: 'no-es-la-clave',
      }).catch((error: unknown) => error);
    const statements = await statementsOf(attempt);
    const lookup = statements.find((statement) => /password_hash/.test(statement.text));
    expect(lookup?.name).toBe('usuario_que_ingresa');
    expect(lookup?.params).toContain('nadie@example.test');
  });

  it("reads the reminders job's instalments from their indexes, never the overdue ones already reminded (issue 12)", async () => {
    // Each contract: two overdue instalments, reminded but for those of the first and the middle contract (so one
    // batch spans half of them, and the search for the next batch the other half), and one instalment due in 40
    // days.
    await t.db.execute(sql`
      insert into cuotas (solicitud_id, numero, monto, fecha_vencimiento, estado_pago)
      select s.id, n, 10, current_date + case when n < 3 then -90 + 30 * n else 40 end,
        case when n < 3 then 'vencido' else 'pendiente' end
      from solicitudes s, generate_series(1, 3) n where s.estado = 'contrato'`);
    const owed = rowsOf<{ id: number; cliente_id: number }>(
      await t.db.execute(sql`
        (select id, cliente_id from solicitudes where estado = 'contrato' order by id limit 1)
        union all
        (select id, cliente_id from solicitudes where estado = 'contrato' order by id offset ${REQUESTS / 4} limit 1)`),
    );
    const owedIds = owed.map((contract) => contract.id);
    const clientIds = owed.map((contract) => contract.cliente_id);
    await t.db.execute(sql`
      insert into recordatorios (solicitud_id, cuota_id, tipo, destinatario)
      select solicitud_id, id, 'vencida', 'cliente@correo.test' from cuotas
      where estado_pago = 'vencido' and solicitud_id not in (${sql.join(owedIds, sql`, `)})`);
    await t.db.execute(
      sql`update clientes set email = 'cliente@correo.test' where id in (${sql.join(clientIds, sql`, `)})`,
    );
    // As autovacuum leaves them: the partial index's size known (a handful of rows) as well as the statistics.
    await t.db.execute(sql`vacuum analyze cuotas`);
    try {
      let result: unknown;
      const statements = await statementsOf(async () => {
        result = await sendDueReminders({ db: t.db, mailer: t.app.mailer, storage: t.app.storage });
      });
      expect(result).toEqual({ sent: 4, failed: 0 });
      // The statements that look for what is due (the claims then read the instalments they take, by key).
      const reads = statements.filter(
        (statement) =>
          /\bfrom cuotas c\b/.test(statement.text) && !/insert into recordatorios/.test(statement.text),
      );
      // 'previo': none due; 'vencida': the end of its one batch, the batch's instalments, then none left.
      expect(reads).toHaveLength(4);
      for (const statement of reads) {
        const plan = await planOf(statement);
        expect(plan).not.toMatch(/Seq Scan on (cuotas|recordatorios)\b/);
        const indexes = [...plan.matchAll(/(?:using|Bitmap Index Scan on) (cuotas_\w+)/g)].map(
          ([, name]) => name,
        );
        expect(indexes.length, plan).toBeGreaterThan(0);
        for (const index of indexes)
          expect(['cuotas_vencidas_sin_recordatorio_idx', 'cuotas_estado_vencimiento_idx'], plan).toContain(
            index,
          );
      }
    } finally {
      await t.db.execute(sql`update clientes set email = null where id in (${sql.join(clientIds, sql`, `)})`);
      // Without the foreign keys' row-by-row checks of pagos and recordatorios (none refers to these instalments
      // once the reminders are gone): a cascade per instalment would take seconds on PGlite.
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`delete from recordatorios`);
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`delete from cuotas`);
      });
    }
  });

  it("reads a contract's instalments, and the payment that stands on each, by index in the plan made once (decision 052)", async () => {
    const [contract] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from solicitudes where estado = 'contrato' order by id desc limit 1`),
    );
    await t.db.execute(sql`
      insert into cuotas (solicitud_id, numero, monto, fecha_vencimiento, estado_pago)
      select ${contract!.id}, n, 10, current_date + 30 * n, 'pendiente' from generate_series(1, 3) n
      on conflict do nothing`);
    const statements = await statementsOf(() =>
      listInstalments({ db: t.db, actor: ADMIN, contractId: contract!.id }),
    );
    const instalments = statements.find((statement) => /from "cuotas"/.test(statement.text));
    const { isGeneric, plan } = await preparedPlanOf(instalments!);
    expect(isGeneric, plan).toBe(true);
    // A rejected payment is left out by the words of the index's own predicate, not by a parameter: with one, the
    // generic plan read every payment for each instalment.
    expect(plan).toMatch(/Index Scan using pagos_cuota_key on pagos/);
    expect(plan).not.toMatch(/Seq Scan on pagos/);
  });

  it("searches in one statement prepared once, whose plan reads the search tables' trigram indexes (issue 12)", async () => {
    const statements = await statementsOf(() => searchEverything({ db: t.db, actor: ADMIN, q: 'PLN-12' }));
    const search = statements.find((statement) => /busqueda_solicitudes/.test(statement.text));
    expect(search?.name).toBe('buscar_todo_texto');
    const { isGeneric, plan } = await preparedPlanOf(search!);
    expect(isGeneric, plan).toBe(true);
    expect(plan).toMatch(/Bitmap Index Scan on busqueda_solicitudes_texto_idx/);
    expect(plan).not.toMatch(/Seq Scan on busqueda_solicitudes\b/);
  });

  it("searches two letters through the word prefixes' B-tree, which stops at the 200th candidate (decision 055)", async () => {
    const statements = await statementsOf(() => searchEverything({ db: t.db, actor: ADMIN, q: 'ro' }));
    const search = statements.find((statement) => /busqueda_prefijos/.test(statement.text));
    expect(search?.name).toBe('buscar_todo_prefijo');
    const { isGeneric, plan } = await preparedPlanOf(search!);
    expect(isGeneric, plan).toBe(true);
    // One range per group (clients, requests, contracts, plots, niches), read in order under a LIMIT: never a
    // bitmap, which gathers every match first. Then each candidate by its key.
    const ranges =
      /Limit[^\n]*\n\s*-> {2}Index Only Scan using busqueda_prefijos_grupo_prefijo_vendedor_id_id_pk/g;
    expect(plan.match(ranges)).toHaveLength(5);
    expect(plan).not.toMatch(/Bitmap (Heap|Index) Scan on busqueda_prefijos/);
    // 4,000 requests here: their candidates by key, not the table read whole (3 clients and no plot are).
    expect(plan.match(/Index Scan using busqueda_solicitudes_pkey/g)).toHaveLength(2);
  });

  it('sums the income summary from the rollup, by a statement prepared once, and pages its contracts through the covering index', async () => {
    const cases = [
      { page: 1, per_page: 50 },
      { page: 40, per_page: 50 },
      { page: 1, per_page: 50, modalidad: 'Financiado' as const },
      { page: 1, per_page: 50, fecha_inicio: '2023-03-15', fecha_fin: '2024-08-20' },
    ];
    for (const filters of cases) {
      const statements = await statementsOf(() => incomeSummary({ db: t.db, filters }));
      const label = JSON.stringify(filters);
      // Prepared once per shape of the filters: planning it was a third of its cost on PGlite.
      expect(statements[0]!.name, `${label}: a named prepared statement`).toMatch(/^ingresos_[0-9a-f]{20}$/);
      const sums = await planOf(statements[0]!);
      expect(sums, label).toMatch(/resumen_ingresos/);
      expect(sums, label).not.toMatch(/Seq Scan on solicitudes/);
      // Without dates, one row per seller and modality (migration 0020), not one per seller, modality and year.
      if (!filters.fecha_inicio) {
        expect(sums, label).toMatch(/on resumen_ingresos_total\b/);
        expect(sums, label).not.toMatch(/resumen_ingresos_(anual|dia)\b|on resumen_ingresos\b/);
      }
      // What was paid on each contract comes with the contracts, not from a statement of its own.
      expect(
        statements.filter((statement) => /^select .* from "pagado_solicitud"/.test(statement.text)),
      ).toEqual([]);
      expect(
        statements.find((statement) => /as total_pagado from solicitudes/.test(statement.text))?.name,
      ).toBe('contratos_con_pagado_por_id');
      const page = statements.find((statement) => /^select "id" from "solicitudes"/.test(statement.text))!;
      // Without a seller or a date, the page map places the page and its prepared statement runs the plan it keeps.
      const isPageMap = !filters.fecha_inicio;
      const { isGeneric, plan } = isPageMap
        ? await preparedPlanOf(page)
        : { isGeneric: true, plan: await planOf(page) };
      expect(isGeneric, `${label}: generic plan kept`).toBe(true);
      expect(plan, label).toMatch(
        /Index (Only )?Scan (Backward )?using solicitudes_(estado|contratos_creacion|contratos_modalidad)_idx/,
      );
      expect(plan, label).not.toMatch(/Sort|Seq Scan/);
    }
  });

  it("counts a seller's requests and contracts from the index alone, never reading the rows", async () => {
    // A seller with a few dozen of the suite's thousands of requests, as each of a real cemetery's sellers has.
    const seller = await createUser(t.app, admin, 'vendedor');
    const client = await insertCliente(t.db, seller.id);
    await t.db.execute(sql`
      insert into solicitudes (numero_solicitud, cliente_id, vendedor_id, tipo_servicio, fecha_creacion,
        fecha_vencimiento, estado, estado_pago, modalidad_pago, monto_total)
      select 'PLN-V-' || g, ${client.id}, ${seller.id}, 'cremacion', now(), now() + interval '3 days',
        case when g % 3 = 0 then 'caducada' else 'solicitud' end, 'pendiente', 'De Contado', 100
      from generate_series(1, 30) g`);
    await t.db.execute(sql`vacuum analyze solicitudes, clientes`);
    const actor = { ...seller, rol: 'vendedor' as const, supervisorId: null };
    const statements = await statementsOf(async () =>
      (await listSellerContracts({ db: t.db, actor, sellerId: seller.id })).summary(),
    );
    const counting = statements.find((statement) => /^select count\(\*\)/.test(statement.text));
    expect(await planOf(counting!)).toMatch(/Index Only Scan using solicitudes_vendedor_idx on solicitudes/);
  });

  it("reads a seller's clients with a contract, and their number, from the clients' index alone (their contracts list)", async () => {
    // Forty clients of one seller, each with three requests, a contract among them for every other client; and
    // two thousand clients of theirs who bought nothing yet.
    const seller = await createUser(t.app, admin, 'vendedor');
    const clients = await Promise.all(Array.from({ length: 40 }, () => insertCliente(t.db, seller.id)));
    await t.db.execute(sql`insert into clientes (vendedor_id, nombre, cedula)
      select ${seller.id}, 'Sin compras ' || g, 'V-PLN-' || g from generate_series(1, 2000) g`);
    await t.db.execute(sql`
      insert into solicitudes (numero_solicitud, numero_contrato, cliente_id, vendedor_id, tipo_servicio,
        fecha_creacion, fecha_vencimiento, fecha_conversion, estado, estado_pago, modalidad_pago, monto_total)
      select 'PLN-C-' || c || '-' || g, case when contrato then 'PLNC-C-' || c end,
        (array[${sql.raw(clients.map((client) => client.id).join(', '))}])[c], ${seller.id}, 'cremacion', now(),
        now() + interval '3 days', case when contrato then now() end,
        case when contrato then 'contrato' else 'solicitud' end, 'pendiente', 'De Contado', 100
      from generate_series(1, 40) c, generate_series(1, 3) g, lateral (select g = 3 and c % 2 = 0 as contrato) k`);
    await t.db.execute(sql`vacuum analyze solicitudes, clientes`);
    const actor = { ...seller, rol: 'vendedor' as const, supervisorId: null };
    const statements = await statementsOf(() =>
      listClientsWithContracts({ db: t.db, actor, sellerId: seller.id, page: 1, perPage: 25 }),
    );
    const page = statements.find((statement) =>
      /select clientes\.id, .* from "clientes"/s.test(statement.text),
    );
    const pagePlan = await planOf(page!);
    // The page carries its count (decision 047), run once from the same index. Migration 0017: the clients' count
    // of contracts, not a look-up of each client among the requests.
    expect(pagePlan).toMatch(
      /InitPlan[\s\S]*Aggregate[\s\S]*Index Only Scan using clientes_con_contratos_idx on clientes/,
    );
    expect(pagePlan).not.toMatch(/on solicitudes/);
    // Planned once: PostgreSQL's own choice was to plan this page again on every call (decision 052).
    const prepared = await preparedPlanOf(page!);
    expect(prepared.isGeneric, `generic plan kept\n${prepared.plan}`).toBe(true);
    expect(prepared.plan, prepared.plan).toMatch(
      /Index Only Scan using clientes_con_contratos_idx on clientes/,
    );
    // The page with its count, and the clients' contracts: each sent as a statement prepared once.
    const listing = statements.filter((statement) => /from "?(clientes|solicitudes)\b/.test(statement.text));
    expect(listing).toHaveLength(2);
    for (const statement of listing) expect(statement.name, statement.text).toBeTruthy();

    // Past the end, no row carries the count: it is read apart, from the index alone too.
    const past = await statementsOf(() =>
      listClientsWithContracts({ db: t.db, actor, sellerId: seller.id, page: 99, perPage: 25 }),
    );
    const counting = past.find((statement) => /^select count\(\*\) from "clientes"/.test(statement.text));
    expect(await planOf(counting!)).toMatch(/Index Only Scan using clientes_con_contratos_idx on clientes/);
    expect(await planOf(counting!)).not.toMatch(/on solicitudes/);
  });

  it('reads the ready-made lines of the 25 requests of a deep page only, not of the rows its offset skips', async () => {
    const statements = await statementsOf(() =>
      loadRequests({
        db: t.db,
        where: eq(solicitudes.estado, 'contrato'),
        orderBy: newestFirst,
        limit: 25,
        offset: 2_000,
      }),
    );
    expect(statements).toHaveLength(1);
    const plan = await planOf(statements[0]!, '(analyze, costs off)');
    // Each request's lines are one row of `resumen_detalles`, looked up once per request shown (25 loops, where
    // OFFSET alone would have looked up 2,025); the lines themselves are not read.
    expect(plan).not.toMatch(/solicitud_detalles/);
    const lines = plan.match(/Index Scan using resumen_detalles_pkey on resumen_detalles[^\n]*loops=(\d+)\)/);
    expect(lines?.[1], plan).toBe('25');
    // Choosing the ids reads neither clients nor sellers: only the 25 rows shown join them.
    expect(plan.match(/ on clientes\b/g), plan).toHaveLength(1);
    expect(plan.match(/ on vendedores\b/g), plan).toHaveLength(1);
  });
});
