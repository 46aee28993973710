import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminToken, bearer, userWithRole, type TestUser } from './helpers/auth';
import { insertContracts } from './helpers/bulk-contracts';
import { createClientVia } from './helpers/sales-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';
import { KeptAnswers } from '../src/lib/kept-answers';
import { rowsOf } from '../src/db/rows';
import { foldSellerChanges } from '../src/modules/ventas/seller-changes';

// Issue 12, decision 056: a seller's unpaged requests and contracts (GET /api/vendedor/contratos/{id}) are kept
// whole between calls, with the version of the rows they show. Whatever changes those rows, by whichever way and
// on whichever server, the next answer must be the one built from the rows as they are: here the paged answer,
// which is never kept, of the same list.

let t: TestApp;
let admin: string;
let seller: TestUser;
let other: TestUser;
let clients: number[];
let serial = 0;

const gets = vi.spyOn(KeptAnswers.prototype, 'get');
/** Whether the last unpaged answer was sent from the kept ones. */
const wasKept = () => gets.mock.results.at(-1)?.value !== undefined;

async function call(url: string, app = t.app) {
  const response = await app.inject({ method: 'GET', url, headers: bearer(admin) });
  expect(response.statusCode).toBe(200);
  return { body: response.body, total: response.headers['x-total-count'] };
}

/** The unpaged answer, and beside it the same list as one page built now (at most 100 rows: the tests keep fewer). */
async function unpagedAndFresh(app = t.app) {
  const unpaged = await call(`/api/vendedor/contratos/${seller.id}`, app);
  const fresh = await call(`/api/vendedor/contratos/${seller.id}?page=1&per_page=100`, app);
  return { unpaged, fresh };
}

async function expectFresh(app = t.app) {
  const { unpaged, fresh } = await unpagedAndFresh(app);
  expect(unpaged.body).toBe(fresh.body);
  expect(unpaged.total).toBe(fresh.total);
  return unpaged.body;
}

const run = (statement: ReturnType<typeof sql>, db = t.db) => db.execute(statement);
const someRequest = async (offset = 0) =>
  rowsOf<{ id: number }>(
    await t.db.execute(sql`select id from solicitudes where vendedor_id = ${seller.id}
      and estado in ('solicitud', 'contrato') order by id limit 1 offset ${offset}`),
  )[0]!.id;

/** Every kind of change to what the answer shows, made in SQL as another server or a job would. */
const changes: Record<string, (pick: number) => Promise<unknown>> = {
  'a request’s payment state': async (pick) =>
    run(sql`update solicitudes set estado_pago = case estado_pago when 'pagado' then 'pendiente' else 'pagado' end
      where id = ${await someRequest(pick)}`),
  'a client’s name': async (pick) =>
    run(
      sql`update clientes set nombre = ${`Cliente renombrado ${++serial}`} where id = ${clients[pick % 2]!}`,
    ),
  'a client’s phone': async (pick) =>
    run(sql`update clientes set celular = ${`0414${String(++serial).padStart(7, '0')}`}
      where id = ${clients[pick % 2]!}`),
  'the seller’s name': async () =>
    run(sql`update vendedores set nombre = ${`Vendedora ${++serial}`} where id = ${seller.id}`),
  'a line’s discount': async (pick) =>
    run(sql`update solicitud_detalles set descuento = descuento + 1, precio_con_descuento = precio_con_descuento - 1
      where solicitud_id = ${await someRequest(pick)}`),
  'a request’s lines removed': async (pick) =>
    run(sql`delete from solicitud_detalles where solicitud_id = ${await someRequest(pick)}`),
  'a request given to another seller': async (pick) =>
    run(sql`update solicitudes set vendedor_id = ${other.id} where id = ${await someRequest(pick)}`),
  'a request given back': async () =>
    run(sql`update solicitudes set vendedor_id = ${seller.id}
      where id = (select min(id) from solicitudes where vendedor_id = ${other.id})`),
  'a request expired': async (pick) =>
    run(
      sql`update solicitudes set estado = 'caducada', numero_contrato = null where id = ${await someRequest(pick)}`,
    ),
  'new contracts': async (pick) =>
    insertContracts(t.db, {
      count: 1 + (pick % 3),
      prefix: `NUEVA-${++serial}-`,
      sellerId: seller.id,
      clientId: clients[pick % 2]!,
      modalidad: pick % 2 ? 'Financiado' : 'De Contado',
    }),
  'a request without lines yet': async (pick) =>
    run(sql`insert into solicitudes (numero_solicitud, cliente_id, vendedor_id, tipo_servicio, fecha_vencimiento,
      estado, estado_pago, modalidad_pago, metodo_pago, precio_plan, monto_total, descuento, precio_con_descuento)
      values (${`SIN-LINEAS-${++serial}`}, ${clients[pick % 2]!}, ${seller.id}, 'cremacion', now() + interval '3 days',
        'solicitud', 'pendiente', 'De Contado', 'USD', 900, 900, 0, 900)`),
  'a request deleted': async (pick) => {
    const id = await someRequest(pick);
    await run(sql`delete from solicitud_detalles where solicitud_id = ${id}`);
    return run(sql`delete from solicitudes where id = ${id}`);
  },
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  [seller, other] = await Promise.all([
    userWithRole(t.app, admin, 'vendedor'),
    userWithRole(t.app, admin, 'vendedor'),
  ]);
  clients = [];
  // 12 cash contracts of the first client, 8 financed of the second.
  for (const [letter, count, modalidad] of [
    ['A', 12, 'De Contado'],
    ['B', 8, 'Financiado'],
  ] as const) {
    const { id } = await createClientVia(t.app, seller.token, { vendedor_id: String(seller.id) });
    clients.push(id);
    await insertContracts(t.db, {
      count,
      prefix: `GUARDADA-${letter}-`,
      sellerId: seller.id,
      clientId: id,
      modalidad,
    });
  }
  // Some are requests still, not contracts: the list shows both.
  await run(sql`update solicitudes set estado = 'solicitud', numero_contrato = null
    where numero_solicitud in ('GUARDADA-A-1', 'GUARDADA-B-2')`);
});

