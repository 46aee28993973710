import { performance } from 'node:perf_hooks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES, type CreatedRequests } from '@camposanto/domain';
import {
  auditoria,
  nichosColumbario,
  parcelas,
  planes,
  reservas,
  solicitudDetalles,
  solicitudes,
} from '../src/db/schema';
import { reservePlotSeat } from '../src/modules/solicitudes/reservations';
import { seedCatalogue } from '../src/seed/catalogue';
import { adminToken, bearer, userWithRole, type TestUser } from './helpers/auth';
import {
  daysFromNow,
  insertCliente,
  insertNicho,
  insertParcela,
  insertSolicitud,
  lastAuditId,
} from './helpers/fixtures';
import { csvFile, multipartBody } from './helpers/multipart';
import { createTestApp, type TestApp } from './helpers/test-app';

// DESIGN §4.5 inventory is never sold twice: of concurrent requests for the last seat of a plot (or for one
// columbarium niche) exactly one succeeds and the others get 409, on PGlite and on PostgreSQL alike.

const SELLERS = 20;

let t: TestApp;
let admin: string;
let sellers: { user: TestUser; clienteId: number }[];
let plotPlanId: number;
let nichePlanId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue({ db: t.db });
  admin = await adminToken(t.app);
  const users = await Promise.all(
    Array.from({ length: SELLERS }, () => userWithRole(t.app, admin, 'vendedor')),
  );
  sellers = await Promise.all(
    users.map(async (user) => ({ user, clienteId: (await insertCliente(t.db, user.id)).id })),
  );
  plotPlanId = await planId('Parcela Jardín (3 puestos)');
  nichePlanId = await planId('Nicho de Columbario Sencillo (1 urna)');
});
afterAll(() => t.close());

async function planId(descripcion: string): Promise<number> {
  const [plan] = await t.db.select({ id: planes.id }).from(planes).where(eq(planes.descripcion, descripcion));
  return plan!.id;
}

async function importPlot(line: string) {
  const { payload, headers } = await multipartBody([
    csvFile(`codigo,disponible,reservadas,ocupadas,vendidas,puestos\n${line}`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/upload-parcelas',
    payload,
    headers: { ...headers, ...bearer(admin) },
  });
  expect(response.statusCode).toBe(200);
}

/** Every seller posts a cash request of their own client for `codigo`, all at the same time. */
async function contest(tipo: 'parcelas' | 'nichos-columbarios', codigo: string, count = SELLERS) {
  const started = performance.now();
  const responses = await Promise.all(
    sellers.slice(0, count).map(({ user, clienteId }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/solicitudes/',
        headers: bearer(user.token),
        payload: [
          {
            cliente_id: clienteId,
            tipo_servicio: tipo,
            modalidadPago: 'De Contado',
            detalles: [
              { plan_id: tipo === 'parcelas' ? plotPlanId : nichePlanId, codigo, metodoPago: 'USD' },
            ],
          },
        ],
      }),
    ),
  );
  const elapsed = performance.now() - started;
  console.info(
    `[reservas] ${count} concurrent requests for ${codigo} on ${t.driver}: ${elapsed.toFixed(0)} ms`,
  );
  const won = responses.filter((response) => response.statusCode === 200);
  const lost = responses.filter((response) => response.statusCode !== 200);
  return { won, lost, numbers: won.map((response) => response.json<CreatedRequests>().items[0]!) };
}

const activeReservations = (column: 'parcelaId' | 'nichoId', id: number) =>
  t.db
    .select()
    .from(reservas)
    .where(and(eq(reservas[column], id), eq(reservas.estado, 'activa')));

const requestsHolding = (column: 'parcelaId' | 'nichoId', id: number) =>
  t.db
    .select({ id: solicitudes.id, numero: solicitudes.numeroSolicitud })
    .from(solicitudDetalles)
    .innerJoin(solicitudes, eq(solicitudes.id, solicitudDetalles.solicitudId))
    .where(eq(solicitudDetalles[column], id));

async function savedRequestAudits(since: number) {
  const rows = await t.db.select().from(auditoria).where(eq(auditoria.accion, 'crear_solicitud'));
  return rows.filter((row) => row.id > since);
}

describe('concurrent requests for the last free seat of a plot', () => {
  it(`gives the seat to exactly one of ${SELLERS} sellers and answers 409 to the others`, async () => {
    await importPlot('D21-07-03,1,0,2,0,3');
    const [plot] = await t.db.select().from(parcelas).where(eq(parcelas.codigo, 'D21-07-03'));
    const since = await lastAuditId(t.db);

    const { won, lost, numbers } = await contest('parcelas', 'D21-07-03');

    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(SELLERS - 1);
    for (const response of lost) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: 'La parcela D21-07-03 no tiene puestos disponibles.' });
    }
    // The refused requests gave their numbers back: the winner has the first one.
    expect(numbers[0]!.numero_solicitud).toBe('S000001');

    const [after] = await t.db.select().from(parcelas).where(eq(parcelas.id, plot!.id));
    expect(after).toMatchObject({ disponible: 0, reservadas: 1, ocupadas: 2, vendidas: 0, puestos: 3 });
    const held = await activeReservations('parcelaId', plot!.id);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ solicitudId: numbers[0]!.id, puestos: 1 });
    expect(await requestsHolding('parcelaId', plot!.id)).toEqual([{ id: numbers[0]!.id, numero: 'S000001' }]);
    expect(await savedRequestAudits(since)).toHaveLength(1);
  });

  it('gives the three free seats of a plot to exactly three of ten concurrent sellers, numbered without gaps', async () => {
    await importPlot('D21-07-04,3,0,0,0,3');
    const [plot] = await t.db.select().from(parcelas).where(eq(parcelas.codigo, 'D21-07-04'));

    const { won, lost, numbers } = await contest('parcelas', 'D21-07-04', 10);

    expect(won).toHaveLength(3);
    expect(lost.map((response) => response.statusCode)).toEqual(Array(7).fill(409));
    expect(numbers.map((item) => item.numero_solicitud).sort()).toEqual(['S000002', 'S000003', 'S000004']);
    const [after] = await t.db.select().from(parcelas).where(eq(parcelas.id, plot!.id));
    expect(after).toMatchObject({ disponible: 0, reservadas: 3 });
    expect(await activeReservations('parcelaId', plot!.id)).toHaveLength(3);
    expect(await requestsHolding('parcelaId', plot!.id)).toHaveLength(3);
  });
});

