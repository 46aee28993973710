import {
  PAYMENT_MESSAGES,
  PAYMENT_STATE_FILTERS,
  SALES_LIST_MESSAGES,
  type PaymentStateFilter,
  type RequestDto,
} from '@camposanto/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { paymentReportsQuery } from '../../../api/payments/get-payment-reports';
import { useSendRequestEmail } from '../../../api/payments/send-request-email';
import { PageHeader } from '../../../components/page-header';
import { StateFilterSelect } from '../../../components/state-filter-select';
import { useStepBackWhenEmpty, useTablePage } from '../../../lib/use-table-page';
import { useSellerId } from '../shared/use-seller-id';
import { PaymentReportsTable } from './payment-reports-table';
import { ReportPaymentDialog } from './report-payment-dialog';
import { RequestDetailsDialog } from './request-details-dialog';
import { RequestLinesPanel } from './request-lines-panel';

/** SPEC §2 Sales area /ventas/reporte-pagos 'Reporte de pagos'. */
export function PaymentReportsPage() {
  const sellerId = useSellerId();
  const table = useTablePage();
  const [estado, setEstado] = useState<PaymentStateFilter>('todos');
  const [paying, setPaying] = useState<RequestDto>();
  const [viewing, setViewing] = useState<RequestDto>();
  const list = useQuery({
    ...paymentReportsQuery({
      sellerId: sellerId ?? '',
      page: table.page + 1,
      perPage: table.pageSize,
      estado,
    }),
    enabled: Boolean(sellerId),
  });
  useStepBackWhenEmpty(table, list.data?.items.length);
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
      : PAYMENT_MESSAGES.sinReportes;

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
            onChange={(value) => {
              setEstado(value);
              table.setPage(0);
            }}
          />
        }
      />
      <PaymentReportsTable
        requests={list.data?.items ?? []}
        isLoading={Boolean(sellerId) && (list.isPending || list.isPlaceholderData)}
        emptyText={emptyText}
        pagination={table.pagination(list.data?.total ?? 0)}
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
