import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_MESSAGES, type NicheMap, type PlaceDetail, type PlotMap } from '@camposanto/domain';
import { nichosColumbario, parcelas } from '../src/db/schema';
import { bearer, userWithRole, type TestUser } from './helpers/auth';
import { expectStatus } from './helpers/payment-fixtures';
import { createClientVia, postRequest, seedPlans } from './helpers/sales-fixtures';
import { salesTeam, type SalesTeam } from './helpers/sales-team';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 15 'See': the plot map (sectors from the codes, a state per plot) and the niche map (by chapel), read by
// the staff; what was sold, on click, by administración only.

let t: TestApp;
let team: SalesTeam;
let cliente: TestUser;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  team = await salesTeam(t.app);
  cliente = await userWithRole(t.app, team.admin, 'cliente');
  const plots = [
    { codigo: 'B01-01-01', disponible: 3 },
    { codigo: 'B01-01-02', disponible: 1, vendidas: 2 },
    { codigo: 'B01-02-01', disponible: 0, ocupadas: 3 },
    // One seat of each: the tie goes to the state furthest along.
    { codigo: 'B01-02-02', disponible: 1, reservadas: 1, vendidas: 1 },
    { codigo: 'C02-05-07', disponible: 0, reservadas: 2, ocupadas: 1 },
    { codigo: 'LEGADO-1', disponible: 3 },
  ];
  for (const plot of plots) {
    const [row] = await t.db
      .insert(parcelas)
      .values({ puestos: 3, ...plot })
      .returning({ id: parcelas.id });
    ids.set(plot.codigo, row!.id);
  }
  const niches = [
    {
      codigo: 'CN-I-1-1',
      capilla: 'Capilla Norte',
      lado: 'Izquierdo',
      fila: '1',
      columna: '1',
      estado: 'disponible',
    },
    {
      codigo: 'CN-I-1-2',
      capilla: 'Capilla Norte',
      lado: 'Izquierdo',
      fila: '1',
      columna: '2',
      estado: 'ocupado',
    },
    {
      codigo: 'CS-D-2-1',
      capilla: 'Capilla Sur',
      lado: 'Derecho',
      fila: '2',
      columna: '1',
      estado: 'vendido',
    },
  ];
  for (const niche of niches) {
    const [row] = await t.db.insert(nichosColumbario).values(niche).returning({ id: nichosColumbario.id });
    ids.set(niche.codigo, row!.id);
  }
}, 120_000);
afterAll(() => t?.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('GET /api/v1/mapa-parcelas', () => {
  it('lists the sectors read from the codes with their free plots, and draws the first sector by default', async () => {
    const map = expectStatus(await get('/api/v1/mapa-parcelas', team.admin), 200).json<PlotMap>();
    expect(map.sectores).toEqual([
      { nombre: 'B01', total: 4, disponibles: 3 },
      { nombre: 'C02', total: 1, disponibles: 0 },
    ]);
    expect(map.sin_ubicacion).toBe(1);
    expect(map.sector).toBe('B01');
    expect(map.parcelas.map((plot) => [plot.codigo, plot.fila, plot.numero, plot.estado])).toEqual([
      ['B01-01-01', 1, 1, 'disponible'],
      ['B01-01-02', 1, 2, 'vendido'],
      ['B01-02-01', 2, 1, 'ocupado'],
      ['B01-02-02', 2, 2, 'vendido'],
    ]);
  });

  it('draws the sector asked for, in any case and with spaces; a malformed sector is a Spanish 422', async () => {
    const map = expectStatus(
      await get('/api/v1/mapa-parcelas?sector=%20c02%20', team.seller.token),
      200,
    ).json<PlotMap>();
    expect(map.sector).toBe('C02');
    expect(map.parcelas).toMatchObject([
      { codigo: 'C02-05-07', fila: 5, numero: 7, estado: 'reservado', disponible: 0 },
    ]);
    for (const sector of ['ZZZ', "B01'; drop table parcelas;--", '%25', 'B1']) {
      const response = await get(`/api/v1/mapa-parcelas?sector=${encodeURIComponent(sector)}`, team.admin);
      expect(response.statusCode, sector).toBe(422);
      expect(response.json().detail).toEqual([
        { loc: ['querystring', 'sector'], msg: MAP_MESSAGES.sectorInvalido, type: expect.any(String) },
      ]);
    }
    const unknown = expectStatus(
      await get('/api/v1/mapa-parcelas?sector=Z99', team.admin),
      200,
    ).json<PlotMap>();
    expect(unknown).toMatchObject({ sector: 'Z99', parcelas: [] });
  });

  it('is read by every staff role; 403 to a client, 401 without a token', async () => {
    for (const token of [team.admin, team.asistente.token, team.supervisor.token, team.seller.token]) {
      expect((await get('/api/v1/mapa-parcelas', token)).statusCode).toBe(200);
      expect((await get('/api/v1/mapa-nichos', token)).statusCode).toBe(200);
    }
    expect((await get('/api/v1/mapa-parcelas', cliente.token)).statusCode).toBe(403);
    expect((await get('/api/v1/mapa-nichos', cliente.token)).statusCode).toBe(403);
    expect((await get('/api/v1/mapa-parcelas')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/mapa-nichos', () => {
  it('lists the chapels and draws the first one, each niche at its side, row and column', async () => {
    const map = expectStatus(await get('/api/v1/mapa-nichos', team.admin), 200).json<NicheMap>();
    expect(map.capillas).toEqual([
      { nombre: 'Capilla Norte', total: 2, disponibles: 1 },
      { nombre: 'Capilla Sur', total: 1, disponibles: 0 },
    ]);
    expect(map.capilla).toBe('Capilla Norte');
    expect(
      map.nichos.map((niche) => [niche.codigo, niche.lado, niche.fila, niche.columna, niche.estado]),
    ).toEqual([
      ['CN-I-1-1', 'Izquierdo', '1', '1', 'disponible'],
      ['CN-I-1-2', 'Izquierdo', '1', '2', 'ocupado'],
    ]);
    const south = expectStatus(
      await get(`/api/v1/mapa-nichos?capilla=${encodeURIComponent('Capilla Sur')}`, team.admin),
      200,
    ).json<NicheMap>();
    expect(south.nichos.map((niche) => niche.codigo)).toEqual(['CS-D-2-1']);
    expect((await get(`/api/v1/mapa-nichos?capilla=${'x'.repeat(61)}`, team.admin)).statusCode).toBe(422);
  });
});

describe('the details on click', () => {
  it("shows a plot's plan and who holds its seats, to administración only", async () => {
    const planOf = await seedPlans(t.db);
    const client = await createClientVia(t.app, team.seller.token);
    const request = await postRequest(t.app, team.seller.token, client.id, {
      plan: planOf('Parcela Jardín (3 puestos)'),
      codigo: 'B01-01-01',
    });
    const url = `/api/v1/admin/mapa-parcelas/${ids.get('B01-01-01')}`;
    const detail = expectStatus(await get(url, team.asistente.token), 200).json<PlaceDetail>();
    expect(detail).toMatchObject({ codigo: 'B01-01-01', plan: null });
    expect(detail.ventas).toEqual([
      expect.objectContaining({
        solicitud_id: request.id,
        numero: request.numero_solicitud,
        estado: 'solicitud',
        cliente: client.nombre,
        puestos: 1,
      }),
    ]);
    const map = expectStatus(await get('/api/v1/mapa-parcelas', team.admin), 200).json<PlotMap>();
    expect(map.parcelas.find((plot) => plot.codigo === 'B01-01-01')).toMatchObject({
      disponible: 2,
      reservadas: 1,
      estado: 'disponible',
    });

    expect((await get(url, team.seller.token)).statusCode).toBe(403);
    expect((await get(url, team.supervisor.token)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
  });

  it("shows a niche's plan and an empty sales list; unknown ids are a Spanish 404, malformed ones a 422", async () => {
    const detail = expectStatus(
      await get(`/api/v1/admin/mapa-nichos/${ids.get('CS-D-2-1')}`, team.admin),
      200,
    ).json<PlaceDetail>();
    expect(detail).toEqual({ id: ids.get('CS-D-2-1'), codigo: 'CS-D-2-1', plan: null, ventas: [] });
    const missingPlot = await get('/api/v1/admin/mapa-parcelas/999999', team.admin);
    expect(missingPlot.statusCode).toBe(404);
    expect(missingPlot.json().detail).toBe(MAP_MESSAGES.parcelaNoEncontrada);
    const missingNiche = await get('/api/v1/admin/mapa-nichos/999999', team.admin);
    expect(missingNiche.json().detail).toBe(MAP_MESSAGES.nichoNoEncontrado);
    for (const id of ['abc', '-1', '1e400', '99999999999999999999']) {
      expect((await get(`/api/v1/admin/mapa-parcelas/${id}`, team.admin)).statusCode, id).toBe(422);
    }
  });
});
