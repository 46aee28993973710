import { asc } from 'drizzle-orm';
import { nichosColumbario, parcelas, planes } from '../../db/schema';
import { importNiches } from '../../modules/inventario/niches-service';
import { importPlots } from '../../modules/inventario/plots-service';
import { saveMaps } from '../../modules/inventario/maps-service';
import { demoUpload, discard, happenedAt, type DemoContext } from './context';
import { columbariumSidePng, plotMapPng } from './images';

/** SPEC §2 columbarium help dialog: the four sides, lado1 to lado4, in this order. */
const SIDES = ['Izquierdo Externo', 'Izquierdo Interno', 'Derecho Interno', 'Derecho Externo'];
const CHAPELS = [
  { code: 'CSJ', name: 'Capilla San José' },
  { code: 'CSR', name: 'Capilla Santa Rosa' },
];
const NICHE_ROWS = ['A', 'B', 'C', 'D'];
const NICHE_COLUMNS = 6;
const PLOT_SECTORS = ['A01', 'A02', 'B01', 'B02', 'C01'];
const PLOT_ROWS = 6;
const PLOTS_PER_ROW = 8;

export type Inventory = {
  /** Plot codes with a free seat, in the order sales take them. */
  plots: string[];
  /** Niche codes free to sell, with the plan their `plan` text names. */
  niches: { codigo: string; planId: number }[];
};

/**
 * The cemetery as administración loads it (SPEC §2 admin 11 and 12): the plots and the niches from CSV through
 * the import services, and the plot map and the columbarium's four sides through the map upload. Some plots
 * hold burials from before the system (ocupadas) or were sold before it (vendidas); some niches are occupied.
 */
export async function seedInventory(ctx: DemoContext, instant: Date, scale: number): Promise<Inventory> {
  const { random, staff } = ctx;
  const sectors = PLOT_SECTORS.slice(0, Math.max(2, Math.round(PLOT_SECTORS.length * scale)));
  const plotLines = ['codigo;puestos;disponible;reservadas;ocupadas;vendidas'];
  for (const sector of sectors) {
    for (let row = 1; row <= PLOT_ROWS; row++) {
      for (let plot = 1; plot <= PLOTS_PER_ROW; plot++) {
        const codigo = `${sector}-${String(row * 4 + 2).padStart(2, '0')}-${String(plot).padStart(2, '0')}`;
        const state = random.weighted([
          ['libre', 78],
          ['ocupada', 14],
          ['vendida', 8],
        ] as const);
        const ocupadas = state === 'ocupada' ? random.int(1, 3) : 0;
        const vendidas = state === 'vendida' ? 3 : 0;
        plotLines.push(`${codigo};3;${3 - ocupadas - vendidas};0;${ocupadas};${vendidas}`);
      }
    }
  }
  const plans = await ctx.db.select().from(planes).orderBy(asc(planes.id));
  const nichePlans = plans.filter((plan) => plan.tipoServicio === 'nichos-columbarios');
  const nicheLines = [
    'codigo;capilla;lado;fila;columna;cantidad_nichos;plan;descripcion;estado;mto_contado;mto_financiado',
  ];
  for (const chapel of CHAPELS) {
    SIDES.forEach((side, sideIndex) => {
      for (const row of NICHE_ROWS) {
        for (let column = 1; column <= NICHE_COLUMNS; column++) {
          const plan = nichePlans[row === 'A' ? 1 : 0] ?? nichePlans[0]!;
          const isDouble = plan !== nichePlans[0];
          const codigo = `${chapel.code}-L${sideIndex + 1}-${row}${String(column).padStart(2, '0')}`;
          const estado = random.chance(0.1) ? 'ocupado' : 'disponible';
          nicheLines.push(
            [
              codigo,
              chapel.name,
              side,
              row,
              String(column),
              isDouble ? '2' : '1',
              plan.descripcion,
              `${chapel.name}, lado ${side.toLowerCase()}, fila ${row}, columna ${column}`,
              estado,
              plan.deContado,
              plan.financiado,
            ].join(';'),
          );
        }
      }
    });
  }
  const files = [
    await demoUpload(
      ctx,
      'parcela',
      'mapa-parcelas.png',
      plotMapPng(sectors.map(() => ({ rows: PLOT_ROWS, seats: PLOTS_PER_ROW }))),
    ),
    ...(await Promise.all(
      SIDES.map((_side, index) =>
        demoUpload(
          ctx,
          `columbario_lado${index + 1}`,
          `columbario-lado${index + 1}.png`,
          columbariumSidePng(index + 1, NICHE_ROWS.length, NICHE_COLUMNS),
        ),
      ),
    )),
  ];
  try {
    await happenedAt(ctx, instant, async () => {
      await importPlots({ db: ctx.db, csv: plotLines.join('\n'), actor: staff.admin });
      await importNiches({ db: ctx.db, csv: nicheLines.join('\n'), actor: staff.admin });
      await saveMaps({ db: ctx.db, storage: ctx.storage, files, actor: staff.admin });
    });
  } finally {
    await discard(files);
  }

  const freePlots = await ctx.db
    .select({ codigo: parcelas.codigo, disponible: parcelas.disponible })
    .from(parcelas)
    .orderBy(asc(parcelas.codigo));
  const freeNiches = await ctx.db
    .select({ codigo: nichosColumbario.codigo, estado: nichosColumbario.estado, plan: nichosColumbario.plan })
    .from(nichosColumbario)
    .orderBy(asc(nichosColumbario.codigo));
  const planIdOf = new Map(nichePlans.map((plan) => [plan.descripcion, plan.id]));
  return {
    // A plot with free seats is offered once per free seat, the plots shuffled so sales spread over the map.
    plots: shuffle(
      ctx,
      freePlots.flatMap((plot) => Array.from({ length: plot.disponible }, () => plot.codigo)),
    ),
    niches: shuffle(
      ctx,
      freeNiches
        .filter((niche) => niche.estado === 'disponible')
        .map((niche) => ({ codigo: niche.codigo, planId: planIdOf.get(niche.plan ?? '')! })),
    ),
  };
}

function shuffle<T>(ctx: DemoContext, items: T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = ctx.random.int(0, index);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}
