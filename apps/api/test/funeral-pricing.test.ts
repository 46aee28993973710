import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromCents, funeralQuote, REQUEST_MESSAGES, type CreatedRequests } from '@camposanto/domain';
import { planesFunerarios } from '../src/db/schema';
import { seedCatalogue } from '../src/seed/catalogue';
import { adminToken, bearer, userWithRole, type TestUser } from './helpers/auth';
import { insertCliente } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// SPEC §2 SOLICITUD DE SERVICIO FUNERARIO, §3 Funeral request; DESIGN §4.2: the server prices the wake and
// its extras with the domain's funeralQuote, the function the form previews with.

let t: TestApp;
let vendedor: TestUser;
let clienteId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue({ db: t.db });
  const admin = await adminToken(t.app);
  vendedor = await userWithRole(t.app, admin, 'vendedor');
  clienteId = (await insertCliente(t.db, vendedor.id)).id;
});
afterAll(() => t.close());

async function vipWake() {
  const [plan] = await t.db
    .select()
    .from(planesFunerarios)
    .where(eq(planesFunerarios.tipoCapilla, 'Sala VIP en Funeraria'))
    .limit(1);
  return plan!;
}

function post(body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/solicitudes',
    headers: bearer(vendedor.token),
    payload: [{ cliente_id: clienteId, tipo_servicio: 'Servicio Funerario', ...body }],
  });
}

describe('funeral request pricing', () => {
  it('charges the wake plus transfer, preparation and coffin rental, and accepts the previewed total', async () => {
    const plan = await vipWake();
    const expected = funeralQuote(
      {
        precio_velacion: plan.precioVelacion,
        precio_traslado: plan.precioTraslado,
        preparacion_difunto_sencilla: plan.preparacionDifuntoSencilla,
        alquiler_ataud_sencillo: plan.alquilerAtaudSencillo,
      },
      { traslado: true, preparacion: true, ataud: true },
    );

    const response = await post({
      plan_funerario_id: plan.id,
      traslado: true,
      incluye_preparacion: true,
      incluye_ataud: true,
      precioTotal: fromCents(expected.total),
      difuntos: [{ nombre_difunto: 'José Gómez' }],
    });

    expect(response.statusCode).toBe(200);
    const created = response.json<CreatedRequests>();
    expect(created.items[0]!.monto_total).toBe(fromCents(expected.total));
    expect(expected.total).toBeGreaterThan(expected.velacion);
  });

  it('refuses a total that leaves an extra out', async () => {
    const plan = await vipWake();
    const response = await post({
      plan_funerario_id: plan.id,
      traslado: true,
      precioTotal: Number(plan.precioVelacion),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: REQUEST_MESSAGES.montosNoCoinciden });
  });
});
