import {
  CONTRACT_MESSAGES,
  reportPaymentBlockedReason,
  sendEmailBlockedReason,
  type RequestDto,
  type RequestLineDto,
} from '@camposanto/domain';
import PaymentsIcon from '@mui/icons-material/Payments';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DisabledReason } from '../../../components/disabled-reason';
import { Money } from '../../../components/money';
import { twoLines } from '../shared/two-lines';
import { BusyButton } from '../../../components/busy-button';

interface RequestLinesPanelProps {
  request: RequestDto;
  isSending: boolean;
  onReport: (request: RequestDto) => void;
  onSendEmail: (request: RequestDto) => void;
}

/** SPEC §2 'Reporte de pagos': a request's details, each with 'Reportar Pago' and 'Enviar Solicitud'. */
export function RequestLinesPanel({ request, isSending, onReport, onSendEmail }: RequestLinesPanelProps) {
  const number = request.numero_solicitud;
  const reportBlocked = reportPaymentBlockedReason(request);
  const sendBlocked = sendEmailBlockedReason(request);
  const columns: DataTableColumn<RequestLineDto>[] = [
    { key: 'codigo', header: 'Código', noWrap: true, render: (line) => line.codigo ?? '—' },
    { key: 'descripcion', header: 'Descripción', render: (line) => line.descripcion ?? '—' },
    {
      key: 'inicial',
      header: twoLines('Pago', 'Inicial'),
      align: 'right',
      render: (line) => <Money amount={line.pagoInicial} />,
    },
    { key: 'cuotas', header: 'Cuotas', align: 'right', render: (line) => line.cuotas },
    {
      key: 'montoCuota',
      header: twoLines('Monto por', 'Cuota'),
      align: 'right',
      render: (line) => <Money amount={line.montoPorCuota} />,
    },
    {
      key: 'total',
      header: twoLines('Precio', 'Total'),
      align: 'right',
      render: (line) => <Money amount={line.precioTotal} />,
    },
    {
      key: 'acciones',
      header: 'Acciones',
      render: () => (
        <Stack direction="row" spacing={1}>
          <DisabledReason reason={reportBlocked}>
            <Button
              size="small"
              variant="contained"
              startIcon={<PaymentsIcon />}
              disabled={reportBlocked !== undefined}
              onClick={() => onReport(request)}
              aria-label={`Reportar Pago de ${number}`}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Reportar Pago
            </Button>
          </DisabledReason>
          <DisabledReason reason={sendBlocked}>
            <BusyButton
              size="small"
              variant="outlined"
              isBusy={isSending}
              icon={<SendIcon />}
              disabled={isSending || sendBlocked !== undefined}
              onClick={() => onSendEmail(request)}
              aria-label={`Enviar Solicitud ${number}`}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Enviar Solicitud
            </BusyButton>
          </DisabledReason>
        </Stack>
      ),
    },
  ];
  return (
    <DataTable
      label={`Detalles de ${number}`}
      cardsBelow="md"
      columns={columns}
      rows={request.detalles}
      rowKey={(line) => line.id}
      emptyText={CONTRACT_MESSAGES.sinDetallesSolicitud}
    />
  );
}
