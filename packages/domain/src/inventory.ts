import { z } from 'zod';
import { integerNumber } from './numbers';

export const PLOT_CODE_ERROR = 'El código debe tener el formato AXX-XX-XX (ejemplo: A03-26-01).';
export const PLOT_CODE_EMPTY = 'Por favor, ingrese el código de la parcela.';

/**
 * SPEC §5 Plot inventory code: upper case, spaces removed, format AXX-XX-XX; AXX-XX gets -01 appended.
 * Returns undefined when the code cannot be normalised.
 */
export function normalizePlotCode(raw: string): string | undefined {
  const code = raw.toUpperCase().replace(/\s+/g, '');
  if (/^[A-Z]\d{2}-\d{2}-\d{2}$/.test(code)) return code;
  if (/^[A-Z]\d{2}-\d{2}$/.test(code)) return `${code}-01`;
  return undefined;
}

/** A columbarium niche code as stored: upper case, no spaces ('cvd 1-02' → 'CVD1-02'). */
export function normalizeNicheCode(raw: string): string {
  return raw.toUpperCase().replace(/\s+/g, '');
}

/** SPEC §9: a plot holds 3 burials unless the inventory says otherwise. */
export const DEFAULT_PLOT_SEATS = 3;

/** No plot, niche or plan holds more seats: a larger count is a typo (and may not fit the database). */
export const MAX_SEATS = 10_000;
export const SEATS_TOO_MANY = `No puede ser mayor que ${MAX_SEATS}.`;

export const plotRowSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  puestos: z.number().int(),
  disponible: z.number().int(),
  reservadas: z.number().int(),
  ocupadas: z.number().int(),
  vendidas: z.number().int(),
});
export type PlotRow = z.infer<typeof plotRowSchema>;

const count = integerNumber('Debe ser un número entero.').pipe(
  z.number().min(0, 'No puede ser negativo.').max(MAX_SEATS, SEATS_TOO_MANY),
);

export const updatePlotSchema = z
  .object({
    codigo: z.string().optional(),
    disponible: count,
    reservadas: count,
    ocupadas: count,
    vendidas: count,
    puestos: count.optional(),
  })
  .refine(
    (row) =>
      row.puestos === undefined ||
      row.disponible + row.reservadas + row.ocupadas + row.vendidas === row.puestos,
    {
      message:
        'La suma de disponibles, reservadas, ocupadas y vendidas debe ser igual a los puestos de la parcela.',
      path: ['puestos'],
    },
  );
export type UpdatePlotInput = z.input<typeof updatePlotSchema>;

/** Issue 10: administration registers a plot the sales form did not find (SPEC §8 defaults). */
export const createPlotSchema = z.object({ codigo: z.string().max(40) });
export type CreatePlotInput = z.infer<typeof createPlotSchema>;

export const plotLookupSchema = z.object({
  codigo: z.string(),
  disponible: z.number().int(),
  estado: z.string(),
  precio_contado: z.number(),
  precio_financiado: z.number(),
});
export type PlotLookup = z.infer<typeof plotLookupSchema>;

export const nicheSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  estado: z.string(),
  cantidad_nichos: z.number().int(),
  plan: z.string().nullable(),
  descripcion: z.string().nullable(),
  mto_contado: z.number().nullable(),
  mto_financiado: z.number().nullable(),
  capilla: z.string().nullable(),
  lado: z.string().nullable(),
  fila: z.string().nullable(),
  columna: z.string().nullable(),
});
export type Niche = z.infer<typeof nicheSchema>;

export const MAP_KEYS = [
  'parcela',
  'columbario_lado1',
  'columbario_lado2',
  'columbario_lado3',
  'columbario_lado4',
] as const;
export type MapKey = (typeof MAP_KEYS)[number];

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  });
}

/** A page of a server list, as `pagedSchema` describes it. */
export type Paged<T> = { items: T[]; total: number; page: number; per_page: number };

/** POST /api/upload/inventario's answer: the map images saved. */
export const mapsSavedSchema = z.object({ mensaje: z.string(), claves: z.array(z.enum(MAP_KEYS)) });
export type MapsSaved = z.infer<typeof mapsSavedSchema>;

/** GET /api/mapas: the map images there are, and when each was last replaced. */
export const storedMapSchema = z.object({ clave: z.string(), actualizado: z.string() });
export type StoredMap = z.infer<typeof storedMapSchema>;

/** POST /api/admin/upload-parcelas and /api/admin/upload-columbarios: what the CSV import did. */
export const importResultSchema = z.object({
  mensaje: z.string(),
  procesadas: z.number().int(),
  creadas: z.number().int(),
  actualizadas: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
