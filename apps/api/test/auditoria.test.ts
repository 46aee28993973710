import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type AuditRecord } from '@camposanto/domain';
import { auditoria } from '../src/db/schema';
import {
  ADMIN,
  adminToken,
  bearer,
  createUser,
  newUserBody,
  userWithRole,
  type TestUser,
} from './helpers/auth';
import { auditSince, lastAuditId, snapshot } from './helpers/fixtures';
import { countStatements } from './helpers/sales-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin: string;
let asistente: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  asistente = await userWithRole(t.app, admin, 'asistente');
});
afterAll(() => t.close());

const query = (params: Record<string, string>, token = admin) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/auditoria?${new URLSearchParams(params).toString()}`,
    headers: bearer(token),
  });

async function insertAudit(rows: { fecha: string; rol?: string; descripcion: string }[]) {
  await t.db.insert(auditoria).values(
    rows.map((row) => ({
      username: 'Prueba',
      rol: row.rol ?? 'administrador',
      accion: 'prueba',
      descripcion: row.descripcion,
      fecha: new Date(row.fecha),
    })),
  );
}

const descriptions = (response: LightMyRequestResponse) =>
  response.json<AuditRecord[]>().map((row) => row.descripcion);

describe('one audit row per change, naming who did it', () => {
  type Actor = { token: string; username: string; rol: string };
  const asAdmin = (): Actor => ({ token: admin, username: ADMIN.username, rol: 'administrador' });
  const asAsistente = (): Actor => ({
    token: asistente.token,
    username: asistente.username,
    rol: 'asistente',
  });
  const target = (rol: 'cliente' | 'vendedor' = 'cliente') => createUser(t.app, admin, rol);

  const CHANGES: {
    name: string;
    actor: () => Actor;
    accion: string;
    prepare: () => Promise<InjectOptions>;
  }[] = [
    {
      name: 'creating a user',
      actor: asAsistente,
      accion: 'crear_usuario',
      prepare: async () => ({ method: 'POST', url: '/api/v1/usuarios/', payload: newUserBody('vendedor') }),
    },
    {
      name: 'editing a user',
      actor: asAdmin,
      accion: 'actualizar_usuario',
      prepare: async () => {
        const user = await target();
        const payload = { username: `${user.username} X`, email: user.email, rol: 'cliente' };
        return { method: 'PUT', url: `/api/v1/usuarios/${user.id}`, payload };
      },
    },
    {
      name: 'deactivating a user',
      actor: asAsistente,
      accion: 'desactivar_usuario',
      prepare: async () => ({
        method: 'PUT',
        url: `/api/v1/usuarios/${(await target()).id}/active`,
        payload: { is_active: false },
      }),
    },
    {
      name: 'activating a user',
      actor: asAdmin,
      accion: 'activar_usuario',
      prepare: async () => ({
        method: 'PUT',
        url: `/api/v1/usuarios/${(await target()).id}/active`,
        payload: { is_active: true },
      }),
    },
    {
      name: 'deleting a user',
      actor: asAsistente,
      accion: 'eliminar_usuario',
      prepare: async () => ({ method: 'DELETE', url: `/api/v1/usuarios/${(await target()).id}` }),
    },
    {
      name: 'editing a seller',
      actor: asAsistente,
      accion: 'actualizar_vendedor',
      prepare: async () => ({
        method: 'PUT',
        url: `/api/v1/vendedores/${(await target('vendedor')).id}`,
        payload: { telefono: '4125550000' },
      }),
    },
    {
      name: 'setting the exchange rate',
      actor: asAdmin,
      accion: 'actualizar_tasa',
      prepare: async () => ({ method: 'PUT', url: '/api/v1/tasa-cambio', payload: { promedio: 41.3 } }),
    },
  ];

  it.each(CHANGES)(
    '$name writes one row ($accion) with the actor’s name and rol',
    async ({ actor, prepare, accion }) => {
      const { token, username, rol } = actor();
      const request = await prepare();
      const since = await lastAuditId(t.db);
      const response = await t.app.inject({ ...request, headers: bearer(token) });
      expect(response.statusCode, response.body).toBe(200);
      const rows = await auditSince(t.db, since);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ username, rol, accion });
      expect(Date.now() - (rows[0]?.fecha.getTime() ?? 0)).toBeLessThan(60_000);
    },
  );

  it('lists the newest row first through the API, with every column of the screen', async () => {
    const body = newUserBody('cliente');
    await t.app.inject({ method: 'POST', url: '/api/v1/usuarios/', headers: bearer(admin), payload: body });
    const response = await query({}, asistente.token);
    expect(response.statusCode).toBe(200);
    const [newest] = response.json<AuditRecord[]>();
    expect(newest).toEqual({
      id: expect.any(Number),
      username: ADMIN.username,
      rol: 'administrador',
      accion: 'crear_usuario',
      descripcion: expect.stringContaining(body.email),
      fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
  });
});

describe('the audit row is written in the same transaction as the change', () => {
  // While this constraint holds, no new audit row may name the marker: the change it records must roll back.
  const MARKER = 'RECHAZO-DE-PRUEBA';
  async function whileAuditRefusesMarker<T>(work: () => Promise<T>): Promise<T> {
    await t.db.execute(
      sql.raw(
        `alter table auditoria add constraint prueba_rechazo check (descripcion not like '%${MARKER}%') not valid`,
      ),
    );
    try {
      return await work();
    } finally {
      await t.db.execute(sql.raw('alter table auditoria drop constraint prueba_rechazo'));
    }
  }

  it.each([
    [
      'creating a user',
      async (): Promise<InjectOptions> => ({
        method: 'POST',
        url: '/api/v1/usuarios/',
        payload: newUserBody('vendedor', { username: `${MARKER} 1` }),
      }),
    ],
    [
      'deactivating a user',
      async (): Promise<InjectOptions> => {
        const user = await createUser(t.app, admin, 'cliente', { username: `Cliente ${MARKER}` });
        return { method: 'PUT', url: `/api/v1/usuarios/${user.id}/active`, payload: { is_active: false } };
      },
    ],
    [
      'editing a seller',
      async (): Promise<InjectOptions> => {
        const seller = await createUser(t.app, admin, 'vendedor');
        return {
          method: 'PUT',
          url: `/api/v1/vendedores/${seller.id}`,
          payload: { nombre: `Vendedor ${MARKER}` },
        };
      },
    ],
  ])('%s leaves nothing behind when its audit row cannot be written', async (_name, prepare) => {
    const request = await prepare();
    const before = await snapshot(t.db);
    const response = await whileAuditRefusesMarker(() =>
      t.app.inject({ ...request, headers: bearer(admin) }),
    );
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: MSG.errorInterno, request_id: expect.any(String) });
    expect(response.body).not.toMatch(/prueba_rechazo|constraint|violates|auditoria/i);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('GET /api/v1/admin/auditoria filters', () => {
  it('reads Desde and Hasta as whole business days of America/Caracas, Hasta included', async () => {
    await insertAudit([
      { fecha: '2024-03-10T03:59:59Z', descripcion: 'A: 9 de marzo, 23:59:59 en Caracas' },
      { fecha: '2024-03-10T04:00:00Z', descripcion: 'B: 10 de marzo, 00:00 en Caracas' },
      { fecha: '2024-03-11T03:59:59Z', descripcion: 'C: 10 de marzo, 23:59:59 en Caracas' },
      { fecha: '2024-03-11T04:00:00Z', descripcion: 'D: 11 de marzo, 00:00 en Caracas' },
    ]);
    const day10 = await query({ desde: '2024-03-10', hasta: '2024-03-10' });
    expect(day10.statusCode).toBe(200);
    expect(descriptions(day10)).toEqual([
      'C: 10 de marzo, 23:59:59 en Caracas',
      'B: 10 de marzo, 00:00 en Caracas',
    ]);
    expect(day10.json<AuditRecord[]>()[1]?.fecha).toBe('2024-03-10T04:00:00.000Z');

    expect(descriptions(await query({ desde: '2024-03-01', hasta: '2024-03-09' }))).toEqual([
      'A: 9 de marzo, 23:59:59 en Caracas',
    ]);
    const fromThe11th = descriptions(await query({ desde: '2024-03-11' }));
    expect(fromThe11th).toContain('D: 11 de marzo, 00:00 en Caracas');
    expect(fromThe11th).not.toContain('C: 10 de marzo, 23:59:59 en Caracas');
    const untilThe10th = descriptions(await query({ hasta: '2024-03-10' }));
    expect(untilThe10th).toEqual(
      expect.arrayContaining(['A: 9 de marzo, 23:59:59 en Caracas', 'C: 10 de marzo, 23:59:59 en Caracas']),
    );
    expect(untilThe10th).not.toContain('D: 11 de marzo, 00:00 en Caracas');
  });

  it('filters by rol; Todos, todos or an empty rol mean every rol', async () => {
    await insertAudit([
      { fecha: '2023-05-05T15:00:00Z', rol: 'vendedor', descripcion: 'rol vendedor' },
      { fecha: '2023-05-05T16:00:00Z', rol: 'cliente', descripcion: 'rol cliente' },
      { fecha: '2023-05-05T17:00:00Z', rol: 'administrador', descripcion: 'rol administrador' },
    ]);
    const day = { desde: '2023-05-05', hasta: '2023-05-05' };
    expect(descriptions(await query({ ...day, rol: 'vendedor' }))).toEqual(['rol vendedor']);
    expect(descriptions(await query({ ...day, rol: 'administrador' }))).toEqual(['rol administrador']);
    expect(descriptions(await query({ ...day, rol: 'supervisor' }))).toEqual([]);
    for (const rol of ['Todos', 'todos', '']) {
      expect(descriptions(await query({ ...day, rol }))).toEqual([
        'rol administrador',
        'rol cliente',
        'rol vendedor',
      ]);
    }
  });

  it('refuses Desde after Hasta with 400 in Spanish', async () => {
    const response = await query({ desde: '2024-03-11', hasta: '2024-03-10' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'La fecha inicial no puede ser posterior a la fecha final.' });
  });

  it.each([
    ['a date that does not exist', { desde: '2024-02-30' }, 'desde', MSG.fechaInvalida],
    ['a date in DD/MM/YYYY', { hasta: '10/03/2024' }, 'hasta', MSG.fechaInvalida],
    ['an unknown rol', { rol: 'gerente' }, 'rol', 'Entrada inválida'],
  ])('refuses %s with 422 in Spanish', async (_name, params, field, msg) => {
    const response = await query(params);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([{ loc: ['querystring', field], msg, type: expect.any(String) }]);
  });
});

describe('GET /api/v1/admin/auditoria pages (issue 12)', () => {
  // 2,500 rows on one Caracas day, newest first: three share each microsecond (the id breaks the tie) and the
  // timestamps differ by microseconds, which a millisecond ISO string cannot tell apart. Every fifth is a seller's.
  const DAY = { desde: '2021-06-01', hasta: '2021-06-01' };
  const ROWS = 2500;
  const SELLER_ROWS = ROWS / 5;

  beforeAll(async () => {
    await t.db.execute(sql`
      insert into auditoria (username, rol, accion, descripcion, fecha)
      select 'Prueba', case when g % 5 = 0 then 'vendedor' else 'administrador' end, 'prueba', 'fila ' || g,
        timestamptz '2021-06-01 12:00:00-04' + (g / 3) * interval '1 microsecond'
      from generate_series(1, ${ROWS}) as g`);
  });

  const page = (params: Record<string, string | number>, token = admin) =>
    query(Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])), token);

  it('answers page after page newest first with X-Total-Count, the whole filter unpaged in the same bytes', async () => {
    const whole = await query(DAY);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['x-total-count']).toBe(String(ROWS));
    expect(whole.headers['content-type']).toBe('application/json; charset=utf-8');
    const rows = whole.json<AuditRecord[]>();
    expect(rows).toHaveLength(ROWS);
    // Newest first, then the highest id: rows 2500, 2499 (same microsecond, 2499 = 833 × 3), 2498, …
    expect(rows.slice(0, 4).map((row) => row.descripcion)).toEqual([
      'fila 2500',
      'fila 2499',
      'fila 2498',
      'fila 2497',
    ]);
    expect(new Set(rows.map((row) => row.id)).size).toBe(ROWS);

    const bodies: string[] = [];
    for (let number = 1; number <= ROWS / 100 + 1; number += 1) {
      const response = await page({ ...DAY, page: number, per_page: 100 });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe(String(ROWS));
      bodies.push(response.body);
    }
    expect(bodies.at(-1)).toBe('[]');
    const joined = `[${bodies
      .map((body) => body.slice(1, -1))
      .filter(Boolean)
      .join(',')}]`;
    expect(whole.body).toBe(joined);
  });

  it('gives the first, a middle and the last page, and an empty page past the end', async () => {
    const all = (await query(DAY)).json<AuditRecord[]>();
    const ids = (response: LightMyRequestResponse) => response.json<AuditRecord[]>().map((row) => row.id);
    expect(ids(await page({ ...DAY, page: 1, per_page: 25 }))).toEqual(all.slice(0, 25).map((row) => row.id));
    expect(ids(await page({ ...DAY, page: 40, per_page: 25 }))).toEqual(
      all.slice(975, 1000).map((row) => row.id),
    );
    expect(ids(await page({ ...DAY, page: 25, per_page: 100 }))).toEqual(
      all.slice(2400).map((row) => row.id),
    );
    expect(ids(await page({ ...DAY, page: 26, per_page: 100 }))).toEqual([]);
  });

  it('pages 10 at a time from page 1 when only one of page and per_page is given', async () => {
    const all = (await query(DAY)).json<AuditRecord[]>();
    expect((await page({ ...DAY, page: 3 })).json<AuditRecord[]>()).toEqual(all.slice(20, 30));
    expect((await page({ ...DAY, per_page: 50 })).json<AuditRecord[]>()).toEqual(all.slice(0, 50));
  });

  it('filters by rol before paging, and counts the filter', async () => {
    const sellers = await page({ ...DAY, rol: 'vendedor', page: 2, per_page: 100 });
    expect(sellers.headers['x-total-count']).toBe(String(SELLER_ROWS));
    const rows = sellers.json<AuditRecord[]>();
    expect(rows).toHaveLength(100);
    expect(rows.every((row) => row.rol === 'vendedor')).toBe(true);
    const unpaged = await query({ ...DAY, rol: 'vendedor' });
    expect(unpaged.json<AuditRecord[]>().slice(100, 200)).toEqual(rows);
    expect((await page({ ...DAY, rol: 'supervisor', page: 1, per_page: 10 })).headers['x-total-count']).toBe(
      '0',
    );
  });

  it('reads a page in one statement and counts the filter in another, whatever the page size', async () => {
    const counts: number[] = [];
    for (const perPage of [10, 100]) {
      const { result, statements } = await countStatements(t.db, () =>
        page({ ...DAY, page: 3, per_page: perPage }),
      );
      expect(result.statusCode).toBe(200);
      counts.push(statements);
    }
    // On PostgreSQL a third: the session's check (plugins/auth.ts), the same for every route. PGlite's server keeps
    // the signed-in user's row in memory (decision 038).
    const sessionCheck = t.driver === 'postgres' ? 1 : 0;
    expect(counts).toEqual([2 + sessionCheck, 2 + sessionCheck]);
  });

  it.each(['page=0', 'page=-1', 'page=uno', 'per_page=0', 'per_page=101', 'per_page=2.5'])(
    'refuses %s with 422 in Spanish',
    async (bad) => {
      const [field, value] = bad.split('=') as [string, string];
      const response = await query({ [field]: value });
      expect(response.statusCode).toBe(422);
      const [issue] = response.json<{ detail: { loc: string[]; msg: string }[] }>().detail;
      expect(issue?.loc).toEqual(['querystring', field]);
      expect(issue?.msg).toMatch(/número|Demasiado/);
    },
  );

  it('accepts 100 rows per page', async () => {
    const response = await page({ ...DAY, page: 1, per_page: 100 });
    expect(response.statusCode).toBe(200);
    expect(response.json<AuditRecord[]>()).toHaveLength(100);
  });

  it('still refuses sales roles with 403 and a missing token with 401, paged or not', async () => {
    const seller = await userWithRole(t.app, admin, 'vendedor');
    const everyOrOnePage: Record<string, string>[] = [{}, { page: '1', per_page: '10' }];
    for (const params of everyOrOnePage) {
      const refused = await query(params, seller.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: MSG.sinPermiso });
      const search = new URLSearchParams(params).toString();
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/admin/auditoria?${search}` });
      expect(anonymous.statusCode).toBe(401);
    }
  });
});
