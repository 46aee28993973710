import { planServiceOf, type RequestInput } from '@camposanto/domain';
import { toRequests, type BudgetItem } from '../request/budget';

/** The request header keeps at most this many characters of description (SPEC §3, the domain's schema). */
const MAX_DESCRIPTION = 300;

/** Lines that can share one request: the same service, modality and payment method (decision 033). */
function groupOf(item: BudgetItem): string {
  const service = planServiceOf(item.tipo_servicio) ?? item.tipo_servicio;
  return `${service}|${item.modalidadPago}|${item.metodoPago}`;
}

/**
 * Issue 15, SPEC §7 POST /api/v1/solicitudes/: the generic screen's summary as one batch with one request
 * per service. A request has one modality (the server refuses a line of another one, and conversion reads
 * it) and one payment method (its header and payment report have one), so a service whose lines differ in
 * either gives one request per modality and method. Requests follow the order of their first line.
 */
export function toServiceRequests(items: readonly BudgetItem[], clientId: number): RequestInput[] {
  const groups = new Map<string, BudgetItem[]>();
  for (const item of items) {
    const key = groupOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()].map((lines) => {
    const [first, ...rest] = toRequests(lines, clientId);
    const descriptions = [...new Set(lines.map((line) => line.descripcion))];
    return {
      ...first!,
      descripcion: descriptions.join(', ').slice(0, MAX_DESCRIPTION),
      detalles: [...first!.detalles, ...rest.flatMap((request) => request.detalles)],
    };
  });
}
