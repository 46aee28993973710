import {
  formatBolivares,
  formatRate,
  formatUsd,
  PAYMENT_MESSAGES,
  VERIFICATION_STATE_LABELS,
  VERIFICATION_STATES,
  type PaymentReport,
} from '@camposanto/domain';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_HISTORY_PATH, paymentHistoryQuery } from '../../../api/payments/get-payment-history';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { Money } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { ReceiptPdfButton } from '../../../components/pdf-download-button';
import { PaymentStateBadge } from '../../../components/request-state-badges';
import { VerificationStateBadge } from '../../../components/verification-state-badge';
import { formatDate } from '../../../lib/format-date';
import { ListDateRange } from '../../../components/list-date-range';
import { listEmptyText, ListToolbar } from '../../../components/list-toolbar';
import { listPagination, withoutInvertedRange } from '../../../lib/list-pagination';
import { useListParams } from '../../../lib/use-list-params';
import { useStepBackWhenEmpty } from '../../../lib/use-table-page';
import { DetailList } from '../../../components/detail-list';
import { paymentConcept } from '../shared/payment-concept';
import { ReceiptButton } from '../shared/receipt-button';
import { twoLines } from '../shared/two-lines';

const columns: DataTableColumn<PaymentReport>[] = [
  {
    key: 'fecha',
    header: 'Fecha',
    noWrap: true,
    sortField: 'fecha',
    render: (payment) => formatDate(payment.fecha_pago),
  },
  {
    key: 'transaccion',
    header: twoLines('No.', 'Transacción'),
    noWrap: true,
    sortField: 'numero',
    render: (payment) => payment.numero_contrato ?? payment.numero_solicitud,
  },
  { key: 'cliente', header: 'Cliente', sortField: 'cliente', render: (payment) => payment.cliente },
  { key: 'concepto', header: 'Concepto', noWrap: true, render: paymentConcept },
  { key: 'metodo', header: 'Método', render: (payment) => payment.metodo_pago },
  {
    key: 'pagado',
    header: twoLines('Monto', 'Pagado'),
    align: 'right',
    sortField: 'monto',
    noWrap: true,
    render: (payment) => <Money amount={payment.monto_pagado} />,
  },
  {
    key: 'estado',
    header: 'Estado',
    noWrap: true,
    render: (payment) => (
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <PaymentStateBadge estadoPago={payment.estado_pago} />
        {/* Issue 14 §3: whether administración verified the receipt. */}
        {payment.estado_verificacion && <VerificationStateBadge estado={payment.estado_verificacion} />}
      </Stack>
    ),
  },
  {
    key: 'comprobantes',
    header: 'Comprobantes',
    render: (payment) => (
      <Stack direction="row" spacing={0.5}>
        {payment.tiene_comprobante_usd && <ReceiptButton paymentId={payment.id} currency="usd" label="USD" />}
        {payment.tiene_comprobante_ves && <ReceiptButton paymentId={payment.id} currency="ves" label="Bs." />}
      </Stack>
    ),
  },
  {
    // Issue 14 §1: the receipt the client keeps, made by the server; a rejected payment has none (§3).
    key: 'recibo',
    header: 'Recibo',
    align: 'center',
    render: (payment) =>
      payment.estado_verificacion === 'rechazado' ? '—' : <ReceiptPdfButton paymentId={payment.id} />,
  },
];

/** What was paid in each currency, at which rate, from which bank, and what is left. */
function PaymentDetails({ payment }: { payment: PaymentReport }) {
  return (
    <DetailList
      label={`Detalles del pago ${payment.id}`}
      items={[
        ['Monto en USD', formatUsd(payment.divisas)],
        ['Monto en Bs.', formatBolivares(payment.bolivares)],
        ['Tasa BCV', payment.dollar_price === null ? '—' : formatRate(payment.dollar_price)],
        ['Banco Emisor', payment.banco_emisor ?? '—'],
        ['Referencia', payment.referencia ?? '—'],
        ['Banco Receptor', payment.banco_receptor ?? '—'],
        ['Monto Restante', formatUsd(payment.monto_restante)],
        ['Monto Total', formatUsd(payment.monto_total)],
        ['Observaciones', payment.observaciones ?? '—'],
        ...(payment.estado_verificacion === 'rechazado'
          ? [['Motivo del rechazo', payment.motivo_rechazo ?? '—'] as [string, string]]
          : []),
      ]}
    />
  );
}

const VERIFICATION_OPTIONS = VERIFICATION_STATES.map((value) => ({
  value,
  label: VERIFICATION_STATE_LABELS[value],
}));

/**
 * /ventas/historial-pagos: the payments the signed-in user reported (or reaches), newest first. Issue 15 (decision
 * 032): searched by client, number or reference, filtered by verification and day, sorted and paged on the
 * server, the URL keeping it all, and exported as CSV.
 */
export function PaymentHistoryPage() {
  const list = useListParams({ filters: ['verificacion', 'desde', 'hasta'] });
  const query = withoutInvertedRange(list.query);
  const history = useQuery(paymentHistoryQuery(list.page + 1, list.pageSize, query));
  useStepBackWhenEmpty(list, history.data?.items.length);
  const emptyText = history.isError
    ? PAYMENT_MESSAGES.errorHistorial
    : listEmptyText(list.q, PAYMENT_MESSAGES.sinHistorial);
  return (
    <>
      <PageHeader title="Historial de Pagos" backTo="/ventas" />
      <ListToolbar
        q={list.q}
        onSearch={list.setQ}
        searchLabel="Buscar por cliente, número o referencia"
        filters={[
          {
            name: 'verificacion',
            label: 'Verificación',
            value: list.filters.verificacion,
            options: VERIFICATION_OPTIONS,
            onChange: (value) => list.setFilter('verificacion', value),
          },
        ]}
        exportCsv={{ path: PAYMENT_HISTORY_PATH, query, name: 'historial-pagos' }}
      >
        <ListDateRange
          desde={list.filters.desde}
          hasta={list.filters.hasta}
          onChange={(range) => list.setFilters(range)}
        />
      </ListToolbar>
      <DataTable
        label="Historial de pagos"
        columns={columns}
        rows={history.data?.items ?? []}
        rowKey={(payment) => payment.id}
        emptyText={emptyText}
        isLoading={history.isPending || history.isPlaceholderData}
        pagination={listPagination(list, history.data?.total ?? 0)}
        sort={{ orden: list.orden, onSortChange: list.setOrden }}
        renderExpanded={(payment) => <PaymentDetails payment={payment} />}
      />
    </>
  );
}
