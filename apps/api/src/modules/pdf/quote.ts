import { and, eq } from 'drizzle-orm';
import {
  ageOn,
  formatUsd,
  fromCents,
  funeralQuote,
  REQUEST_MESSAGES,
  instalmentSchedule,
  PARENTESCOS,
  type Quote,
  MSG,
  normalizeNicheCode,
  planServiceOf,
  quote,
  serviceLabel,
  toCents,
  type QuoteRequest,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { planesFunerarios, vendedores } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import type { SessionUser } from '../../lib/actor';
import type { FileStorage } from '../../lib/storage';
import { reachableClient } from '../clientes/service';
import { pricesOf } from '../planes/mappers';
import { nichePlan } from '../solicitudes/niche-plan';
import { offeredPlan, priceOrRefuse } from '../solicitudes/service';
import { relationshipCode, relativeRate } from '../solicitudes/previsivo-service';
import { buildQuotePdf, type QuoteLine, type QuoteRelative } from './documents';

/**
 * POST /api/v1/pdf/presupuesto: the request form before it is saved, priced line by line as POST
 * /api/v1/solicitudes prices it (the same plans, the same rules, the amounts sent ignored). Nothing is
 * reserved or stored; a client named must be one the actor reaches.
 */
export async function quotePdf({
  db,
  storage,
  actor,
  body,
}: {
  db: Db;
  storage: FileStorage;
  actor: SessionUser;
  body: QuoteRequest;
}) {
  const isFuneral = body.plan_funerario_id !== undefined;
  const service = isFuneral ? 'servicio-funerario' : planServiceOf(body.tipo_servicio);
  if (!service) throw badRequest(MSG.tipoServicioNoValido);
  const client = body.cliente_id ? await reachableClient({ db, actor, id: body.cliente_id }) : null;
  const lines: QuoteLine[] = [];
  const relatives: QuoteRelative[] = [];
  if (isFuneral) {
    // As POST /api/v1/solicitudes/funeral prices it: the chapel's wake plus the extras chosen, in cash.
    const [plan] = await db
      .select()
      .from(planesFunerarios)
      .where(and(eq(planesFunerarios.id, body.plan_funerario_id!), eq(planesFunerarios.isActive, true)));
    if (!plan) throw badRequest(REQUEST_MESSAGES.planFunerarioNoDisponible);
    const priced = priceOrRefuse(() =>
      funeralQuote(
        {
          precio_velacion: plan.precioVelacion,
          precio_traslado: plan.precioTraslado,
          preparacion_difunto_sencilla: plan.preparacionDifuntoSencilla,
          alquiler_ataud_sencillo: plan.alquilerAtaudSencillo,
        },
        { traslado: body.traslado, preparacion: body.incluye_preparacion, ataud: body.incluye_ataud },
      ),
    );
    const extras = [
      ['Traslado', priced.traslado],
      ['Preparación sencilla', priced.preparacion],
      ['Alquiler de ataúd sencillo', priced.ataud],
    ] as const;
    lines.push({
      servicio: serviceLabel('servicio-funerario'),
      plan: [
        `${plan.tipoCapilla} — ${plan.tiempoVelacion}: ${formatUsd(fromCents(priced.velacion))}`,
        ...extras
          .filter(([, amount]) => amount > 0)
          .map(([label, amount]) => `${label}: ${formatUsd(fromCents(amount))}`),
      ].join('\n'),
      codigo: null,
      modalidad: 'De Contado',
      metodo: body.detalles[0]?.metodoPago ?? 'USD',
      precioPlan: priced.total,
      descuento: 0,
      precioTotal: priced.total,
      pagoInicial: 0,
      instalments: [],
    });
  } else if (service === 'previsivo') {
    // As POST /api/previsivos prices it: one plan, financed, plus each relative's rate by relationship and age.
    const line = body.detalles[0]!;
    const plan = await offeredPlan(db, line.plan_id, 'previsivo', line.descripcion);
    for (const relative of body.familiares ?? []) {
      const parentesco = relationshipCode(relative.parentesco);
      const edad = ageOn(relative.fecha_nacimiento);
      relatives.push({
        nombre: relative.nombre,
        parentesco: PARENTESCOS[parentesco] ?? String(parentesco),
        edad,
        precio: await relativeRate(db, plan.id, parentesco, edad),
      });
    }
    const q = priceOrRefuse(() =>
      quote({
        plan: pricesOf(plan),
        modalidad: 'Financiado',
        metodo: line.metodoPago,
        cuotas: line.cuotas,
        pagoInicial: toCents(line.pagoInicial),
        adicional: relatives.reduce((total, relative) => total + relative.precio, 0),
      }),
    );
    lines.push(quoteLine(service, plan.descripcion, null, q));
  }
  for (const line of service === 'previsivo' || isFuneral ? [] : body.detalles) {
    const codigo = line.codigo?.trim() ? line.codigo.trim() : null;
    const lineService = lineServiceOf(line.tipo_servicio) ?? service;
    const plan =
      lineService === 'nichos-columbarios' && codigo
        ? await nichePlan(db, normalizeNicheCode(codigo), line)
        : await offeredPlan(db, line.plan_id, lineService, line.descripcion);
    const q = priceOrRefuse(
      () =>
        quote({
          plan: pricesOf(plan),
          modalidad: line.modalidadPago ?? body.modalidadPago,
          metodo: line.metodoPago,
          cuotas: line.cuotas,
          pagoInicial: toCents(line.pagoInicial),
        }),
      plan.tipoServicio,
    );
    lines.push(quoteLine(lineService, plan.descripcion, codigo, q));
  }
  const [seller] = await db
    .select({ nombre: vendedores.nombre })
    .from(vendedores)
    .where(eq(vendedores.id, actor.id));
  return buildQuotePdf({
    db,
    storage,
    client: client
      ? {
          nombre: client.nombre,
          cedula: client.cedula,
          telefono: client.telefono ?? client.celular,
          email: client.email,
        }
      : null,
    seller: seller?.nombre ?? actor.username,
    lines,
    relatives,
  });
}

/**
 * Issue 15: the generic request screen quotes lines of several services at once, each naming its own
 * tipo_servicio (as its requests will); a line without one, or naming no plan service, is of the body's.
 */
function lineServiceOf(tipoServicio: string | undefined): string | undefined {
  const service = tipoServicio ? planServiceOf(tipoServicio) : undefined;
  return service === 'previsivo' ? undefined : service;
}

function quoteLine(service: string, plan: string, codigo: string | null, q: Quote): QuoteLine {
  return {
    servicio: serviceLabel(service),
    plan,
    codigo,
    modalidad: q.modalidad,
    metodo: q.metodo,
    precioPlan: q.precioPlan,
    descuento: q.descuento,
    precioTotal: q.precioTotal,
    pagoInicial: q.pagoInicial,
    instalments: q.modalidad === 'Financiado' ? instalmentSchedule(q.saldo, q.cuotas) : [],
  };
}
