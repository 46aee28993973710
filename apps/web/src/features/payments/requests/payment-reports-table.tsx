import { PAYMENT_MESSAGES, serviceLabel, type RequestDto } from '@camposanto/domain';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePagination,
  type DataTableSort,
} from '../../../components/data-table';
import { Money } from '../../../components/money';
import { PaymentStateBadge } from '../../../components/request-state-badges';
import { formatDate } from '../../../lib/format-date';
import { twoLines } from '../shared/two-lines';

const money = (amount: number) => <Money amount={amount} />;

function columnsWith(onView: (request: RequestDto) => void): DataTableColumn<RequestDto>[] {
  return [
    {
      key: 'numero',
      header: 'Nº Solicitud',
      noWrap: true,
      sortField: 'numero',
      // The number opens 'DETALLES DE LA SOLICITUD'.
      render: (request) => (
        <Tooltip title="DETALLES DE LA SOLICITUD">
          <Button
            size="small"
            startIcon={<VisibilityIcon />}
            onClick={() => onView(request)}
            aria-label={`Ver detalles de ${request.numero_solicitud}`}
            sx={{ whiteSpace: 'nowrap', ml: -1 }}
          >
            {request.numero_solicitud}
          </Button>
        </Tooltip>
      ),
    },
    { key: 'cliente', header: 'Cliente', sortField: 'cliente', render: (request) => request.cliente.nombre },
    {
      key: 'servicio',
      header: 'Servicio',
      sortField: 'servicio',
      render: (request) => serviceLabel(request.tipo_servicio),
    },
    {
      key: 'fecha',
      header: 'Fecha',
      noWrap: true,
      sortField: 'fecha',
      render: (request) => formatDate(request.fecha_creacion),
    },
    {
      // Issue 15: when the request expires (SPEC §4 Validity); a contract no longer does.
      key: 'vence',
      header: 'Vence',
      noWrap: true,
      render: (request) => (request.estado === 'solicitud' ? formatDate(request.fecha_vencimiento) : '—'),
    },
    {
      key: 'modalidad',
      header: twoLines('Modalidad', 'de Pago'),
      render: (request) => request.modalidadPago,
    },
    {
      key: 'metodo',
      header: twoLines('Método', 'de Pago'),
      render: (request) => request.items_adicionales.metodoPago,
    },
    {
      key: 'descuento',
      header: 'Descuento',
      align: 'right',
      noWrap: true,
      render: (request) => money(request.items_adicionales.descuento),
    },
    {
      key: 'conDescuento',
      header: twoLines('Precio con', 'Descuento'),
      align: 'right',
      sortField: 'monto',
      noWrap: true,
      render: (request) => money(request.items_adicionales.precioConDescuento),
    },
    {
      key: 'plan',
      header: twoLines('Precio', 'del Plan'),
      align: 'right',
      noWrap: true,
      render: (request) => money(request.precioPlan),
    },
    {
      key: 'estado',
      header: 'Estado',
      noWrap: true,
      sortField: 'estado_pago',
      render: (request) => <PaymentStateBadge estadoPago={request.estadoPago} />,
    },
  ];
}

interface PaymentReportsTableProps {
  requests: readonly RequestDto[];
  isLoading: boolean;
  emptyText?: string;
  pagination: DataTablePagination;
  /** Issue 15: sorted on the server. */
  sort?: DataTableSort;
  onView: (request: RequestDto) => void;
  renderLines: (request: RequestDto) => ReactNode;
}

/** SPEC §2 'Reporte de pagos': the seller's requests, each opening to its details with the payment buttons. */
export function PaymentReportsTable({
  requests,
  isLoading,
  emptyText = PAYMENT_MESSAGES.sinReportes,
  pagination,
  sort,
  onView,
  renderLines,
}: PaymentReportsTableProps) {
  return (
    <DataTable
      label="Reporte de pagos"
      cardsBelow="md"
      columns={columnsWith(onView)}
      rows={requests}
      rowKey={(request) => request.id}
      emptyText={emptyText}
      isLoading={isLoading}
      pagination={pagination}
      sort={sort}
      renderExpanded={renderLines}
    />
  );
}
