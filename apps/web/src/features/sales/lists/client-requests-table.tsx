import { serviceLabel, type RequestDto } from '@camposanto/domain';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { ContractPdfButtons } from '../../../components/pdf-download-button';
import { PaymentStateBadge, RequestStateBadge } from '../../../components/request-state-badges';
import { formatDate } from '../../../lib/format-date';
import { RequestLinesTable } from './request-lines-table';

const columns: DataTableColumn<RequestDto>[] = [
  {
    key: 'transaccion',
    header: 'No. Transacción',
    noWrap: true,
    // SPEC §2: the contract number, else the request number.
    render: (request) => request.numero_contrato ?? request.numero_solicitud,
  },
  { key: 'servicio', header: 'Tipo de Servicio', render: (request) => serviceLabel(request.tipo_servicio) },
  { key: 'descripcion', header: 'Descripción', render: (request) => request.descripcion ?? '—' },
  { key: 'modalidad', header: 'Modalidad de Pago', render: (request) => request.modalidadPago },
  {
    key: 'fecha',
    header: 'Fecha Solicitud',
    noWrap: true,
    render: (request) => formatDate(request.fecha_creacion),
  },
  {
    // Issue 15: the seller sees when a request expires (SPEC §4 Validity); a contract no longer does.
    key: 'vence',
    header: 'Vence',
    noWrap: true,
    render: (request) => (request.estado === 'solicitud' ? formatDate(request.fecha_vencimiento) : '—'),
  },
  { key: 'estado', header: 'Estado', render: (request) => <RequestStateBadge estado={request.estado} /> },
  {
    key: 'estadoPago',
    header: 'Estado del Pago',
    render: (request) => <PaymentStateBadge estadoPago={request.estadoPago} />,
  },
  {
    // Issue 14 §1: a converted request has its contract and statement of account as PDFs.
    key: 'documentos',
    header: 'Documentos',
    align: 'center',
    render: (request) =>
      request.numero_contrato ? (
        <ContractPdfButtons contractId={request.id} number={request.numero_contrato} />
      ) : (
        '—'
      ),
  },
];

/** SPEC §2 Sales lists: a client's requests (or contracts), each opening to its details. */
export function ClientRequestsTable({
  label,
  requests,
  emptyText,
}: {
  label: string;
  requests: readonly RequestDto[];
  emptyText: string;
}) {
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={requests}
      rowKey={(request) => request.id}
      emptyText={emptyText}
      renderExpanded={(request) => <RequestLinesTable request={request} />}
    />
  );
}
