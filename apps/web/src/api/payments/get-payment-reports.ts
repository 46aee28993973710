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
}

/** SPEC §7 GET /api/reporte-pagos/solicitudes/{vendedorId}: estado_pago is omitted for Todos. */
export function getPaymentReports({
  sellerId,
  page,
  perPage,
  estado,
}: PaymentReportsPage): Promise<Paged<RequestDto>> {
  return apiRequest(`/api/reporte-pagos/solicitudes/${encodeURIComponent(sellerId)}`, {
    query: { page, per_page: perPage, estado_pago: estado === 'todos' ? undefined : estado },
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
