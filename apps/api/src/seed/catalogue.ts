import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { planes, planesFunerarios, tarifasPrevisivo } from '../db/schema';
import { audit } from '../lib/audit';
import { SYSTEM_ACTOR } from '../lib/actor';

type PlanSeed = {
  tipoServicio: string;
  descripcion: string;
  puestos?: number;
  contado: number;
  financiado: number;
};

// DESIGN §4.10: example prices (USD) that administrators edit. Cash in VES is listed at the cash price;
// the instalment prices grow 4 % per extra instalment over the financed price.
const PLANS: PlanSeed[] = [
  {
    tipoServicio: 'parcelas',
    descripcion: 'Parcela Jardín (3 puestos)',
    puestos: 3,
    contado: 3000,
    financiado: 3600,
  },
  {
    tipoServicio: 'parcelas',
    descripcion: 'Parcela Familiar Premium (3 puestos)',
    puestos: 3,
    contado: 4500,
    financiado: 5400,
  },
  { tipoServicio: 'cremacion', descripcion: 'Cremación Básica', contado: 900, financiado: 1080 },
  { tipoServicio: 'cremacion', descripcion: 'Cremación con Ceremonia', contado: 1400, financiado: 1680 },
  {
    tipoServicio: 'honra-exequias',
    descripcion: 'Honra de Exequias Sencilla',
    contado: 600,
    financiado: 720,
  },
  {
    tipoServicio: 'honra-exequias',
    descripcion: 'Honra de Exequias Especial',
    contado: 950,
    financiado: 1140,
  },
  { tipoServicio: 'inhumacion', descripcion: 'Inhumación en Parcela', contado: 500, financiado: 600 },
  {
    tipoServicio: 'nichos-ataud',
    descripcion: 'Nicho de Ataúd Sencillo',
    puestos: 1,
    contado: 1800,
    financiado: 2160,
  },
  {
    tipoServicio: 'nichos-ataud',
    descripcion: 'Nicho de Ataúd Dúplex',
    puestos: 2,
    contado: 2900,
    financiado: 3480,
  },
  {
    tipoServicio: 'nichos-columbarios',
    descripcion: 'Nicho de Columbario Sencillo (1 urna)',
    puestos: 1,
    contado: 1000,
    financiado: 1200,
  },
  {
    tipoServicio: 'nichos-columbarios',
    descripcion: 'Nicho de Columbario Dúplex (2 urnas)',
    puestos: 2,
    contado: 1700,
    financiado: 2040,
  },
  { tipoServicio: 'plan-funerario', descripcion: 'Plan Funerario Esencial', contado: 1500, financiado: 1800 },
  { tipoServicio: 'plan-funerario', descripcion: 'Plan Funerario Integral', contado: 2600, financiado: 3120 },
  { tipoServicio: 'previsivo', descripcion: 'Previsivo Cremación', contado: 1200, financiado: 1440 },
  { tipoServicio: 'previsivo', descripcion: 'Previsivo Parcela', contado: 2800, financiado: 3360 },
];

const money = (value: number) => value.toFixed(2);

function planRow(plan: PlanSeed) {
  const instalment = (n: number) => money(plan.financiado * (1 + 0.04 * (n - 1)));
  return {
    tipoServicio: plan.tipoServicio,
    descripcion: plan.descripcion,
    puestos: plan.puestos ?? null,
    deContadoBcv: money(plan.contado),
    deContado: money(plan.contado),
    financiado: money(plan.financiado),
    cuota1: instalment(1),
    cuota2: instalment(2),
    cuota3: instalment(3),
    cuota4: instalment(4),
    cuota5: instalment(5),
    cuota6: instalment(6),
  };
}

const WAKES = [
  { wakeTime: '12 horas', factor: 1 },
  { wakeTime: '24 horas', factor: 1.8 },
];

function funeralRows() {
  return [
    { chapel: 'Sala Edificio Crematorio', base: 400 },
    { chapel: 'Sala VIP en Funeraria', base: 700 },
  ].flatMap(({ chapel, base }) =>
    WAKES.map(({ wakeTime, factor }) => ({
      tipoServicio: 'servicio-funerario',
      tipoCapilla: chapel,
      tiempoVelacion: wakeTime,
      precioVelacion: money(base * factor),
      preparacionDifuntoSencilla: money(150),
      preparacionDifuntoEspecial: money(300),
      preparacionDifuntoEmbalsamiento: money(450),
      alquilerAtaudSencillo: money(200),
      alquilerAtaudMejorado: money(350),
      alquilerAtaudLujo: money(600),
      precioTraslado: money(120),
      puestos: 1,
      deContado: money(base * factor),
      financiado: money(base * factor * 1.2),
      contadoDobles: money(base * factor * 1.8),
      financiadoDobles: money(base * factor * 2.16),
    })),
  );
}

// Pre-need additional price of a relative: a base by relationship, raised with age.
const RELATIVE_BASE: Record<number, number> = {
  1: 180,
  2: 90,
  3: 120,
  4: 130,
  5: 220,
  6: 150,
  7: 140,
  8: 160,
};
const AGE_BANDS = [
  { min: 0, max: 17, factor: 0.6 },
  { min: 18, max: 59, factor: 1 },
  { min: 60, max: 74, factor: 1.5 },
  { min: 75, max: 120, factor: 2.2 },
];

/** The seeding's advisory lock (one-integer keys: db/client.ts migrates under 724_311). */
const SEED_LOCK_KEY = 724_312;

/** Loads the example catalogue once, on an empty database; afterwards it belongs to the administrators. */
export async function seedCatalogue({ db }: { db: Db }): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Several instances start together on an empty database (issue 16): one seeds, the others wait, then see it.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [{ plans } = { plans: 0 }] = await tx.select({ plans: count() }).from(planes);
    if (plans > 0) return false;
    await tx.insert(planes).values(PLANS.map(planRow));
    await tx.insert(planesFunerarios).values(funeralRows());
    const previsivos = await tx
      .select({ id: planes.id })
      .from(planes)
      .where(eq(planes.tipoServicio, 'previsivo'));
    await tx.insert(tarifasPrevisivo).values(
      previsivos.flatMap(({ id }) =>
        Object.entries(RELATIVE_BASE).flatMap(([relationship, base]) =>
          AGE_BANDS.map((band) => ({
            planId: id,
            parentesco: Number(relationship),
            edadMinima: band.min,
            edadMaxima: band.max,
            monto: money(base * band.factor),
          })),
        ),
      ),
    );
    await audit(tx, SYSTEM_ACTOR, {
      accion: 'cargar_catalogo',
      descripcion: `Catálogo de ejemplo cargado: ${PLANS.length} planes, planes funerarios y tarifas previsivas.`,
      entidad: 'plan',
    });
    return true;
  });
}
