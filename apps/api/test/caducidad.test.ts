import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nichosColumbario, reservas } from '../src/db/schema';
import { adminToken, createUser, nextAddress } from './helpers/auth';
import {
  auditSince,
  daysFromNow,
  findParcela,
  findSolicitud,
  insertCliente,
  insertNicho,
  insertParcela,
  insertReserva,
  insertSolicitud,
  lastAuditId,
  snapshot,
} from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// DESIGN §4.6 expiry, on rows written straight to the tables (the request routes have their own suite,
// caducadas.test.ts): POST /api/v1/solicitudes/procesar-solicitudes-caducadas, which the login page calls.

let t: TestApp;
let vendedorId: number;
let clienteId: number;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminToken(t.app);
  vendedorId = (await createUser(t.app, admin, 'vendedor')).id;
  clienteId = (await insertCliente(t.db, vendedorId)).id;
});
afterAll(() => t?.close());

const processExpired = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/solicitudes/procesar-solicitudes-caducadas',
    remoteAddress: nextAddress(),
  });

/** A request holding one seat of a new plot (2 free, 1 reserved), due `days` from now. */
async function requestOnPlot(days: number, values: { estadoPago?: string; estado?: string } = {}) {
  const parcela = await insertParcela(t.db, { disponible: 2, reservadas: 1 });
  const solicitud = await insertSolicitud(t.db, {
    clienteId,
    vendedorId,
    fechaVencimiento: daysFromNow(days),
    ...values,
  });
  await insertReserva(t.db, { solicitudId: solicitud.id, parcelaId: parcela.id });
  return { parcela, solicitud };
}

describe('POST /api/v1/solicitudes/procesar-solicitudes-caducadas', () => {
  it('expires an overdue pending request, gives its seat back and writes one audit row', async () => {
    const { parcela, solicitud } = await requestOnPlot(-1);
    const since = await lastAuditId(t.db);

    const response = await processExpired();

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ procesadas: 1 });
    expect(await findSolicitud(t.db, solicitud.id)).toMatchObject({
      estado: 'caducada',
      estadoPago: 'pendiente',
    });
    expect(await findParcela(t.db, parcela.id)).toMatchObject({ disponible: 3, reservadas: 0 });
    const [reserva] = await t.db.select().from(reservas).where(eq(reservas.solicitudId, solicitud.id));
    expect(reserva?.estado).toBe('liberada');
    const rows = await auditSince(t.db, since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'sistema', rol: 'sistema', accion: 'caducar_solicitudes' });
    expect(rows[0]?.descripcion).toContain(solicitud.numeroSolicitud);
    expect(rows[0]?.descripcion).toContain('Parcelas liberadas: 1');
  });

  it.each([
    ['not yet due', 1, {}],
    ['with its initial payment paid', -1, { estadoPago: 'inicial_pagada' }],
    ['paid', -1, { estadoPago: 'pagado' }],
    ['already a contract', -1, { estado: 'contrato' }],
  ])('leaves a request %s untouched, with its seat and no audit row', async (_name, days, values) => {
    const { parcela, solicitud } = await requestOnPlot(days, values);
    const before = await snapshot(t.db);

    const response = await processExpired();

    expect(response.json()).toEqual({ procesadas: 0 });
    expect(await findSolicitud(t.db, solicitud.id)).toEqual(solicitud);
    expect(await findParcela(t.db, parcela.id)).toMatchObject({ disponible: 2, reservadas: 1 });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('gives back every seat of one plot and a reserved niche when several requests expire together', async () => {
    const parcela = await insertParcela(t.db, { disponible: 0, reservadas: 3 });
    const nicho = await insertNicho(t.db, 'reservado');
    const overdue = await Promise.all(
      [1, 2].map(() => insertSolicitud(t.db, { clienteId, vendedorId, fechaVencimiento: daysFromNow(-2) })),
    );
    await insertReserva(t.db, { solicitudId: overdue[0]!.id, parcelaId: parcela.id, puestos: 2 });
    await insertReserva(t.db, { solicitudId: overdue[1]!.id, parcelaId: parcela.id });
    const onNiche = await insertSolicitud(t.db, { clienteId, vendedorId, fechaVencimiento: daysFromNow(-2) });
    await insertReserva(t.db, { solicitudId: onNiche.id, nichoId: nicho.id });

    expect((await processExpired()).json()).toEqual({ procesadas: 3 });

    expect(await findParcela(t.db, parcela.id)).toMatchObject({ disponible: 3, reservadas: 0 });
    const [niche] = await t.db.select().from(nichosColumbario).where(eq(nichosColumbario.id, nicho.id));
    expect(niche?.estado).toBe('disponible');
  });

  it('gives a seat back only once when two runs arrive at the same moment', async () => {
    const parcela = await insertParcela(t.db, { disponible: 0, reservadas: 3 });
    const overdue = await Promise.all(
      [1, 2, 3].map(() =>
        insertSolicitud(t.db, { clienteId, vendedorId, fechaVencimiento: daysFromNow(-1) }),
      ),
    );
    for (const solicitud of overdue)
      await insertReserva(t.db, { solicitudId: solicitud.id, parcelaId: parcela.id });
    const since = await lastAuditId(t.db);

    const runs = await Promise.all([processExpired(), processExpired()]);

    const processed = runs.map((response) => response.json<{ procesadas: number }>().procesadas);
    expect(processed.reduce((sum, n) => sum + n, 0)).toBe(3);
    expect(await findParcela(t.db, parcela.id)).toMatchObject({ disponible: 3, reservadas: 0 });
    const released = await t.db
      .select()
      .from(reservas)
      .where(
        inArray(
          reservas.solicitudId,
          overdue.map((solicitud) => solicitud.id),
        ),
      );
    expect(released.every((reserva) => reserva.estado === 'liberada')).toBe(true);
    expect(await auditSince(t.db, since)).toHaveLength(1);
  });

  it('answers 0 and writes nothing when no request is overdue', async () => {
    await processExpired();
    const before = await snapshot(t.db);
    const response = await processExpired();
    expect(response.json()).toEqual({ procesadas: 0 });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('is limited to 20 calls a minute from one address (429 in Spanish)', async () => {
    const remoteAddress = '198.51.100.20';
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/solicitudes/procesar-solicitudes-caducadas',
        remoteAddress,
      });
    for (let n = 0; n < 20; n += 1) expect((await call()).statusCode).toBe(200);
    const blocked = await call();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: 'Demasiadas solicitudes. Intente de nuevo en unos minutos.' });
  });
});
