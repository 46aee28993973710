import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIST_MESSAGES,
  parseCsv,
  USER_SORT_FIELDS,
  type AuditRecord,
  type Niche,
  type Paged,
  type PlotRow,
  type SellersResponse,
  type User,
} from '@camposanto/domain';
import { nichosColumbario, parcelas } from '../src/db/schema';
import { adminToken, bearer, createUser, userWithRole, type TestUser } from './helpers/auth';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 15 (decision 032): search, sort, filters and CSV export of the administration lists.

let t: TestApp;
let admin: string;
let asistente: TestUser;
let vendedor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  asistente = await userWithRole(t.app, admin, 'asistente', {
    username: 'Zoila Pérez',
    email: 'zoila@test.local',
  });
  vendedor = await userWithRole(t.app, admin, 'vendedor', {
    username: 'Ángel Ruiz',
    email: 'angel@test.local',
  });
  await createUser(t.app, admin, 'asistente', { username: 'Porcentaje 100% real', email: 'pct@test.local' });
  await createUser(t.app, admin, 'asistente', { username: 'Guion_bajo', email: 'guion@test.local' });
  await createUser(t.app, admin, 'supervisor', { username: 'Beatriz Ángulo', email: 'bea@test.local' });
});
afterAll(() => t.close());

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const names = async (url: string) => (await get(url)).json<User[]>().map((user) => user.username);

/** The CSV's rows after the header, read back as a spreadsheet would. */
function csvOf(body: string) {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  const rows = parseCsv(body).map((row) => row.values);
  return { header: rows[0], rows: rows.slice(1) };
}

