import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStatement, withPreparedStatements } from '../src/db/pglite-prepared';

// Issue 12: on PGlite the lists' registered statements are prepared once and run as EXECUTE, so PostgreSQL keeps
// their plan; a value that cannot be written as a literal runs the statement unprepared, as before.

let client: PGlite;
let prepared: PGlite;
let sent: string[];

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`create table fechas (id int primary key, dia timestamptz, estado text);
    insert into fechas select g, timestamptz '2025-01-01' + g * interval '1 day', case when g % 2 = 0 then 'par' else 'impar' end
    from generate_series(1, 100) g`);
  // Every statement the wrapper sends to PGlite, as the plan tests read them.
  for (const method of ['query', 'exec'] as const) {
    const original = (client[method] as (...args: unknown[]) => unknown).bind(client);
    client[method] = ((text: string, ...rest: unknown[]) => {
      sent.push(text);
      return original(text, ...rest);
    }) as never;
  }
  prepared = withPreparedStatements(client);
});
afterAll(() => client?.close());

const PAGE = `select id from fechas where estado = $1 and dia < $2 order by dia desc limit $3 offset $4`;
registerStatement(PAGE, 'prueba_pagina');

describe('withPreparedStatements', () => {
  it('prepares a registered statement once and runs it as EXECUTE, with the rows it would have answered', async () => {
    sent = [];
    const params = ['par', '2025-02-01T00:00:00.000Z', 3, 1];
    const first = await prepared.query<{ id: number }>(PAGE, params);
    const second = await prepared.query<{ id: number }>(PAGE, params);
    expect(sent).toEqual([
      `prepare prueba_pagina as ${PAGE}`,
      `execute prueba_pagina('par', '2025-02-01T00:00:00.000Z', 3, 1)`,
      `execute prueba_pagina('par', '2025-02-01T00:00:00.000Z', 3, 1)`,
    ]);
    expect(first.rows).toEqual([{ id: 28 }, { id: 26 }, { id: 24 }]);
    expect(second.rows).toEqual(first.rows);
    expect((await client.query<{ id: number }>(PAGE, params)).rows).toEqual(first.rows);
  });

  it('writes any text quoted, so that none ends its literal, and answers what bound parameters answer', async () => {
    for (const [estado, literal] of [
      ["par' or '1'='1", `'par'' or ''1''=''1'`],
      ['par; drop table fechas', `'par; drop table fechas'`],
      ["par\\'); drop table fechas; --", ` E'par\\\\''); drop table fechas; --'`],
      ['%ar_', `'%ar_'`],
      ['maría', `'maría'`],
    ] as const) {
      sent = [];
      const rows = await prepared.query(PAGE, [estado, '2025-02-01', 3, 0]);
      expect(sent).toEqual([`execute prueba_pagina(${literal}, '2025-02-01', 3, 0)`]);
      expect(rows.rows).toEqual((await client.query(PAGE, [estado, '2025-02-01', 3, 0])).rows);
    }
    expect((await client.query<{ n: number }>('select count(*)::int as n from fechas')).rows).toEqual([
      { n: 100 },
    ]);
  });

  it('runs it unprepared, with bound parameters, when a value cannot be written as a literal', async () => {
    for (const [estado, limit] of [
      ['par\0', 3],
      ['par', 2 ** 60],
      ['par', 1.5],
    ] as const) {
      sent = [];
      await prepared.query(PAGE, [estado, '2025-02-01', limit, 0]).catch(() => undefined);
      expect(sent).toEqual([PAGE]);
    }
  });

  it("writes a sign-in's e-mail address into EXECUTE, quoted", async () => {
    sent = [];
    const rows = await prepared.query(PAGE, ['ana@correo.test', '2025-02-01T00:00:00.000Z', 3, 0]);
    expect(sent.at(-1)).toBe(`execute prueba_pagina('ana@correo.test', '2025-02-01T00:00:00.000Z', 3, 0)`);
    expect(rows.rows).toEqual([]);
  });

  it('writes a list of ids as an int[] and refuses one that holds anything else', async () => {
    const ofIds = `select id from fechas where id = any($1::int[]) order by id`;
    registerStatement(ofIds, 'prueba_ids');
    sent = [];
    await expect(prepared.query(ofIds, [[3, 1, 2]])).resolves.toMatchObject({
      rows: [{ id: 1 }, { id: 2 }, { id: 3 }],
    });
    await expect(prepared.query(ofIds, [[4, '5}']])).rejects.toThrow();
    expect(sent).toEqual([`prepare prueba_ids as ${ofIds}`, `execute prueba_ids('{3,1,2}')`, ofIds]);
  });

  it('leaves a statement that was never registered as it is', async () => {
    sent = [];
    const rows = await prepared.query<{ n: number }>('select $1::int + 1 as n', [41]);
    expect(rows.rows).toEqual([{ n: 42 }]);
    expect(sent).toEqual(['select $1::int + 1 as n']);
  });

  it('runs the statement unprepared, every time, when PostgreSQL refuses to prepare it', async () => {
    // A second wrapper on the same PGlite: the name is taken, so its PREPARE fails.
    const second = withPreparedStatements(client);
    sent = [];
    const params = ['impar', '2025-01-10T00:00:00.000Z', 2, 0];
    await expect(second.query(PAGE, params)).resolves.toMatchObject({ rows: [{ id: 7 }, { id: 5 }] });
    await expect(second.query(PAGE, params)).resolves.toMatchObject({ rows: [{ id: 7 }, { id: 5 }] });
    expect(sent).toEqual([`prepare prueba_pagina as ${PAGE}`, PAGE, PAGE]);
  });
});
