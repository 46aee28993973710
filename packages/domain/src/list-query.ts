import { z } from 'zod';
import { optionalPageQuerySchema, pageQuerySchema } from './contracts';
import { isoDate } from './fields';
import { MSG } from './messages';
import { ROLES } from './roles';

// Issue 15 (docs/decisions/032-list-search-sort-export.md): every list takes the same query words — `q` (search),
// `orden` (a column, '-' before it for descending), its own filters, the optional `page`/`per_page`, and
// `formato=csv` for the whole filter as a spreadsheet. Each list names the columns it sorts by here.

export const LIST_SEARCH_MAX_LENGTH = 100;
/** A CSV export stops after this many rows (decision 032). */
export const LIST_CSV_MAX_ROWS = 100_000;

export const LIST_MESSAGES = {
  busquedaMuyLarga: `La búsqueda admite como máximo ${LIST_SEARCH_MAX_LENGTH} caracteres.`,
  ordenInvalido: (campos: readonly string[]) =>
    `Orden no válido: use ${campos.join(', ')}, con «-» delante para ordenar de mayor a menor.`,
  formatoInvalido: 'Formato no válido: use json o csv.',
  activoInvalido: 'Activo no válido: use true o false.',
  rolInvalido: 'Rol no válido.',
  estadoInvalido: 'Estado no válido.',
  disponibilidadInvalida: 'Disponibilidad no válida: use con_puestos o sin_puestos.',
  supervisorInvalido: 'Supervisor no válido: indique su número o «ninguno».',
  buscar: 'Buscar',
  limpiarBusqueda: 'Limpiar búsqueda',
  exportarCsv: 'Exportar CSV',
  errorExportar: 'No se pudo exportar el CSV.',
  todos: 'Todos',
  sinResultados: (q: string) => `No se encontraron resultados para «${q}».`,
  sinResultadosFiltro: 'No hay registros con estos filtros.',
} as const;

/** `q`: trimmed, inner white space collapsed; empty means no search. `%`, `_` and `\` are searched for as they are. */
export const listSearchField = z
  .string()
  .max(LIST_SEARCH_MAX_LENGTH * 10, LIST_MESSAGES.busquedaMuyLarga)
  .transform((text) => text.trim().replace(/\s+/g, ' '))
  .pipe(z.string().max(LIST_SEARCH_MAX_LENGTH, LIST_MESSAGES.busquedaMuyLarga))
  .optional();

/** `orden`: one of the list's columns, ascending, or with '-' before it, descending. */
export function listSortField<Field extends string>(fields: readonly Field[]) {
  const allowed = new Set<string>(fields.flatMap((field) => [field, `-${field}`]));
  return z
    .string()
    .refine((value) => value === '' || allowed.has(value), LIST_MESSAGES.ordenInvalido(fields))
    .optional();
}

export type ListSort<Field extends string> = { field: Field; descending: boolean };

/** The column and direction of a checked `orden`; undefined for none (the list's own order). */
export function parseListSort<Field extends string>(orden: string | undefined): ListSort<Field> | undefined {
  if (!orden) return undefined;
  const descending = orden.startsWith('-');
  return { field: (descending ? orden.slice(1) : orden) as Field, descending };
}

export const listFormatField = z.enum(['json', 'csv'], LIST_MESSAGES.formatoInvalido).optional();

/** A list's Desde or Hasta: a day 'YYYY-MM-DD'; '' (the screen's empty field) or nothing means none. */
export const listDayField = (message?: string) =>
  z
    .union([isoDate, z.literal('')], message)
    .optional()
    .transform((value) => value || undefined);

/** Whether a list's Desde falls on or before its Hasta; a missing end is no range to check. */
export const isDateRangeInOrder = (query: { desde?: string; hasta?: string }) =>
  !(query.desde && query.hasta && query.desde > query.hasta);

/** What `.refine(isDateRangeInOrder, dateRangeIssue)` reports: Desde after Hasta selects nothing by mistake. */
export const dateRangeIssue = { message: MSG.rangoFechasInvalido, path: ['desde'] };

/** The words every list shares; a list adds its filters with `.extend`. */
export function listQuerySchema<Field extends string>(sortFields: readonly Field[]) {
  return z
    .object({ q: listSearchField, orden: listSortField(sortFields), formato: listFormatField })
    .extend(optionalPageQuerySchema.shape);
}

