import { asc, eq, sql } from 'drizzle-orm';
import {
  financedTotal,
  funeralRequestSchema,
  previsivoRequestSchema,
  requestSchema,
  type MetodoPago,
  type Modalidad,
} from '@camposanto/domain';
import { planes, planesFunerarios } from '../../db/schema';
import type { SessionUser } from '../../lib/actor';
import { convertRequestToContract } from '../../modules/contratos/conversion-service';
import { pricesOf } from '../../modules/planes/mappers';
import { createFuneralRequest } from '../../modules/solicitudes/funeral-service';
import { createPrevisivo } from '../../modules/solicitudes/previsivo-service';
import { createRequests } from '../../modules/solicitudes/service';
import { daysAgo, happenedAt, officeTime, officeTimeAfter, type DemoContext } from './context';
import { addAuthorizedPersons, uploadRelativeDocuments } from './documents';
import type { Inventory } from './inventory';
import { payInstalments, payRequest } from './payments';
import { createDemoClient } from './people';

export const SERVICES = [
  'parcelas',
  'nichos-columbarios',
  'cremacion',
  'honra-exequias',
  'inhumacion',
  'nichos-ataud',
  'plan-funerario',
  'previsivo',
  'servicio-funerario',
] as const;
type Service = (typeof SERVICES)[number];
const SERVICE_WEIGHTS: [Service, number][] = [
  ['parcelas', 18],
  ['nichos-columbarios', 12],
  ['cremacion', 14],
  ['honra-exequias', 8],
  ['inhumacion', 8],
  ['nichos-ataud', 8],
  ['plan-funerario', 10],
  ['previsivo', 12],
  ['servicio-funerario', 10],
];

/** Where a sale stands today. */
type Fate = 'pendiente' | 'pagada' | 'caducada' | 'contrato';

type SalePlan = {
  client: number;
  service: Service;
  modalidad: Modalidad;
  /** The currency the request is priced in, and the one its first payment is made in (now and then the other). */
  metodo: MetodoPago;
  payIn: MetodoPago;
  cuotas: number;
  created: Date;
  fate: Fate;
  /** A cash contract converted before it was paid (it still owes everything). */
  isUnpaidContract: boolean;
  /** A financed contract in arrears: stops paying from this instalment on (0-based). */
  stopAt: number | undefined;
};

export type SalesOutcome = Record<Fate, number> & { cuotasPagadas: number };

type ClientOf = { id: number; vendedorId: number; surname: string; nombre: string };

/**
 * About `size` sales over `days` days, told in the order they happened: each through the services a seller and
 * administración use (request, payment, conversion, instalments, authorised persons), each step dated when it
 * happened in the story (decision 029).
 */
export async function seedSales(
  ctx: DemoContext,
  args: { size: number; days: number; inventory: Inventory },
): Promise<SalesOutcome> {
  const plans = planSales(ctx, args.size, args.days);
  const catalogue = await ctx.db
    .select()
    .from(planes)
    .where(eq(planes.isActive, true))
    .orderBy(asc(planes.id));
  const funeralPlans = await ctx.db
    .select()
    .from(planesFunerarios)
    .where(eq(planesFunerarios.isActive, true))
    .orderBy(asc(planesFunerarios.id));
  const clients = new Map<number, ClientOf>();
  const outcome: SalesOutcome = { pendiente: 0, pagada: 0, caducada: 0, contrato: 0, cuotasPagadas: 0 };
  for (const plan of plans) {
    let client = clients.get(plan.client);
    if (!client) {
      // Each client comes in with their first request, to the seller who brought them.
      const seller = ctx.staff.sellers[plan.client % ctx.staff.sellers.length]!;
      const created = await createDemoClient(
        ctx,
        seller,
        new Date(plan.created.getTime() - ctx.random.int(10, 50) * 60_000),
        plan.client,
      );
      client = {
        id: created.id,
        vendedorId: created.vendedor_id,
        surname: created.surname,
        nombre: created.nombre,
      };
      clients.set(plan.client, client);
    }
    const seller = ctx.staff.sellers.find((user) => user.id === client.vendedorId)!;
    const requestId = await createRequest(ctx, { plan, client, seller, catalogue, funeralPlans, ...args });
    if (requestId === undefined) continue;
    outcome.cuotasPagadas += await liveTheSale(ctx, { plan, seller, requestId });
    outcome[plan.fate] += 1;
  }
  return outcome;
}

