import { and, eq } from 'drizzle-orm';
import {
  centsToDecimal,
  findFuneralPlan,
  funeralQuote,
  REQUEST_MESSAGES,
  toCents,
  type FuneralRequest,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { difuntos, planesFunerarios, solicitudDetalles } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import type { SessionUser } from '../../lib/actor';
import { reachableClient } from '../clientes/service';
import { assertSentAmountsMatch } from './amounts';
import { auditRequest, insertRequest, toCreatedDto, VALIDITY_MS } from './header';

/** The active funeral plan the request names: by id, or by chapel and wake time (SPEC §3's shape). */
async function wantedPlan(tx: Db, request: FuneralRequest) {
  const active = eq(planesFunerarios.isActive, true);
  if (request.plan_funerario_id !== undefined) {
    const [plan] = await tx
      .select()
      .from(planesFunerarios)
      .where(and(eq(planesFunerarios.id, request.plan_funerario_id), active));
    return plan;
  }
  const plans = await tx.select().from(planesFunerarios).where(active);
  return findFuneralPlan(
    plans.map((plan) => ({ plan, tipo_capilla: plan.tipoCapilla, tiempo_velacion: plan.tiempoVelacion })),
    {
      chapel: request.tipo_capilla || request.descripcion || '',
      wakeTime: request.tiempo_velacion ?? '',
    },
  )?.plan;
}

/**
 * SPEC §2 SOLICITUD DE SERVICIO FUNERARIO: the chapel's wake price plus the chosen extras (transfer,
 * simple preparation, simple coffin rental), paid in cash (SPEC §3 Funeral request: De Contado, no cuotas).
 */
export async function createFuneralRequest({
  db,
  actor,
  request,
}: {
  db: Db;
  actor: SessionUser;
  request: FuneralRequest;
}) {
  return db.transaction(async (tx) => {
    const client = await reachableClient({ db: tx, actor, id: request.cliente_id });
    const plan = await wantedPlan(tx, request);
    const wakePrice = plan ? toCents(plan.precioVelacion) : 0;
    if (!plan || wakePrice <= 0) throw badRequest(REQUEST_MESSAGES.planFunerarioNoDisponible);
    // The same rule the form previews with (packages/domain pricing).
    const { total } = funeralQuote(
      {
        precio_velacion: plan.precioVelacion,
        precio_traslado: plan.precioTraslado,
        preparacion_difunto_sencilla: plan.preparacionDifuntoSencilla,
        alquiler_ataud_sencillo: plan.alquilerAtaudSencillo,
      },
      { traslado: request.traslado, preparacion: request.incluye_preparacion, ataud: request.incluye_ataud },
    );
    assertSentAmountsMatch({ precioTotal: request.precioTotal }, { precioTotal: total });
    const amount = centsToDecimal(total);
    const descripcion = `${plan.tipoCapilla} — ${plan.tiempoVelacion}`;
    const row = await insertRequest(tx, {
      actor,
      client,
      service: 'servicio-funerario',
      tipoServicio: 'Servicio Funerario',
      descripcion,
      modalidad: 'De Contado',
      metodo: request.metodoPago,
      totals: {
        precioPlan: amount,
        montoTotal: amount,
        descuento: '0.00',
        precioConDescuento: amount,
        montoTotalNumber: total / 100,
      },
      validity: VALIDITY_MS.normal,
    });
    await tx.insert(solicitudDetalles).values({
      solicitudId: row.id,
      planFunerarioId: plan.id,
      tipoServicio: 'servicio-funerario',
      codigo: row.numeroSolicitud,
      descripcion,
      modalidadPago: 'De Contado',
      metodoPago: request.metodoPago,
      tipoMoneda: request.metodoPago,
      precioPlan: amount,
      precioConDescuento: amount,
      precioTotal: amount,
      detallesAdicionales: {
        tipo_contrato: request.tipo_contrato,
        traslado: request.traslado,
        tiempo_velacion: plan.tiempoVelacion,
        precio_velacion: wakePrice / 100,
        incluye_preparacion: request.incluye_preparacion,
        incluye_ataud: request.incluye_ataud,
      },
    });
    if (request.difuntos.length) {
      await tx.insert(difuntos).values(
        request.difuntos.map((difunto) => ({
          solicitudId: row.id,
          nombre: difunto.nombre_difunto,
          cedula: difunto.cedula_difunto ?? null,
          fechaNacimiento: difunto.fecha_nac_difunto || null,
          parentesco: difunto.parentesco_difunto ?? null,
          fechaDefuncion: difunto.fecha_defuncion || null,
          causaDefuncion: difunto.causa_defuncion ?? null,
          direccionDefuncion: difunto.direccion_defuncion ?? null,
        })),
      );
    }
    await auditRequest(tx, actor, row, client);
    return toCreatedDto(row);
  });
}
