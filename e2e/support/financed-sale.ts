import type { APIRequestContext } from '@playwright/test';
import { bearer, createFirstAdmin, createStaff, ok, PASSWORD, SELLER, SUPERVISOR, tokenOf } from './api';

// A financed sale set up through the API, for the journeys that follow its money.

export const CLIENT = { nombre: 'Carlos Cliente', cedula: 'V-30111222', email: 'carlos@correo.com' };
export const RATE = 36.5;

/**
 * Through the API: the first administrator, the rate of the day, a supervisor leading a seller, and the
 * seller's client with a financed cremation (initial payment of $100 in bolivars, 3 cuotas).
 */
export async function seedFinancedRequest(request: APIRequestContext) {
  const admin = await createFirstAdmin(request);
  await ok(await request.put('/api/v1/tasa-cambio', { headers: bearer(admin), data: { promedio: RATE } }));
  // Issue 10: no receiving account ships in the product; administración registers the company's own.
  await ok(
    await request.post('/api/v1/admin/cuentas-receptoras', {
      headers: bearer(admin),
      data: {
        banco: 'Banesco',
        titular: 'Camposanto C.A.',
        numero_cuenta: '0134-0000-00-0000000000',
        rif: 'J-00000000-0',
        telefono_pago_movil: '0414-0000000',
      },
    }),
  );
  const supervisorId = await createStaff(request, admin, SUPERVISOR, 'supervisor');
  const sellerId = await createStaff(request, admin, SELLER, 'vendedor');
  await ok(
    await request.put(`/api/v1/vendedores/${sellerId}`, {
      headers: bearer(admin),
      data: { supervisor_id: supervisorId },
    }),
  );

  const seller = await tokenOf(request, SELLER.email, PASSWORD);
  const client = await ok<{ id: number }>(
    await request.post('/api/v1/clientes/', {
      headers: bearer(seller),
      multipart: {
        nombre: CLIENT.nombre,
        cedula: CLIENT.cedula,
        fecha_nacimiento: '1980-05-17',
        telefono: '2123456789',
        celular: '04141234567',
        email: CLIENT.email,
        direccion: 'Calle 5, Caracas',
      },
    }),
  );
  const plans = await ok<Array<{ id: number }>>(
    await request.get('/api/planes/solicitudes', {
      headers: bearer(seller),
      params: { tipo_servicio: 'cremacion' },
    }),
  );
  const created = await ok<{ items: Array<{ id: number; numero_solicitud: string; monto_total: number }> }>(
    await request.post('/api/v1/solicitudes/', {
      headers: bearer(seller),
      data: [
        {
          cliente_id: client.id,
          tipo_servicio: 'cremacion',
          modalidadPago: 'Financiado',
          detalles: [{ plan_id: plans[0]!.id, metodoPago: 'VES', pagoInicial: 100, cuotas: 3 }],
        },
      ],
    }),
  );
  return { admin, solicitud: created.items[0]! };
}
