import { and, asc, eq, sql } from 'drizzle-orm';
import { REQUEST_MESSAGES } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { nichosColumbario, planes } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';

const SERVICE = 'nichos-columbarios';
const simplify = (text: string | null | undefined) => (text ?? '').trim().toLowerCase();

/**
 * Issue 10: a niche is sold under its own plan, the active columbarium plan its `plan` text names (case
 * aside), so a 2-urn niche cannot be priced as a single-urn one. A line naming another plan is refused.
 */
export async function nichePlan(
  tx: Db,
  codigo: string,
  line: { plan_id?: number | undefined; descripcion?: string | null | undefined },
) {
  const [niche] = await tx
    .select({ plan: nichosColumbario.plan })
    .from(nichosColumbario)
    .where(eq(nichosColumbario.codigo, codigo));
  if (!niche) throw notFound(REQUEST_MESSAGES.nichoNoEncontrado);
  const name = simplify(niche.plan);
  const [plan] = name
    ? await tx
        .select()
        .from(planes)
        .where(
          and(
            eq(planes.tipoServicio, SERVICE),
            eq(planes.isActive, true),
            sql`lower(trim(${planes.descripcion})) = ${name}`,
          ),
        )
        .orderBy(asc(planes.id))
        .limit(1)
    : [];
  if (!plan) throw badRequest(REQUEST_MESSAGES.nichoPlanNoDisponible);
  const isNamed =
    line.plan_id !== undefined
      ? line.plan_id === plan.id
      : simplify(line.descripcion) === simplify(plan.descripcion);
  if (!isNamed) throw badRequest(REQUEST_MESSAGES.nichoPlanDistinto(plan.descripcion));
  return plan;
}