describe('concurrent requests for one columbarium niche', () => {
  it(`reserves the niche for exactly one of ${SELLERS} sellers and answers 409 to the others`, async () => {
    const niche = await insertNicho(t.db, 'disponible');
    const since = await lastAuditId(t.db);

    const { won, lost, numbers } = await contest('nichos-columbarios', niche.codigo);

    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(SELLERS - 1);
    for (const response of lost) {
      expect(response.statusCode).toBe(409);
      expect(response.json<{ detail: string }>().detail).toBe(REQUEST_MESSAGES.nichoReservado(niche.codigo));
      expect(response.json<{ detail: string }>().detail).toContain('está reservado');
    }
    expect(numbers[0]!.numero_solicitud).toBe('S000005');

    const [after] = await t.db.select().from(nichosColumbario).where(eq(nichosColumbario.id, niche.id));
    expect(after!.estado).toBe('reservado');
    const held = await activeReservations('nichoId', niche.id);
    expect(held).toHaveLength(1);
    expect(held[0]!.solicitudId).toBe(numbers[0]!.id);
    const [detail] = await t.db
      .select()
      .from(solicitudDetalles)
      .where(eq(solicitudDetalles.nichoId, niche.id));
    expect(detail!.detallesAdicionales).toMatchObject({ estado: 'reservado' });
    expect(await requestsHolding('nichoId', niche.id)).toHaveLength(1);
    expect(await savedRequestAudits(since)).toHaveLength(1);
  });
});

describe('the conditional update alone', () => {
  it('lets one of 20 transactions that reserve at once (no request number to queue them) take the last seat', async () => {
    await importPlot('D21-07-05,1,0,0,2,3');
    const outcomes = await Promise.allSettled(
      sellers.map(({ user, clienteId }) =>
        t.db.transaction(async (tx) => {
          const request = await insertSolicitud(tx, {
            clienteId,
            vendedorId: user.id,
            fechaVencimiento: daysFromNow(3),
          });
          const [detail] = await tx
            .insert(solicitudDetalles)
            .values({ solicitudId: request.id, tipoServicio: 'parcelas', modalidadPago: 'De Contado' })
            .returning();
          return reservePlotSeat(tx, 'D21-07-05', { solicitudId: request.id, detalleId: detail!.id });
        }),
      ),
    );
    const taken = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(taken).toHaveLength(1);
    expect(refused.map((outcome) => (outcome.reason as Error).message)).toEqual(
      Array(SELLERS - 1).fill(REQUEST_MESSAGES.parcelaSinPuestos('D21-07-05')),
    );
    const [plot] = await t.db.select().from(parcelas).where(eq(parcelas.codigo, 'D21-07-05'));
    expect(plot).toMatchObject({ disponible: 0, reservadas: 1, vendidas: 2 });
    expect(await activeReservations('parcelaId', plot!.id)).toHaveLength(1);
  });
});

describe('concurrent arrays naming several services', () => {
  it('saves every array whatever the order of its services, without a deadlock between their number counters', async () => {
    const cremacionPlanId = await planId('Cremación Básica');
    const requests = await Promise.all(
      sellers.slice(0, 10).map(async ({ clienteId }, index) => {
        const plot = await insertParcela(t.db, { disponible: 3, reservadas: 0 });
        const cremacion = {
          cliente_id: clienteId,
          tipo_servicio: 'cremacion',
          modalidadPago: 'De Contado',
          detalles: [{ plan_id: cremacionPlanId }],
        };
        const parcela = {
          cliente_id: clienteId,
          tipo_servicio: 'parcelas',
          modalidadPago: 'De Contado',
          detalles: [{ plan_id: plotPlanId, codigo: plot.codigo }],
        };
        return index % 2 ? [cremacion, parcela] : [parcela, cremacion];
      }),
    );

    const responses = await Promise.all(
      requests.map((payload, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/solicitudes/',
          headers: bearer(sellers[index]!.user.token),
          payload,
        }),
      ),
    );

    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const numbers = responses.flatMap((response) =>
      response.json<CreatedRequests>().items.map((item) => item.numero_solicitud),
    );
    expect(numbers.filter((numero) => numero.startsWith('CRE')).sort()).toEqual(
      Array.from({ length: 10 }, (_, index) => `CRE${String(index + 1).padStart(6, '0')}`),
    );
    expect(new Set(numbers.filter((numero) => numero.startsWith('S'))).size).toBe(10);
  });
});