describe('GET /api/v1/usuarios — search, sort, filters and CSV', () => {
  it('answers every user by name, as before, when no new parameter is given', async () => {
    const response = await get('/api/v1/usuarios');
    expect(response.statusCode).toBe(200);
    const users = response.json<User[]>();
    expect(users.map((user) => user.username)).toEqual(
      [...users.map((user) => user.username)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    expect(response.headers['x-total-count']).toBe(String(users.length));
  });

  it('finds by any part of the name, accents and case ignored, and by e-mail; misses answer empty', async () => {
    expect(await names('/api/v1/usuarios?q=angel')).toEqual(['Ángel Ruiz']);
    expect(await names('/api/v1/usuarios?q=%C3%81NGULO')).toEqual(['Beatriz Ángulo']);
    expect(await names('/api/v1/usuarios?q=zoila%40test')).toEqual(['Zoila Pérez']);
    const miss = await get('/api/v1/usuarios?q=nadie-se-llama-asi');
    expect(miss.json()).toEqual([]);
    expect(miss.headers['x-total-count']).toBe('0');
  });

  it('searches % and _ as they are, never as wildcards', async () => {
    expect(await names('/api/v1/usuarios?q=100%25')).toEqual(['Porcentaje 100% real']);
    expect(await names('/api/v1/usuarios?q=n_b')).toEqual(['Guion_bajo']);
    expect(await names('/api/v1/usuarios?q=%25%25')).toEqual([]);
  });

  it('sorts by each column both ways, ties broken by id', async () => {
    const ascending = await names('/api/v1/usuarios?orden=email');
    const descending = await names('/api/v1/usuarios?orden=-email');
    expect(descending).toEqual([...ascending].reverse());
    const byRole = (await get('/api/v1/usuarios?orden=rol')).json<User[]>();
    const roles = byRole.map((user) => user.rol);
    expect(roles).toEqual([...roles].sort());
    const sameRole = byRole.filter((user) => user.rol === 'asistente').map((user) => user.id);
    expect(sameRole).toEqual([...sameRole].sort((a, b) => a - b));
    const newest = (await get('/api/v1/usuarios?orden=-created_at')).json<User[]>();
    expect(newest[0]!.username).toBe('Beatriz Ángulo');
  });

  it('filters by rol and activo, pages with the total of the filter', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/usuarios/${vendedor.id}/active`,
      headers: bearer(admin),
      payload: { is_active: false },
    });
    expect(await names('/api/v1/usuarios?rol=vendedor&activo=false')).toEqual(['Ángel Ruiz']);
    expect(await names('/api/v1/usuarios?rol=vendedor&activo=true')).toEqual([]);
    const page = await get('/api/v1/usuarios?rol=asistente&orden=username&page=2&per_page=2');
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json<User[]>().map((user) => user.username)).toEqual(['Zoila Pérez']);
  });

  it('exports the filter as CSV: BOM, ;, the screen titles, one row per user, a dated name', async () => {
    const response = await get('/api/v1/usuarios?formato=csv&rol=asistente&orden=-username');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="usuarios-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.split('\r\n')[0]).toBe(
      '\uFEFFNombre y Apellido;Email;Rol;Cédula;Teléfono;Activo;Creado',
    );
    const { rows } = csvOf(response.body);
    expect(rows.map((row) => row[0])).toEqual(['Zoila Pérez', 'Porcentaje 100% real', 'Guion_bajo']);
    expect(rows[0]!.slice(1, 3)).toEqual(['zoila@test.local', 'Asistente']);
    expect(rows[0]![5]).toBe('Sí');
  });

  it('refuses a bad orden, formato or rol with a Spanish 422 and other roles with 403', async () => {
    for (const url of [
      '/api/v1/usuarios?orden=password',
      '/api/v1/usuarios?formato=xls',
      '/api/v1/usuarios?rol=jefe',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(422);
    }
    const badSort = await get('/api/v1/usuarios?orden=clave');
    expect(badSort.json<{ detail: { msg: string }[] }>().detail[0]!.msg).toBe(
      LIST_MESSAGES.ordenInvalido(USER_SORT_FIELDS),
    );
    expect((await get(`/api/v1/usuarios?q=${'a'.repeat(101)}`)).statusCode).toBe(422);
    const supervisor = await userWithRole(t.app, admin, 'supervisor');
    expect((await get('/api/v1/usuarios?formato=csv', supervisor.token)).statusCode).toBe(403);
    expect((await get('/api/v1/usuarios?q=a', asistente.token)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/admin/auditoria — search, sort, filters and CSV', () => {
  it('finds by user, action or description, filters by acción and usuario, sorts both ways', async () => {
    const found = (await get('/api/v1/admin/auditoria?q=zoila')).json<AuditRecord[]>();
    expect(found.length).toBeGreaterThan(0);
    expect(
      found.every((record) => `${record.username} ${record.descripcion}`.toLowerCase().includes('zoila')),
    ).toBe(true);
    const created = await get('/api/v1/admin/auditoria?accion=crear_usuario&page=1&per_page=100');
    const records = created.json<AuditRecord[]>();
    expect(records.length).toBeGreaterThanOrEqual(5);
    expect(records.every((record) => record.accion === 'crear_usuario')).toBe(true);
    expect(created.headers['x-total-count']).toBe(String(records.length));
    const mine = (await get(`/api/v1/admin/auditoria?usuario=${encodeURIComponent('Admin Principal')}`)).json<
      AuditRecord[]
    >();
    expect(mine.every((record) => record.username === 'Admin Principal')).toBe(true);
    const oldest = (await get('/api/v1/admin/auditoria?orden=fecha&accion=crear_usuario')).json<
      AuditRecord[]
    >();
    const newest = (await get('/api/v1/admin/auditoria?orden=-fecha&accion=crear_usuario')).json<
      AuditRecord[]
    >();
    expect(oldest.map((record) => record.id)).toEqual(newest.map((record) => record.id).reverse());
    expect((await get('/api/v1/admin/auditoria?q=%25%25')).json()).toEqual([]);
  });

  it('exports the filter as CSV with the screen labels and refuses a bad orden', async () => {
    const response = await get('/api/v1/admin/auditoria?formato=csv&accion=crear_usuario');
    expect(response.headers['content-disposition']).toMatch(/filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"/);
    const { header, rows } = csvOf(response.body);
    expect(header).toEqual(['Usuario', 'Rol', 'Acción', 'Descripción', 'Fecha']);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows[0]![2]).toBe('Crear usuario');
    expect(rows[0]![4]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect((await get('/api/v1/admin/auditoria?orden=descripcion')).statusCode).toBe(422);
    expect((await get('/api/v1/admin/auditoria?formato=csv', vendedorToken())).statusCode).toBe(401);
  });
});

/** The deactivated seller's token: refused before any role check. */
const vendedorToken = () => vendedor.token;

describe('GET /api/v1/vendedores — search, sort, supervisor and CSV', () => {
  it('keeps SPEC §7 answer, searches, filters by supervisor and sorts', async () => {
    const everyone = await get('/api/v1/vendedores');
    const all = everyone.json<SellersResponse>();
    const byName = all.vendedores.map((seller) => seller.nombre);
    expect(byName).toEqual(expect.arrayContaining(['Ángel Ruiz', 'Beatriz Ángulo']));
    expect(everyone.headers['x-total-count']).toBe(String(byName.length));
    expect(all.usuarios.map((user) => user.username)).toContain('Beatriz Ángulo');
    const found = await get('/api/v1/vendedores?q=ruiz');
    expect(found.json<SellersResponse>().vendedores.map((seller) => seller.nombre)).toEqual(['Ángel Ruiz']);
    expect(found.headers['x-total-count']).toBe('1');
    const bea = all.vendedores.find((seller) => seller.nombre === 'Beatriz Ángulo')!;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/vendedores/${vendedor.id}`,
      headers: bearer(admin),
      payload: { supervisor_id: bea.id },
    });
    expect(put.statusCode, put.body).toBe(200);
    const led = (await get(`/api/v1/vendedores?supervisor=${bea.id}`)).json<SellersResponse>();
    expect(led.vendedores.map((seller) => seller.nombre)).toEqual(['Ángel Ruiz']);
    const alone = (await get('/api/v1/vendedores?supervisor=ninguno')).json<SellersResponse>();
    expect(alone.vendedores.map((seller) => seller.nombre)).toContain('Beatriz Ángulo');
    expect(alone.vendedores.map((seller) => seller.nombre)).not.toContain('Ángel Ruiz');
    const ascending = (await get('/api/v1/vendedores?orden=nombre')).json<SellersResponse>().vendedores;
    const descending = (await get('/api/v1/vendedores?orden=-nombre')).json<SellersResponse>().vendedores;
    expect(descending.map((seller) => seller.id)).toEqual(ascending.map((seller) => seller.id).reverse());
    const paged = await get('/api/v1/vendedores?orden=nombre&per_page=1&page=2');
    expect(paged.json<SellersResponse>().vendedores.map((seller) => seller.id)).toEqual([ascending[1]!.id]);
    expect(paged.headers['x-total-count']).toBe(String(ascending.length));
  });

  it('exports CSV and refuses bad parameters', async () => {
    const response = await get('/api/v1/vendedores?formato=csv&q=ruiz');
    const { header, rows } = csvOf(response.body);
    expect(header).toEqual(['Nombre', 'Cédula', 'Dirección', 'Teléfono', 'Email', 'Supervisor', 'Activo']);
    expect(rows).toHaveLength(1);
    expect(rows[0]![5]).toBe('Beatriz Ángulo');
    expect((await get('/api/v1/vendedores?supervisor=uno')).statusCode).toBe(422);
    expect((await get('/api/v1/vendedores?orden=-clave')).statusCode).toBe(422);
  });
});

