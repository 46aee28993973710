import {
  PAYMENT_MESSAGES,
  PAYMENT_STATE_FILTERS,
  SALES_LIST_MESSAGES,
  SERVICE_LABELS,
  type PaymentStateFilter,
  type RequestDto,
} from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { paymentReportsPath, paymentReportsQuery } from '../../../api/payments/get-payment-reports';
import { useSendRequestEmail } from '../../../api/payments/send-request-email';
import { ListDateRange } from '../../../components/list-date-range';
import { listEmptyText, ListToolbar } from '../../../components/list-toolbar';
import { PageHeader } from '../../../components/page-header';
import { StateFilterSelect } from '../../../components/state-filter-select';
import { listPagination, withoutInvertedRange } from '../../../lib/list-pagination';
import { useListParams } from '../../../lib/use-list-params';
import { useStepBackWhenEmpty } from '../../../lib/use-table-page';
import { useSellerId } from '../shared/use-seller-id';
import { PaymentReportsTable } from './payment-reports-table';
import { ReportPaymentDialog } from './report-payment-dialog';
import { RequestDetailsDialog } from './request-details-dialog';
import { RequestLinesPanel } from './request-lines-panel';

const SERVICE_OPTIONS = Object.entries(SERVICE_LABELS).map(([value, label]) => ({ value, label }));

/**
 * SPEC §2 Sales area /ventas/reporte-pagos 'Reporte de pagos'. Issue 15 (decision 032): searched by client or
 * number, filtered by payment state, service and day, sorted and paged on the server, the URL keeping it all, and
 * exported as CSV.
 */
export function PaymentReportsPage() {
  const sellerId = useSellerId();
  const params = useListParams({ filters: ['estado_pago', 'servicio', 'desde', 'hasta'] });
  const estado = (params.filters.estado_pago || 'todos') as PaymentStateFilter;
  const query = withoutInvertedRange(params.query);
  const [paying, setPaying] = useState<RequestDto>();
  const [viewing, setViewing] = useState<RequestDto>();
  const list = useQuery({
    ...paymentReportsQuery({
      sellerId: sellerId ?? '',
      page: params.page + 1,
      perPage: params.pageSize,
      estado,
      query,
    }),
    enabled: Boolean(sellerId),
  });
  useStepBackWhenEmpty(params, list.data?.items.length);
  const email = useSendRequestEmail();

  function sendEmail(request: RequestDto) {
    email.mutate(request.id, {
      onSuccess: () => toast.success(PAYMENT_MESSAGES.correoEnviado),
      onError: (error) => toast.error(withDetail(PAYMENT_MESSAGES.errorCorreo, error)),
    });
  }
  const isSending = (request: RequestDto) => email.isPending && email.variables === request.id;

  const emptyText = !sellerId
    ? SALES_LIST_MESSAGES.sinIdVendedor
    : list.isError
      ? PAYMENT_MESSAGES.errorSolicitudes
      : listEmptyText(params.q, PAYMENT_MESSAGES.sinReportes);

  return (
    <>
      <PageHeader
        title="Reporte de Pagos"
        backTo="/ventas"
        actions={
          <StateFilterSelect
            value={estado}
            options={PAYMENT_STATE_FILTERS}
            minWidth={220}
            onChange={(value) => params.setFilter('estado_pago', value === 'todos' ? '' : value)}
          />
        }
      />
      <ListToolbar
        q={params.q}
        onSearch={params.setQ}
        searchLabel="Buscar por cliente, cédula, teléfono o número"
        filters={[
          {
            name: 'servicio',
            label: 'Servicio',
            value: params.filters.servicio,
            options: SERVICE_OPTIONS,
            onChange: (value) => params.setFilter('servicio', value),
          },
        ]}
        exportCsv={
          sellerId ? { path: paymentReportsPath(sellerId), query, name: 'reporte-pagos' } : undefined
        }
      >
        <ListDateRange
          desde={params.filters.desde}
          hasta={params.filters.hasta}
          onChange={(range) => params.setFilters(range)}
        />
      </ListToolbar>
      <PaymentReportsTable
        requests={list.data?.items ?? []}
        isLoading={Boolean(sellerId) && (list.isPending || list.isPlaceholderData)}
        emptyText={emptyText}
        pagination={listPagination(params, list.data?.total ?? 0)}
        sort={{ orden: params.orden, onSortChange: params.setOrden }}
        onView={setViewing}
        renderLines={(request) => (
          <RequestLinesPanel
            request={request}
            isSending={isSending(request)}
            onReport={setPaying}
            onSendEmail={sendEmail}
          />
        )}
      />
      {paying && <ReportPaymentDialog request={paying} onClose={() => setPaying(undefined)} />}
      {viewing && (
        <RequestDetailsDialog
          request={viewing}
          isSending={isSending(viewing)}
          onSendEmail={sendEmail}
          onClose={() => setViewing(undefined)}
        />
      )}
    </>
  );
}
