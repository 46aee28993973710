import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@camposanto/domain';
import { adminToken, bearer, createUser, userWithRole } from './helpers/auth';
import { daysFromNow, insertCliente, insertPago, insertSolicitud } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// SPEC §2 welcome cards, counted from the tables: 'Solicitudes Creadas' = solicitudes − contratos,
// 'Contratos Activos' = contratos, 'Solicitudes Caducadas', 'Total Ingresos (USD)' = sum of payments.

let t: TestApp;
let admin: string;
let vendedorId: number;
let clienteId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  vendedorId = (await createUser(t.app, admin, 'vendedor')).id;
  clienteId = (await insertCliente(t.db, vendedorId)).id;
});
afterAll(() => t?.close());

const dashboard = async (token = admin) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/vendedores/ventas/dashboard',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<Dashboard>();
};

const request = (estado: 'solicitud' | 'contrato' | 'caducada') =>
  insertSolicitud(t.db, { clienteId, vendedorId, estado, fechaVencimiento: daysFromNow(3) });

describe('GET /api/v1/vendedores/ventas/dashboard', () => {
  // First in the file: no test has written a sale yet.
  it('answers zeros before any sale', async () => {
    expect(await dashboard()).toEqual({
      solicitudes: 0,
      contratos: 0,
      solicitudes_caducadas: 0,
      total_ingresos: 0,
      total_verificado: 0,
    });
  });

  it('counts requests (live and converted), contracts and expired requests from the tables', async () => {
    const before = await dashboard();
    await Promise.all([request('solicitud'), request('solicitud'), request('solicitud')]);
    await Promise.all([request('contrato'), request('contrato')]);
    await request('caducada');
    expect(await dashboard()).toEqual({
      ...before,
      solicitudes: before.solicitudes + 5,
      contratos: before.contratos + 2,
      solicitudes_caducadas: before.solicitudes_caducadas + 1,
    });
  });

  it('sums monto_pagado of every payment to the cent, in USD', async () => {
    const before = await dashboard();
    // One initial or cash payment per request (a unique index), so three requests.
    const [first, second, third] = await Promise.all([
      request('contrato'),
      request('solicitud'),
      request('contrato'),
    ]);
    await insertPago(t.db, { solicitudId: first!.id, vendedorId, montoPagado: '0.10' });
    await insertPago(t.db, { solicitudId: second!.id, vendedorId, montoPagado: '0.20' });
    await insertPago(t.db, { solicitudId: third!.id, vendedorId, montoPagado: '1234.56' });
    const after = await dashboard();
    expect(Math.round((after.total_ingresos - before.total_ingresos) * 100)).toBe(123486);
    expect(after.total_ingresos.toFixed(2)).toBe((before.total_ingresos + 1234.86).toFixed(2));
    // Issue 14 §3: reported, not verified yet.
    expect(after.total_verificado).toBe(before.total_verificado);
  });

  it('answers an asistente the same numbers as an administrador', async () => {
    const asistente = await userWithRole(t.app, admin, 'asistente');
    expect(await dashboard(asistente.token)).toEqual(await dashboard());
  });
});
