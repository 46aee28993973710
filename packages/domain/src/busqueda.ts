import { z } from 'zod';

// Issue 15 global search: GET /api/v1/buscar?q= answers at most SEARCH_GROUP_LIMIT rows of each group, each within
// what the user may see (docs/decisions/028-global-search.md).

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_GROUP_LIMIT = 10;

export const SEARCH_MESSAGES = {
  muyCorta: `Escriba al menos ${SEARCH_MIN_LENGTH} caracteres para buscar.`,
  muyLarga: `La búsqueda admite como máximo ${SEARCH_MAX_LENGTH} caracteres.`,
  caracteresNoValidos: 'La búsqueda contiene caracteres no válidos.',
  errorBuscar: 'Error al buscar.',
  sinResultados: (q: string) => `Sin resultados para «${q}»`,
  etiqueta: 'Buscar cliente, cédula, teléfono, solicitud, contrato, parcela o nicho',
  buscando: 'Buscando…',
} as const;

// Control characters other than the white space a paste brings (tab, line breaks), which collapses to one space.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The text searched for: trimmed, inner white space collapsed to one space. */
export function normalizeSearchText(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** GET /api/v1/buscar's query. `%`, `_` and `\` are searched for as they are, never as wildcards. */
export const searchQuerySchema = z.object({
  q: z
    .string(SEARCH_MESSAGES.muyCorta)
    .max(SEARCH_MAX_LENGTH * 10, SEARCH_MESSAGES.muyLarga)
    .transform(normalizeSearchText)
    .pipe(
      z
        .string()
        .min(SEARCH_MIN_LENGTH, SEARCH_MESSAGES.muyCorta)
        .max(SEARCH_MAX_LENGTH, SEARCH_MESSAGES.muyLarga)
        .refine((text) => !CONTROL_CHARACTERS.test(text), SEARCH_MESSAGES.caracteresNoValidos),
    ),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchClientSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  cedula: z.string(),
  telefono: z.string().nullable(),
  celular: z.string().nullable(),
});

/** A request (estado `solicitud` or `caducada`) or a contract, with its client. */
export const searchRequestSchema = z.object({
  id: z.number().int(),
  numero_solicitud: z.string(),
  numero_contrato: z.string().nullable(),
  estado: z.string(),
  tipo_servicio: z.string(),
  cliente_nombre: z.string(),
  cliente_cedula: z.string(),
});

export const searchPlotSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  puestos: z.number().int(),
  disponible: z.number().int(),
});

export const searchNicheSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  estado: z.string(),
  capilla: z.string().nullable(),
});

export const searchResponseSchema = z.object({
  clientes: z.array(searchClientSchema),
  solicitudes: z.array(searchRequestSchema),
  contratos: z.array(searchRequestSchema),
  parcelas: z.array(searchPlotSchema),
  nichos: z.array(searchNicheSchema),
});
export type SearchClient = z.infer<typeof searchClientSchema>;
export type SearchRequest = z.infer<typeof searchRequestSchema>;
export type SearchPlot = z.infer<typeof searchPlotSchema>;
export type SearchNiche = z.infer<typeof searchNicheSchema>;
export type SearchResponse = z.infer<typeof searchResponseSchema>;
export type SearchGroup = keyof SearchResponse;
