import { eq } from 'drizzle-orm';
import {
  ageOn,
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
import { vendedores } from '../../db/schema';
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
  const service = planServiceOf(body.tipo_servicio);
  if (!service) throw badRequest(MSG.tipoServicioNoValido);
  const client = body.cliente_id ? await reachableClient({ db, actor, id: body.cliente_id }) : null;
  const lines: QuoteLine[] = [];
  const relatives: QuoteRelative[] = [];
  if (service === 'previsivo') {
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
  for (const line of service === 'previsivo' ? [] : body.detalles) {
    const codigo = line.codigo?.trim() ? line.codigo.trim() : null;
    const plan =
      service === 'nichos-columbarios' && codigo
        ? await nichePlan(db, normalizeNicheCode(codigo), line)
        : await offeredPlan(db, line.plan_id, service, line.descripcion);
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
    lines.push(quoteLine(service, plan.descripcion, codigo, q));
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
