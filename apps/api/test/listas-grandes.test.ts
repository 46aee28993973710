import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestDto } from '@camposanto/domain';
import { adminToken, bearer, userWithRole } from './helpers/auth';
import { createClientVia } from './helpers/sales-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 12: the unpaged contract lists answered 500 past 65,535 contracts ('bind message has … parameter
// formats but 0 parameters': one statement asked for the lines of every contract at once). Their lines are now
// read in chunks of ids, whatever the number of contracts.
const CONTRACTS = 66_000;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  const seller = await userWithRole(t.app, admin, 'vendedor');
  const client = await createClientVia(t.app, seller.token);
  await t.db.execute(sql`
    insert into solicitudes (numero_solicitud, numero_contrato, cliente_id, vendedor_id, tipo_servicio,
      fecha_vencimiento, fecha_conversion, estado, estado_pago, modalidad_pago, metodo_pago, precio_plan,
      monto_total, descuento, precio_con_descuento)
    select 'G' || g, 'CG-' || g, ${client.id}, ${seller.id}, 'cremacion', now(), now(), 'contrato', 'pagado',
      'De Contado', 'USD', 900, 720, 180, 720
    from generate_series(1, ${CONTRACTS}) as g`);
  await t.db.execute(sql`
    insert into solicitud_detalles (solicitud_id, tipo_servicio, modalidad_pago, metodo_pago, precio_plan,
      descuento, precio_con_descuento, precio_total)
    select id, 'cremacion', 'De Contado', 'USD', 900, 180, 720, 720 from solicitudes`);
}, 300_000);
afterAll(() => t.close());

describe('contract lists past 65,535 contracts', () => {
  it(`GET /api/v1/admin/contratos-de-contado answers all ${CONTRACTS} contracts with their lines`, async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/contratos-de-contado',
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    const contracts = response.json<RequestDto[] | { items: RequestDto[] }>();
    const items = Array.isArray(contracts) ? contracts : contracts.items;
    expect(items).toHaveLength(CONTRACTS);
    expect(items.every((contract) => contract.detalles.length === 1)).toBe(true);
  }, 300_000);
});
