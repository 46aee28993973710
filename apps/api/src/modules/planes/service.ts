import { and, asc, eq, gt, lte, gte, sql } from 'drizzle-orm';
import {
  MSG,
  planServiceOf,
  type FuneralPlan,
  type Plan,
  type UpdateFuneralPlanInput,
  type UpdatePlanInput,
} from '@camposanto/domain';
import type { Db } from '../../db/client';
import { planes, planesFunerarios, tarifasPrevisivo } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { type Actor } from '../../lib/actor';
import {
  describeFieldChanges,
  funeralPlanChanges,
  planChanges,
  toFuneralPlanDto,
  toPlanDto,
} from './mappers';

export async function listPlans({ db }: { db: Db }): Promise<Plan[]> {
  const rows = await db.select().from(planes).orderBy(asc(planes.tipoServicio), asc(planes.id));
  return rows.map(toPlanDto);
}

export async function updatePlan({
  db,
  id,
  input,
  actor,
}: {
  db: Db;
  id: number;
  input: UpdatePlanInput;
  actor: Actor;
}) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(planes).where(eq(planes.id, id)).for('update');
    if (!before) throw notFound(MSG.planNoEncontrado);
    const [row] = await tx
      .update(planes)
      .set({ ...planChanges(input), updatedAt: new Date() })
      .where(eq(planes.id, id))
      .returning();
    const plan = toPlanDto(row!);
    const changes = describeFieldChanges(toPlanDto(before), plan, Object.keys(input));
    await audit(tx, actor, {
      accion: 'actualizar_plan',
      descripcion: `Plan ${plan.descripcion} (${plan.tipo_servicio}) actualizado${changes ? `: ${changes}` : ''}`,
      entidad: 'plan',
      entidadId: id,
    });
    return plan;
  });
}

export async function setPlanActive({
  db,
  id,
  isActive,
  actor,
}: {
  db: Db;
  id: number;
  isActive: boolean;
  actor: Actor;
}) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(planes)
      .set({ isActive, updatedAt: new Date() })
      .where(eq(planes.id, id))
      .returning();
    if (!row) throw notFound(MSG.planNoEncontrado);
    await audit(tx, actor, {
      accion: isActive ? 'activar_plan' : 'desactivar_plan',
      descripcion: `Plan ${row.descripcion} (${row.tipoServicio}) ${isActive ? 'activado' : 'desactivado'}`,
      entidad: 'plan',
      entidadId: id,
    });
    return toPlanDto(row);
  });
}

export async function listFuneralPlans({
  db,
  onlyOffered = false,
}: {
  db: Db;
  onlyOffered?: boolean;
}): Promise<FuneralPlan[]> {
  const rows = await db
    .select()
    .from(planesFunerarios)
    // SPEC §5: a funeral plan is offered when active, with a service type and a wake price above zero.
    .where(
      onlyOffered
        ? and(eq(planesFunerarios.isActive, true), gt(planesFunerarios.precioVelacion, '0'))
        : undefined,
    )
    .orderBy(asc(planesFunerarios.tipoCapilla), asc(planesFunerarios.id));
  return rows.map(toFuneralPlanDto);
}

export async function updateFuneralPlan({
  db,
  id,
  input,
  actor,
}: {
  db: Db;
  id: number;
  input: UpdateFuneralPlanInput;
  actor: Actor;
}) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(planesFunerarios)
      .where(eq(planesFunerarios.id, id))
      .for('update');
    if (!before) throw notFound(MSG.planNoEncontrado);
    const [row] = await tx
      .update(planesFunerarios)
      .set({ ...funeralPlanChanges(input), updatedAt: new Date() })
      .where(eq(planesFunerarios.id, id))
      .returning();
    const plan = toFuneralPlanDto(row!);
    const changes = describeFieldChanges(toFuneralPlanDto(before), plan, Object.keys(input));
    await audit(tx, actor, {
      accion: 'actualizar_plan_funerario',
      descripcion: `Plan funerario ${plan.tipo_capilla} ${plan.tiempo_velacion} actualizado${changes ? `: ${changes}` : ''}`,
      entidad: 'plan_funerario',
      entidadId: id,
    });
    return plan;
  });
}

/** DESIGN §4.1: the sales forms offer only active plans of the service asked for. */
export async function listOfferedPlans({
  db,
  serviceType,
}: {
  db: Db;
  serviceType: string;
}): Promise<Plan[]> {
  const service = planServiceOf(serviceType);
  if (!service) throw badRequest(MSG.tipoServicioNoValido);
  const rows = await db
    .select()
    .from(planes)
    .where(
      and(
        eq(planes.tipoServicio, service),
        eq(planes.isActive, true),
        // SPEC §5: the previsivo list has only financed plans (financiado > 0).
        service === 'previsivo' ? gt(planes.financiado, '0') : undefined,
      ),
    )
    .orderBy(asc(planes.descripcion));
  return rows.map(toPlanDto);
}

/** SPEC §7 calcular_monto: the additional price of a relative, from the rate table of the plan. */
export async function previsivoRelativeAmount({
  db,
  query,
}: {
  db: Db;
  query: { plan: number; parentesco: number; edad: number };
}): Promise<number> {
  const [plan] = await db
    .select({ id: planes.id })
    .from(planes)
    .where(and(eq(planes.id, query.plan), eq(planes.tipoServicio, 'previsivo'), eq(planes.isActive, true)));
  if (!plan) throw notFound(MSG.planPrevisivoNoEncontrado);
  const [rate] = await db
    .select({ monto: tarifasPrevisivo.monto })
    .from(tarifasPrevisivo)
    .where(
      and(
        eq(tarifasPrevisivo.planId, query.plan),
        eq(tarifasPrevisivo.parentesco, query.parentesco),
        lte(tarifasPrevisivo.edadMinima, query.edad),
        gte(tarifasPrevisivo.edadMaxima, query.edad),
      ),
    )
    .orderBy(sql`${tarifasPrevisivo.edadMinima} desc`)
    .limit(1);
  if (!rate) throw notFound(MSG.sinTarifaPrevisivo);
  return Number(rate.monto);
}
