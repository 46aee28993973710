import { gte, lt, type SQL, type SQLWrapper } from 'drizzle-orm';
import { clientes, solicitudes } from '../../db/schema';
import { orEmpty, searchText } from '../../db/schema/search-text';
import { searchCondition } from '../../lib/list-tools';
import { businessDayStart, nextBusinessDayStart } from '../../lib/business-time';

// Issue 15 on the payments lists (decision 032): what their search box finds. The texts are the very expressions
// of the trigram indexes clientes_busqueda_idx and solicitudes_busqueda_idx (decision 028), so PostgreSQL can
// read those indexes rather than every client and request.

/** A client's name, cédula and phones, as clientes_busqueda_idx keys them. */
export const clientSearchText = searchText(
  clientes.nombre,
  clientes.cedula,
  orEmpty(clientes.telefono),
  orEmpty(clientes.celular),
);

/** A request's and its contract's numbers, as solicitudes_busqueda_idx keys them. */
export const requestSearchText = searchText(solicitudes.numeroSolicitud, orEmpty(solicitudes.numeroContrato));

/** Rows whose client (name, cédula, phone) or request/contract number contains `q`; `more` adds other texts. */
export function clientOrContractSearch(q: string | undefined, more: SQL[] = []): SQL | undefined {
  return searchCondition(q, [clientSearchText, requestSearchText, ...more]);
}

/** `column` within the business days `desde`…`hasta` (Caracas), `hasta` with its whole day; either may be open. */
export function withinBusinessDays(column: SQLWrapper, desde?: string, hasta?: string): SQL[] {
  const conditions: SQL[] = [];
  if (desde) conditions.push(gte(column, businessDayStart(desde)));
  if (hasta) conditions.push(lt(column, nextBusinessDayStart(hasta)));
  return conditions;
}
