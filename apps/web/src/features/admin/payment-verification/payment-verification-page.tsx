import {
  DEFAULT_LIST_PAGE_SIZE,
  LIST_PAGE_SIZES,
  PAYMENT_CURRENCIES,
  PAYMENT_CURRENCY_LABELS,
  VERIFICATION_FILTER_LABELS,
  VERIFICATION_FILTERS,
  VERIFICATION_MESSAGES,
  type VerificationFilter,
  type VerificationItem,
} from '@camposanto/domain';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  useVerificationQueue,
  VERIFICATION_QUEUE_PATH,
} from '../../../api/payment-verification/get-verification-queue';
import { getSellers, sellersErrorText, sellersQueryKey } from '../../../api/sellers/get-sellers';
import { DataTable } from '../../../components/data-table';
import { isRangeInverted, ListDateRange } from '../../../components/list-date-range';
import { listEmptyText, ListToolbar } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/page-header';
import { useListParams } from '../../../lib/use-list-params';
import { useStepBackWhenEmpty } from '../../../lib/use-table-page';
import { ReviewDialog } from './review-dialog';
import { VERIFICATION_TEXTS } from './texts';
import { verificationColumns } from './verification-columns';

const FILTERS = ['estado', 'moneda', 'vendedor_id', 'desde', 'hasta'] as const;

const isVerificationFilter = (value: string): value is VerificationFilter =>
  (VERIFICATION_FILTERS as readonly string[]).includes(value);

/**
 * Issue 14 §3 /administracion/verificacion-pagos: the reported payments by verification state; issue 15: searched
 * (client, cédula, number, reference), filtered (currency, seller, dates), sorted and exported by the server, all
 * kept in the URL.
 */
export function PaymentVerificationPage() {
  const list = useListParams({ filters: FILTERS, defaultPageSize: DEFAULT_LIST_PAGE_SIZE });
  const estado = isVerificationFilter(list.filters.estado) ? list.filters.estado : 'por_verificar';
  const isValid = !isRangeInverted(list.filters.desde, list.filters.hasta);
  const { estado: _estado, ...query } = list.query;
  const queue = useVerificationQueue(estado, { page: list.page + 1, perPage: list.pageSize }, query, {
    enabled: isValid,
  });
  const sellers = useQuery({
    queryKey: sellersQueryKey,
    queryFn: getSellers,
    meta: { errorMessage: sellersErrorText },
  });
  const [reviewing, setReviewing] = useState<VerificationItem>();
  useStepBackWhenEmpty(list, queue.data?.items.length);

  const otherwise = queue.isError
    ? VERIFICATION_MESSAGES.errorCargarCola
    : estado === 'por_verificar' && Object.keys(query).length === 0
      ? VERIFICATION_MESSAGES.sinPagosPorVerificar
      : VERIFICATION_MESSAGES.sinPagos;

  return (
    <>
      <PageHeader title={VERIFICATION_TEXTS.titulo} backTo="/administracion" />
      <Tabs
        value={estado}
        onChange={(_, value: VerificationFilter) =>
          list.setFilter('estado', value === 'por_verificar' ? '' : value)
        }
        aria-label={VERIFICATION_TEXTS.filtro}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {VERIFICATION_FILTERS.map((filter) => (
          <Tab key={filter} value={filter} label={VERIFICATION_FILTER_LABELS[filter]} />
        ))}
      </Tabs>
      <ListToolbar
        q={list.q}
        onSearch={list.setQ}
        searchLabel="Buscar por cliente, cédula, número o referencia"
        filters={[
          {
            name: 'moneda',
            label: 'Moneda',
            value: list.filters.moneda,
            options: PAYMENT_CURRENCIES.map((moneda) => ({
              value: moneda,
              label: PAYMENT_CURRENCY_LABELS[moneda],
            })),
            onChange: (value) => list.setFilter('moneda', value),
          },
          {
            name: 'vendedor_id',
            label: 'Vendedor',
            value: list.filters.vendedor_id,
            options: (sellers.data?.vendedores ?? [])
              .map((seller) => ({ value: String(seller.id), label: seller.nombre }))
              .sort((a, b) => a.label.localeCompare(b.label, 'es')),
            onChange: (value) => list.setFilter('vendedor_id', value),
          },
        ]}
        exportCsv={
          isValid
            ? { path: VERIFICATION_QUEUE_PATH, query: { ...query, estado }, name: 'verificacion-pagos' }
            : undefined
        }
      >
        <ListDateRange
          desde={list.filters.desde}
          hasta={list.filters.hasta}
          labels={{ desde: 'Pagado desde', hasta: 'Pagado hasta' }}
          onChange={(range) => list.setFilters(range)}
        />
      </ListToolbar>
      <DataTable
        label={VERIFICATION_TEXTS.tabla}
        columns={verificationColumns(setReviewing)}
        rows={queue.data?.items ?? []}
        rowKey={(payment) => payment.id}
        emptyText={listEmptyText(list.q, otherwise)}
        isLoading={isValid && (queue.isPending || queue.isPlaceholderData)}
        pagination={{
          mode: 'server',
          pageSizes: LIST_PAGE_SIZES,
          page: list.page,
          pageSize: list.pageSize,
          total: queue.data?.total ?? 0,
          onPageChange: list.setPage,
          onPageSizeChange: list.setPageSize,
        }}
        sort={{ orden: list.orden, onSortChange: list.setOrden }}
      />
      {reviewing && <ReviewDialog payment={reviewing} onClose={() => setReviewing(undefined)} />}
    </>
  );
}
