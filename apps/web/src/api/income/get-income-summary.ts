import { INCOME_MESSAGES, type IncomeSummary } from '@camposanto/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../client';
import { paymentsQueryKey } from '../payments/query-keys';

/** SPEC §2 Admin screen 9 filters; an empty value is no filter (Todos). */
export interface IncomeFilters {
  supervisorId: string;
  sellerId: string;
  modalidad: string;
  startDate: string;
  endDate: string;
}

/** GET /api/v1/admin/historial-ingresos-resumen; `page` is 1-based. */
export function getIncomeSummary(
  filters: IncomeFilters,
  page: number,
  perPage: number,
): Promise<IncomeSummary> {
  return apiRequest('/api/v1/admin/historial-ingresos-resumen', {
    query: {
      supervisor_id: filters.supervisorId,
      vendedor_id: filters.sellerId,
      modalidad: filters.modalidad,
      fecha_inicio: filters.startDate,
      fecha_fin: filters.endDate,
      page,
      per_page: perPage,
    },
  });
}

export function incomeSummaryQuery(filters: IncomeFilters, page: number, perPage: number) {
  return queryOptions({
    queryKey: [...paymentsQueryKey, 'ingresos', filters, { page, perPage }],
    queryFn: () => getIncomeSummary(filters, page, perPage),
    placeholderData: keepPreviousData,
    meta: { errorMessage: INCOME_MESSAGES.errorCargar },
  });
}
