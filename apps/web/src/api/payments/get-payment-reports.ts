import { PAYMENT_MESSAGES, type Paged, type PaymentStateFilter, type RequestDto } from '@camposanto/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { paymentsQueryKey } from './query-keys';

export interface PaymentReportsPage {
  sellerId: string;
  /** 1-based (SPEC §9 Server lists). */
  page: number;
  perPage: number;
  estado: PaymentStateFilter;
  /** Issue 15: q, orden, servicio, desde and hasta, when set (decision 032). */
  query?: Record<string, string>;
}

export const paymentReportsPath = (sellerId: string) =>
  `/api/reporte-pagos/solicitudes/${encodeURIComponent(sellerId)}`;

/** SPEC §7 GET /api/reporte-pagos/solicitudes/{vendedorId}: estado_pago is omitted for Todos. */
export function getPaymentReports({
  sellerId,
  page,
  perPage,
  estado,
  query,
}: PaymentReportsPage): Promise<Paged<RequestDto>> {
  return apiRequest(paymentReportsPath(sellerId), {
    query: { page, per_page: perPage, estado_pago: estado === 'todos' ? undefined : estado, ...query },
  });
}

export function paymentReportsQuery(args: PaymentReportsPage) {
  return queryOptions({
    queryKey: [...paymentsQueryKey, 'reportes', args],
    queryFn: () => getPaymentReports(args),
    placeholderData: keepPreviousData,
    meta: { errorMessage: PAYMENT_MESSAGES.errorSolicitudes },
  });
}
