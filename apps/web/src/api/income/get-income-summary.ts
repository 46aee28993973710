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

/** Issue 15: the contracts table's search and order (INCOME_CONTRACT_SORT_FIELDS); empty for none. */
export interface IncomeListWords {
  q: string;
  orden: string;
}

export const INCOME_SUMMARY_PATH = '/api/v1/admin/historial-ingresos-resumen';

/** The filters and words as the server reads them (empty ones are left out by the client). */
export function incomeQuery(filters: IncomeFilters, words: IncomeListWords = { q: '', orden: '' }) {
  return {
    supervisor_id: filters.supervisorId,
    vendedor_id: filters.sellerId,
    modalidad: filters.modalidad,
    fecha_inicio: filters.startDate,
    fecha_fin: filters.endDate,
    q: words.q,
    orden: words.orden,
  };
}

/** GET /api/v1/admin/historial-ingresos-resumen; `page` is 1-based. */
export function getIncomeSummary(
  filters: IncomeFilters,
  page: number,
  perPage: number,
  words?: IncomeListWords,
): Promise<IncomeSummary> {
  return apiRequest(INCOME_SUMMARY_PATH, {
    query: { ...incomeQuery(filters, words), page, per_page: perPage },
  });
}

export function incomeSummaryQuery(
  filters: IncomeFilters,
  page: number,
  perPage: number,
  words: IncomeListWords = { q: '', orden: '' },
) {
  return queryOptions({
    queryKey: [...paymentsQueryKey, 'ingresos', filters, { page, perPage }, words],
    queryFn: () => getIncomeSummary(filters, page, perPage, words),
    placeholderData: keepPreviousData,
    meta: { errorMessage: INCOME_MESSAGES.errorCargar },
  });
}