function planSales(ctx: DemoContext, size: number, days: number): SalePlan[] {
  const { random } = ctx;
  const clientCount = Math.max(6, Math.round(size * 0.6));
  const recent = Math.max(4, Math.round(size * 0.05));
  const plans: SalePlan[] = [];
  for (let index = 0; index < size; index++) {
    // Every service at least once, then as the business sells them; sales grow towards today.
    const service = index < SERVICES.length ? SERVICES[index]! : random.weighted(SERVICE_WEIGHTS);
    const age =
      index < recent ? index % 3 : Math.min(days - 1, 3 + Math.floor((days - 3) * random.next() ** 1.25));
    const modalidad: Modalidad =
      service === 'previsivo'
        ? 'Financiado'
        : service === 'servicio-funerario'
          ? 'De Contado'
          : random.chance(0.55)
            ? 'Financiado'
            : 'De Contado';
    const metodo: MetodoPago = random.chance(0.6) ? 'USD' : 'VES';
    const payIn: MetodoPago = random.chance(0.08) ? (metodo === 'USD' ? 'VES' : 'USD') : metodo;
    const fate: Fate =
      age <= 2
        ? index % 2 === 0
          ? 'pendiente'
          : 'pagada'
        : random.weighted<Fate>([
            ['caducada', 14],
            ['pagada', age < 25 ? 12 : 0],
            ['contrato', 80],
          ]);
    plans.push({
      client: index < clientCount ? index : random.int(0, clientCount - 1),
      service,
      modalidad,
      metodo,
      payIn,
      cuotas: service === 'previsivo' ? random.int(1, 4) : random.int(2, 6),
      created: officeTime(ctx, daysAgo(ctx, age)),
      // A pre-need request is valid a year: a younger one not paid is still pending, not expired.
      fate: fate === 'caducada' && service === 'previsivo' && age <= 365 ? 'pendiente' : fate,
      isUnpaidContract: modalidad === 'De Contado' && random.chance(0.1),
      stopAt: modalidad === 'Financiado' && random.chance(0.3) ? random.int(0, 2) : undefined,
    });
  }
  // Numbers are drawn as the story goes: the oldest request gets the first one.
  return plans.sort((a, b) => a.created.getTime() - b.created.getTime());
}

