import { z } from 'zod';

/**
 * Issue 15 'See': the inventory drawn as a map. A plot's place is read from its code (SPEC §5: sector AXX, row,
 * number in the row: A03-26-01); a niche's from its chapel, side, row and column.
 */

export const MAP_STATES = ['disponible', 'reservado', 'vendido', 'ocupado'] as const;
export type MapState = (typeof MAP_STATES)[number];

export const PLOT_STATE_LABELS: Record<MapState, string> = {
  disponible: 'Disponible',
  reservado: 'Reservada',
  vendido: 'Vendida',
  ocupado: 'Ocupada',
};
export const NICHE_STATE_LABELS: Record<MapState, string> = {
  disponible: 'Disponible',
  reservado: 'Reservado',
  vendido: 'Vendido',
  ocupado: 'Ocupado',
};

export const MAP_MESSAGES = {
  sectorInvalido: 'El sector debe tener el formato AXX (ejemplo: A03).',
  capillaInvalida: 'La capilla no es válida.',
  parcelaNoEncontrada: 'No se encontró la parcela.',
  nichoNoEncontrado: 'No se encontró el nicho.',
  errorCargar: 'Error al cargar el mapa.',
  sinParcelas: 'No hay parcelas en el inventario. Cárguelas en Gestión de Planes › Parcelas.',
  sinNichos: 'No hay nichos en el inventario. Cárguelos en Gestión de Planes › Columbarios.',
  sinVentas: 'Sin ventas registradas.',
} as const;

/** Where a plot sits, from its code; undefined for a code outside the AXX-XX-XX format (legacy rows). */
export function plotPlace(codigo: string): { sector: string; fila: number; numero: number } | undefined {
  const match = /^([A-Z]\d{2})-(\d{2})-(\d{2})$/.exec(codigo);
  if (!match) return undefined;
  return { sector: match[1]!, fila: Number(match[2]), numero: Number(match[3]) };
}

/** How far along each state is: a tie between seat counts goes to the one furthest along. */
const PRECEDENCE: Record<MapState, number> = { disponible: 0, reservado: 1, vendido: 2, ocupado: 3 };

/**
 * A plot's colour on the map: the state most of its seats are in, a tie going to the state furthest along
 * (ocupado > vendido > reservado > disponible). Its seat counts say the rest (one free seat of three).
 */
export function plotMapState(plot: {
  disponible: number;
  reservadas: number;
  vendidas: number;
  ocupadas: number;
}): MapState {
  const seats: Array<[MapState, number]> = [
    ['disponible', plot.disponible],
    ['reservado', plot.reservadas],
    ['vendido', plot.vendidas],
    ['ocupado', plot.ocupadas],
  ];
  let best: [MapState, number] = ['disponible', -1];
  for (const entry of seats) {
    if (entry[1] > best[1] || (entry[1] === best[1] && PRECEDENCE[entry[0]] > PRECEDENCE[best[0]]))
      best = entry;
  }
  return best[1] > 0 ? best[0] : 'disponible';
}

export const sectorQuerySchema = z.object({
  sector: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]\d{2}$/, MAP_MESSAGES.sectorInvalido)
    .optional(),
});

export const chapelQuerySchema = z.object({
  capilla: z
    .string()
    .trim()
    .min(1, MAP_MESSAGES.capillaInvalida)
    .max(60, MAP_MESSAGES.capillaInvalida)
    .optional(),
});

const areaSchema = z.object({ nombre: z.string(), total: z.number().int(), disponibles: z.number().int() });

export const mapPlotSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  fila: z.number().int(),
  numero: z.number().int(),
  puestos: z.number().int(),
  disponible: z.number().int(),
  reservadas: z.number().int(),
  ocupadas: z.number().int(),
  vendidas: z.number().int(),
  estado: z.enum(MAP_STATES),
});
export type MapPlot = z.infer<typeof mapPlotSchema>;

/** GET /api/v1/mapa-parcelas: the sectors (to choose one) and the plots of the chosen sector. */
export const plotMapSchema = z.object({
  sectores: z.array(areaSchema),
  sector: z.string().nullable(),
  parcelas: z.array(mapPlotSchema),
  /** Plots whose code is outside AXX-XX-XX: they cannot be placed and are only counted. */
  sin_ubicacion: z.number().int(),
});
export type PlotMap = z.infer<typeof plotMapSchema>;

export const mapNicheSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  lado: z.string().nullable(),
  fila: z.string().nullable(),
  columna: z.string().nullable(),
  cantidad_nichos: z.number().int(),
  estado: z.enum(MAP_STATES),
});
export type MapNiche = z.infer<typeof mapNicheSchema>;

/** GET /api/v1/mapa-nichos: the chapels and the niches of the chosen one. */
export const nicheMapSchema = z.object({
  capillas: z.array(areaSchema),
  capilla: z.string().nullable(),
  nichos: z.array(mapNicheSchema),
});
export type NicheMap = z.infer<typeof nicheMapSchema>;

/** One sale of a plot or niche: the request or contract whose lines hold it. */
export const placeSaleSchema = z.object({
  reserva_id: z.number().int(),
  solicitud_id: z.number().int(),
  numero: z.string(),
  estado: z.string(),
  cliente: z.string(),
  vendedor: z.string(),
  fecha_creacion: z.string(),
  puestos: z.number().int(),
});
export type PlaceSale = z.infer<typeof placeSaleSchema>;

/** GET /api/v1/admin/mapa-parcelas/{id} and /mapa-nichos/{id}: what the office reads on click. */
export const placeDetailSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  plan: z.string().nullable(),
  ventas: z.array(placeSaleSchema),
});
export type PlaceDetail = z.infer<typeof placeDetailSchema>;