const booleanFilter = (message: string) =>
  z
    .enum(['true', 'false', ''], message)
    .optional()
    .transform((value) => (value === 'true' ? true : value === 'false' ? false : undefined));

const emptyToUndefined = <T extends string>(value: T | '' | undefined) => (value === '' ? undefined : value);

// ——— Gestionar Usuarios ———
export const USER_SORT_FIELDS = ['username', 'email', 'rol', 'is_active', 'created_at'] as const;
export const usersListQuerySchema = listQuerySchema(USER_SORT_FIELDS).extend({
  rol: z
    .enum([...ROLES, ''], LIST_MESSAGES.rolInvalido)
    .optional()
    .transform(emptyToUndefined),
  activo: booleanFilter(LIST_MESSAGES.activoInvalido),
});
export type UsersListQuery = z.infer<typeof usersListQuerySchema>;
export const USER_CSV_HEADER = [
  'Nombre y Apellido',
  'Email',
  'Rol',
  'Cédula',
  'Teléfono',
  'Activo',
  'Creado',
];

// ——— Gestionar Vendedores ———
export const SELLER_SORT_FIELDS = ['nombre', 'cedula', 'email', 'supervisor'] as const;
export const sellersListQuerySchema = listQuerySchema(SELLER_SORT_FIELDS).extend({
  /** A supervisor's id, or 'ninguno' for the sellers without one. */
  supervisor: z
    .string()
    .regex(/^(\d{1,9}|ninguno)?$/, LIST_MESSAGES.supervisorInvalido)
    .optional()
    .transform((value) => (value ? (value === 'ninguno' ? ('ninguno' as const) : Number(value)) : undefined)),
});
export type SellersListQuery = z.infer<typeof sellersListQuerySchema>;
export const SELLER_CSV_HEADER = [
  'Nombre',
  'Cédula',
  'Dirección',
  'Teléfono',
  'Email',
  'Supervisor',
  'Activo',
];

// ——— Auditoría ———
export const AUDIT_SORT_FIELDS = ['fecha', 'username', 'rol', 'accion'] as const;
export const auditListFilters = {
  q: listSearchField,
  orden: listSortField(AUDIT_SORT_FIELDS),
  formato: listFormatField,
  accion: z.string().max(60).optional(),
  usuario: z.string().max(100).optional(),
};
export const AUDIT_CSV_HEADER = ['Usuario', 'Rol', 'Acción', 'Descripción', 'Fecha'];

// ——— Inventario de parcelas ———
export const PLOT_SORT_FIELDS = [
  'codigo',
  'puestos',
  'disponible',
  'reservadas',
  'ocupadas',
  'vendidas',
] as const;
export const PLOT_AVAILABILITY_FILTERS = ['con_puestos', 'sin_puestos'] as const;
export const plotListFilters = {
  q: listSearchField,
  orden: listSortField(PLOT_SORT_FIELDS),
  formato: listFormatField,
  disponibilidad: z
    .enum([...PLOT_AVAILABILITY_FILTERS, ''], LIST_MESSAGES.disponibilidadInvalida)
    .optional()
    .transform(emptyToUndefined),
};
export const plotsListQuerySchema = pageQuerySchema.extend(plotListFilters);
export type PlotsListQuery = z.infer<typeof plotsListQuerySchema>;
export const PLOT_CSV_HEADER = ['Código', 'Puestos', 'Disponible', 'Reservadas', 'Ocupadas', 'Vendidas'];

// ——— Columbarios ———
export const NICHE_STATE_FILTERS = ['disponible', 'reservado', 'vendido', 'ocupado'] as const;
export const NICHE_SORT_FIELDS = [
  'codigo',
  'capilla',
  'lado',
  'fila',
  'columna',
  'estado',
  'mto_contado',
] as const;
export const nicheListFilters = {
  q: listSearchField,
  orden: listSortField(NICHE_SORT_FIELDS),
  formato: listFormatField,
  estado: z
    .enum([...NICHE_STATE_FILTERS, ''], LIST_MESSAGES.estadoInvalido)
    .optional()
    .transform(emptyToUndefined),
};
export const nichesListQuerySchema = pageQuerySchema.extend(nicheListFilters);
export type NichesListQuery = z.infer<typeof nichesListQuerySchema>;
export const NICHE_CSV_HEADER = [
  'Código',
  'Capilla',
  'Lado',
  'Fila',
  'Columna',
  'Nichos',
  'Plan',
  'Estado',
  'Contado',
  'Financiado',
];