async function createRequest(
  ctx: DemoContext,
  args: {
    plan: SalePlan;
    client: ClientOf;
    seller: SessionUser;
    catalogue: (typeof planes.$inferSelect)[];
    funeralPlans: (typeof planesFunerarios.$inferSelect)[];
    inventory: Inventory;
  },
): Promise<number | undefined> {
  const { plan, client, seller, catalogue } = args;
  const { random } = ctx;
  const ofService = catalogue.filter((row) => row.tipoServicio === plan.service);
  const initialFor = (planRow: typeof planes.$inferSelect) => {
    const total = financedTotal(pricesOf(planRow), plan.cuotas) ?? 0;
    return Math.round((total * random.int(12, 30)) / 10_000);
  };
  const create = async () => {
    if (plan.service === 'servicio-funerario') {
      const funeral = random.pick(args.funeralPlans);
      const deceased = ctx.people.person({ bornFrom: 1930, bornTo: 1985, surname: client.surname });
      const day = plan.created.toISOString().slice(0, 10);
      return createFuneralRequest({
        db: ctx.db,
        actor: seller,
        request: funeralRequestSchema.parse({
          cliente_id: client.id,
          plan_funerario_id: funeral.id,
          metodoPago: plan.metodo,
          traslado: random.chance(0.6),
          incluye_preparacion: random.chance(0.7),
          incluye_ataud: random.chance(0.5),
          difuntos: [
            {
              nombre_difunto: deceased.nombre,
              cedula_difunto: deceased.cedula,
              fecha_nac_difunto: deceased.fecha_nacimiento,
              parentesco_difunto: random.pick(['Padre', 'Madre', 'Esposo(a)', 'Hermano(a)', 'Abuelo(a)']),
              fecha_defuncion: day,
              causa_defuncion: random.pick([
                'Causas naturales',
                'Infarto al miocardio',
                'Insuficiencia respiratoria',
              ]),
              direccion_defuncion: deceased.direccion,
            },
          ],
        }),
      });
    }
    if (plan.service === 'previsivo') {
      const planRow = random.pick(ofService);
      const relatives = Array.from({ length: random.int(0, 3) }, () => {
        const relative = ctx.people.person({ bornFrom: 1945, bornTo: 2015, surname: client.surname });
        return {
          nombre: relative.nombre,
          cedula: relative.cedula,
          fecha_nacimiento: relative.fecha_nacimiento,
          parentesco: random.int(1, 8),
        };
      });
      return createPrevisivo({
        db: ctx.db,
        actor: seller,
        request: previsivoRequestSchema.parse({
          cliente_id: client.id,
          plan_id: planRow.id,
          metodoPago: plan.metodo,
          cuotas: plan.cuotas,
          pagoInicial: initialFor(planRow),
          tipo_contrato: random.chance(0.85) ? 'Nuevo Contrato' : 'Renovacion',
          familiares: relatives,
        }),
      });
    }
    let planRow = random.pick(ofService);
    let codigo: string | undefined;
    if (plan.service === 'parcelas') {
      codigo = args.inventory.plots.pop();
      if (!codigo) return undefined;
    }
    if (plan.service === 'nichos-columbarios') {
      const niche = args.inventory.niches.pop();
      if (!niche) return undefined;
      codigo = niche.codigo;
      planRow = catalogue.find((row) => row.id === niche.planId)!;
    }
    const isFinanced = plan.modalidad === 'Financiado';
    const [created] = await createRequests({
      db: ctx.db,
      actor: seller,
      requests: [
        requestSchema.parse({
          cliente_id: client.id,
          tipo_servicio: plan.service,
          modalidadPago: plan.modalidad,
          detalles: [
            {
              plan_id: planRow.id,
              codigo,
              modalidadPago: plan.modalidad,
              metodoPago: plan.metodo,
              cuotas: isFinanced ? plan.cuotas : 0,
              pagoInicial: isFinanced ? initialFor(planRow) : 0,
            },
          ],
        }),
      ],
    });
    return created;
  };
  const created = await happenedAt(ctx, plan.created, create);
  return created?.id;
}

/** The request's dates as the story has them: the services stamp the moment they run (decision 029). */
async function dateRequest(ctx: DemoContext, id: number, created: Date) {
  const at = created.toISOString();
  await ctx.db.execute(sql`update solicitudes set fecha_creacion = ${at},
    fecha_vencimiento = ${at}::timestamptz + (fecha_vencimiento - fecha_creacion),
    created_at = ${at}, updated_at = ${at} where id = ${id}`);
  await ctx.db.execute(sql`update reservas set created_at = ${at} where solicitud_id = ${id}`);
}

/** After the request: its payment, its conversion, its instalments and the contract's people, as its fate says. */
async function liveTheSale(
  ctx: DemoContext,
  { plan, seller, requestId }: { plan: SalePlan; seller: SessionUser; requestId: number },
): Promise<number> {
  const isPaid = plan.fate === 'pagada' || (plan.fate === 'contrato' && !plan.isUnpaidContract);
  // Paid while the request is still fresh (the service refuses an expired one), then dated back.
  let paidAt: Date | undefined;
  if (isPaid) {
    paidAt = officeTimeAfter(ctx, plan.created, 0, 1);
    await payRequest(ctx, { seller, requestId, metodo: plan.payIn, instant: paidAt });
  }
  await dateRequest(ctx, requestId, plan.created);
  if (plan.fate !== 'contrato') return 0;
  // Within the request's validity (three days), so an unpaid one can still be converted.
  const convertedAt = officeTimeAfter(ctx, paidAt ?? plan.created, 1, paidAt ? 1 : 2);
  const officeUser = ctx.random.chance(0.6) ? ctx.staff.admin : ctx.staff.asistente;
  await happenedAt(ctx, convertedAt, () =>
    convertRequestToContract({ db: ctx.db, requestId, actor: officeUser, now: convertedAt }),
  );
  let paid = 0;
  if (plan.modalidad === 'Financiado') {
    paid = await payInstalments(ctx, { seller, contractId: requestId, stopAt: plan.stopAt });
  }
  await addAuthorizedPersons(ctx, { seller, contractId: requestId, after: convertedAt });
  if (plan.service === 'previsivo')
    await uploadRelativeDocuments(ctx, { seller, contractId: requestId, after: convertedAt });
  return paid;
}
