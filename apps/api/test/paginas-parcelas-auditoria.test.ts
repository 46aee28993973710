import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord, PlotRow } from '@camposanto/domain';
import { rowsOf } from '../src/db/rows';
import { adminToken, bearer } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 12, decision 016 ("Page maps of plots and audit", migration 0011): the plots list by code and the audit
// list newest first are paged through maps kept by triggers (plots per code prefix, audit rows per business day
// in Caracas). The maps must equal a count over the tables after any insert, upsert, update, delete or truncate,
// and every page must equal what the old OFFSET over the whole filter answered. PAGE_MAP_PROPERTY_RUNS sets the
// number of generated sequences.
const RUNS = Number(process.env.PAGE_MAP_PROPERTY_RUNS ?? 12);

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(query));

/** The maps' non-empty buckets next to a count of the tables themselves, both in key order. */
async function mapsAndCounts() {
  const plots = sql`select prefijo as key, cantidad::int as n from resumen_parcelas_prefijos
    where cantidad <> 0 order by 1`;
  const plotCounts = sql`select left(codigo, 3) as key, count(*)::int as n from parcelas group by 1 order by 1`;
  const days = sql`select dia::text as key, cantidad::int as n from resumen_auditoria_dias
    where cantidad <> 0 order by 1`;
  // The business day in Caracas, computed here in JavaScript's terms (UTC−04:00), not with the migration's function.
  const dayCounts = sql`select to_char((fecha at time zone 'UTC') - interval '4 hours', 'YYYY-MM-DD') as key,
    count(*)::int as n from auditoria group by 1 order by 1`;
  return {
    maps: { plots: await rows(plots), days: await rows(days) },
    counts: { plots: await rows(plotCounts), days: await rows(dayCounts) },
  };
}

const plotCode = fc
  .tuple(fc.constantFrom('A', 'B', 'C'), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 40 }))
  .map(([letter, row, plot]) => `${letter}0${row}-${String(plot).padStart(2, '0')}-01`);
// Instants over four days around midnight in Caracas (04:00 UTC), to the microsecond.
const instant = fc
  .tuple(fc.integer({ min: 0, max: 4 * 24 * 60 - 1 }), fc.integer({ min: 0, max: 59_999_999 }))
  .map(([minutes, micros]) => {
    const minute = new Date(Date.UTC(2025, 2, 1, 2) + minutes * 60_000).toISOString().slice(0, 17);
    const seconds = String(Math.floor(micros / 1e6)).padStart(2, '0');
    return `${minute}${seconds}.${String(micros % 1e6).padStart(6, '0')}Z`;
  });

const change = fc.oneof(
  fc.record({
    kind: fc.constant('insert plots' as const),
    codes: fc.uniqueArray(plotCode, { maxLength: 30 }),
  }),
  fc.record({
    kind: fc.constant('upsert plots' as const),
    codes: fc.uniqueArray(plotCode, { maxLength: 30 }),
  }),
  fc.record({ kind: fc.constant('delete plots' as const), prefix: fc.constantFrom('A0', 'B01', 'C02-1') }),
  fc.record({
    kind: fc.constant('rename plots' as const),
    from: fc.constantFrom('A', 'B'),
    to: fc.constant('D'),
  }),
  fc.record({ kind: fc.constant('change seats' as const) }),
  fc.record({ kind: fc.constant('insert audit' as const), instants: fc.array(instant, { maxLength: 40 }) }),
  fc.record({ kind: fc.constant('delete audit' as const), before: instant }),
  fc.record({ kind: fc.constant('move audit' as const), hours: fc.integer({ min: -30, max: 30 }) }),
);

/** An array parameter as PostgreSQL's literal (Drizzle spreads a JavaScript array into a list). */
const pgArray = (values: string[]) => `{${values.map((value) => `"${value}"`).join(',')}}`;

type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

async function apply(step: Change) {
  switch (step.kind) {
    case 'insert plots':
      if (step.codes.length)
        await t.db.execute(sql`insert into parcelas (codigo) select unnest(${pgArray(step.codes)}::text[])
          on conflict (codigo) do nothing`);
      return;
    case 'upsert plots':
      if (step.codes.length)
        await t.db.execute(sql`insert into parcelas (codigo) select unnest(${pgArray(step.codes)}::text[])
          on conflict (codigo) do update set updated_at = now()`);
      return;
    case 'delete plots':
      await t.db.execute(sql`delete from parcelas where codigo like ${`${step.prefix}%`}`);
      return;
    case 'rename plots':
      await t.db.execute(sql`update parcelas p set codigo = ${step.to} || substr(p.codigo, 2)
        where p.codigo like ${`${step.from}%`}
          and not exists (select 1 from parcelas q where q.codigo = ${step.to} || substr(p.codigo, 2))`);
      return;
    case 'change seats':
      await t.db.execute(sql`update parcelas set disponible = 2, ocupadas = 1 where codigo like 'A%'`);
      return;
    case 'insert audit':
      if (step.instants.length)
        await t.db.execute(sql`insert into auditoria (username, rol, accion, descripcion, fecha)
          select 'Prueba', 'administrador', 'prueba', 'mapa', unnest(${pgArray(step.instants)}::timestamptz[])`);
      return;
    case 'delete audit':
      await t.db.execute(sql`delete from auditoria where accion = 'prueba' and fecha < ${step.before}`);
      return;
    case 'move audit':
      await t.db.execute(sql`update auditoria set fecha = fecha + ${`${step.hours} hours`}::interval
        where accion = 'prueba' and id % 2 = 0`);
      return;
  }
}