describe('GET /parcelas and /api/v1/admin/columbarios — search, sort, filters and CSV', () => {
  beforeAll(async () => {
    await t.app.db.insert(parcelas).values([
      { codigo: 'Q1-01-01', puestos: 3, disponible: 3 },
      { codigo: 'Q1-01-02', puestos: 3, disponible: 0, vendidas: 3 },
      { codigo: 'Q2-05-07', puestos: 3, disponible: 1, ocupadas: 2 },
    ]);
    await t.app.db.insert(nichosColumbario).values([
      { codigo: 'COL-A-1', capilla: 'San José', estado: 'disponible', mtoContado: '1234.50' },
      { codigo: 'COL-A-2', capilla: 'San José', estado: 'vendido', mtoContado: '99.00' },
      { codigo: 'COL-B-1', capilla: 'Santa Ana', estado: 'disponible', mtoContado: null },
    ]);
  });

  it('keeps the page by code, searches by code, filters by free seats and sorts by a count', async () => {
    const first = (await get('/parcelas')).json<Paged<PlotRow>>();
    expect(first.page).toBe(1);
    expect(first.per_page).toBe(10);
    expect(first.items.map((plot) => plot.codigo)).toEqual(['Q1-01-01', 'Q1-01-02', 'Q2-05-07']);
    expect((await get('/parcelas?q=q1-01')).json<Paged<PlotRow>>().total).toBe(2);
    const free = (await get('/parcelas?disponibilidad=con_puestos&orden=-disponible')).json<Paged<PlotRow>>();
    expect(free.items.map((plot) => plot.codigo)).toEqual(['Q1-01-01', 'Q2-05-07']);
    expect(free.total).toBe(2);
    const full = (await get('/parcelas?disponibilidad=sin_puestos')).json<Paged<PlotRow>>();
    expect(full.items.map((plot) => plot.codigo)).toEqual(['Q1-01-02']);
    expect((await get('/parcelas?q=_')).json<Paged<PlotRow>>().total).toBe(0);
    expect((await get('/parcelas?orden=precio')).statusCode).toBe(422);
    expect((await get('/parcelas?disponibilidad=algunas')).statusCode).toBe(422);
    const csv = csvOf((await get('/parcelas?formato=csv&orden=-codigo')).body);
    expect(csv.header).toEqual(['Código', 'Puestos', 'Disponible', 'Reservadas', 'Ocupadas', 'Vendidas']);
    expect(csv.rows.map((row) => row[0])).toEqual(['Q2-05-07', 'Q1-01-02', 'Q1-01-01']);
  });

  it('searches niches by code or chapel, filters by state, sorts by price and exports with a decimal comma', async () => {
    expect((await get('/api/v1/admin/columbarios?q=jose')).json<Paged<Niche>>().total).toBe(2);
    const sold = (await get('/api/v1/admin/columbarios?estado=vendido')).json<Paged<Niche>>();
    expect(sold.items.map((niche) => niche.codigo)).toEqual(['COL-A-2']);
    const byPrice = (await get('/api/v1/admin/columbarios?orden=-mto_contado&estado=disponible')).json<
      Paged<Niche>
    >();
    expect(byPrice.items.map((niche) => niche.codigo)).toEqual(['COL-B-1', 'COL-A-1']);
    expect((await get('/api/v1/admin/columbarios?estado=roto')).statusCode).toBe(422);
    const response = await get('/api/v1/admin/columbarios?formato=csv&q=col-a&orden=codigo');
    expect(response.headers['content-disposition']).toMatch(/filename="columbarios-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.body).toContain(';1234,50;');
    const { rows } = csvOf(response.body);
    expect(rows.map((row) => [row[0], row[7], row[8]])).toEqual([
      ['COL-A-1', 'DISPONIBLE', '1234,50'],
      ['COL-A-2', 'VENDIDO', '99,00'],
    ]);
    const supervisor = await userWithRole(t.app, admin, 'supervisor');
    expect((await get('/api/v1/admin/columbarios?formato=csv', supervisor.token)).statusCode).toBe(403);
    expect((await get('/parcelas?formato=csv', supervisor.token)).statusCode).toBe(403);
    expect((await get('/api/v1/admin/columbarios?formato=csv', asistente.token)).statusCode).toBe(200);
  });
});