afterAll(async () => {
  gets.mockRestore();
  await t?.close();
});

describe('a seller’s unpaged requests kept whole (decision 056)', () => {
  it('sends the kept answer while its rows are unchanged', async () => {
    const first = await expectFresh();
    expect(wasKept()).toBe(false);
    const { unpaged } = await unpagedAndFresh();
    expect(wasKept()).toBe(true);
    expect(unpaged.body).toBe(first);
    expect(JSON.parse(first)).toHaveLength(20);
  });

  it.each(Object.keys(changes))('builds it again after %s', async (name) => {
    const before = await expectFresh();
    await changes[name]!(1);
    const after = await expectFresh();
    expect(wasKept()).toBe(false);
    expect(after).not.toBe(before);
    await expectFresh();
    expect(wasKept()).toBe(true);
  });

  it('keeps it through a change rolled back', async () => {
    const before = await expectFresh();
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update clientes set nombre = 'Nunca guardado' where id = ${clients[0]!}`);
        throw new Error('deshecho');
      })
      .catch(() => undefined);
    const { unpaged } = await unpagedAndFresh();
    expect(wasKept()).toBe(true);
    expect(unpaged.body).toBe(before);
  });

  it('keeps the version through the upkeep’s fold of the changes, one row a seller', async () => {
    const changesOf = async (id: number) =>
      rowsOf<{ rows: number }>(
        await t.db.execute(sql`select count(*)::int as rows from vendedor_cambios where vendedor_id = ${id}`),
      )[0]!.rows;
    await changes['a request’s payment state']!(0);
    await changes['a client’s name']!(0);
    const before = await expectFresh();
    expect(await changesOf(seller.id)).toBeGreaterThan(1);
    // A fold leaves the rows of transactions from the snapshot's oldest running one on; on PostgreSQL that is any
    // database's (the other test files'), so it may take a few folds to reach these.
    let folded = 0;
    await expect
      .poll(
        async () => {
          folded += await foldSellerChanges(t.db);
          return changesOf(seller.id);
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(folded).toBeGreaterThan(1);
    const { unpaged } = await unpagedAndFresh();
    expect(wasKept()).toBe(true);
    expect(unpaged.body).toBe(before);
    await changes['the seller’s name']!(0);
    expect(await expectFresh()).not.toBe(before);
    expect(wasKept()).toBe(false);
  });

  it('always answers the rows as they are, whatever the changes between calls', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...Object.keys(changes), 'nothing'), fc.nat(5)), { maxLength: 4 }),
        async (steps) => {
          for (const [name, pick] of steps) {
            if (name !== 'nothing') await changes[name]!(pick);
            await expectFresh();
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('answers another server’s changes: each server checks the version in the database', async () => {
    const second = await createTestApp({ sharedWith: t });
    try {
      const before = await expectFresh(second.app);
      await expectFresh(second.app);
      expect(wasKept()).toBe(true);
      await run(sql`update clientes set nombre = 'Cambiado en el primero' where id = ${clients[1]!}`);
      const after = await expectFresh(second.app);
      expect(after).not.toBe(before);
      expect(after).toContain('Cambiado en el primero');
    } finally {
      await second.close();
    }
  });
});