describe('the page maps of plots and audit (migration 0011)', () => {
  it('equal a count of the tables after any sequence of inserts, upserts, updates and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const step of steps) await apply(step);
        const { maps, counts } = await mapsAndCounts();
        expect(maps).toEqual(counts);
      }),
      { numRuns: RUNS },
    );
  });

  it('are emptied by TRUNCATE and filled again by later inserts', async () => {
    await apply({ kind: 'insert plots', codes: ['A01-01-01', 'B02-02-01'] });
    await apply({ kind: 'insert audit', instants: ['2025-03-02T03:59:59.999Z'] });
    await t.db.execute(sql`truncate parcelas cascade`);
    await t.db.execute(sql`truncate auditoria`);
    expect((await mapsAndCounts()).maps).toEqual({ plots: [], days: [] });
    await apply({ kind: 'insert plots', codes: ['C03-03-01'] });
    await apply({ kind: 'insert audit', instants: ['2025-03-02T04:00:00Z'] });
    const { maps, counts } = await mapsAndCounts();
    expect(maps).toEqual(counts);
    expect(maps.plots).toEqual([{ key: 'C03', n: 1 }]);
  });
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });

/** Every page of `total` rows at this size, plus one past the end. */
const pageNumbers = (total: number, perPage: number) =>
  Array.from({ length: Math.ceil(total / perPage) + 1 }, (_, index) => index + 1);

describe('every page answers what OFFSET over the whole filter answered', () => {
  it('plots by code, at any page size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(plotCode, { minLength: 0, maxLength: 150 }),
        fc.integer({ min: 1, max: 40 }),
        async (codes, perPage) => {
          await t.db.execute(sql`delete from parcelas`);
          await apply({ kind: 'insert plots', codes });
          for (const page of pageNumbers(codes.length, perPage)) {
            const offset = (page - 1) * perPage;
            const expected = await rows<PlotRow>(sql`select id, codigo, puestos, disponible, reservadas,
              ocupadas, vendidas from parcelas order by codigo limit ${perPage} offset ${offset}`);
            const response = await get(`/parcelas?page=${page}&per_page=${perPage}`);
            expect(response.statusCode).toBe(200);
            expect(response.json()).toEqual({
              items: expected,
              total: codes.length,
              page,
              per_page: perPage,
            });
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('audit newest first, with or without a range of days, at any page size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(instant, { maxLength: 200 }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom(
          {},
          { desde: '2025-03-01', hasta: '2025-03-01' },
          { desde: '2025-03-02' },
          { hasta: '2025-03-02' },
          { desde: '2025-03-02', hasta: '2025-03-03', rol: 'todos' },
        ),
        async (instants, perPage, range: { desde?: string; hasta?: string; rol?: string }) => {
          await t.db.execute(sql`delete from auditoria`);
          await apply({ kind: 'insert audit', instants });
          // The old answer: the range in Caracas days, newest first then highest id, OFFSET over all of it.
          const from = range.desde ? `${range.desde}T00:00:00-04:00` : '-infinity';
          const to = range.hasta ? `${range.hasta}T24:00:00-04:00` : 'infinity';
          const filter = sql`fecha >= ${from}::timestamptz and fecha < ${to}::timestamptz`;
          const [{ total }] = (await rows<{ total: number }>(
            sql`select count(*)::int as total from auditoria where ${filter}`,
          )) as [{ total: number }];
          const params = new URLSearchParams(range as Record<string, string>);
          for (const page of pageNumbers(total, perPage)) {
            const expected = await rows<
              AuditRecord & { micros: string }
            >(sql`select id, username, rol, accion,
              descripcion, to_char(fecha at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as micros
              from auditoria where ${filter}
              order by fecha desc, id desc limit ${perPage} offset ${(page - 1) * perPage}`);
            const response = await get(`/api/v1/admin/auditoria?${params}&page=${page}&per_page=${perPage}`);
            expect(response.statusCode).toBe(200);
            expect(response.headers['x-total-count']).toBe(String(total));
            // A bigint id comes back from PostgreSQL's driver as text; the instant is cut to the millisecond.
            expect(response.json<AuditRecord[]>()).toEqual(
              expected.map(({ micros, ...row }) => ({
                ...row,
                id: Number(row.id),
                fecha: `${micros.slice(0, 23)}Z`,
              })),
            );
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
