import {
  canSendRequestEmail,
  CONTRACT_MESSAGES,
  PAYMENT_MESSAGES,
  serviceLabel,
  type RequestDto,
  type RequestLineDto,
} from '@camposanto/domain';
import EmailIcon from '@mui/icons-material/Email';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useRequestDetails } from '../../../api/payments/get-request-details';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { Money } from '../../../components/money';
import { PaymentStateBadge } from '../../../components/request-state-badges';
import { formatDate } from '../../../lib/format-date';
import { DetailList } from '../../../components/detail-list';
import { PaymentReportTables } from './payment-report-tables';
import { BusyButton } from '../../../components/busy-button';

const lineColumns: DataTableColumn<RequestLineDto>[] = [
  { key: 'codigo', header: 'Código', noWrap: true, render: (line) => line.codigo ?? '—' },
  { key: 'descripcion', header: 'Descripción', render: (line) => line.descripcion ?? '—' },
  { key: 'metodo', header: 'Método de Pago', render: (line) => line.metodoPago },
  {
    key: 'inicial',
    header: 'Pago Inicial',
    align: 'right',
    render: (line) => <Money amount={line.pagoInicial} />,
  },
  { key: 'cuotas', header: 'Cuotas', align: 'right', render: (line) => line.cuotas },
  {
    key: 'montoCuota',
    header: 'Monto por Cuota',
    align: 'right',
    render: (line) => <Money amount={line.montoPorCuota} />,
  },
  {
    key: 'descuento',
    header: 'Descuento',
    align: 'right',
    render: (line) => <Money amount={line.descuento} />,
  },
  {
    key: 'total',
    header: 'Precio Total',
    align: 'right',
    render: (line) => <Money amount={line.precioTotal} />,
  },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={1.5} aria-label={title}>
      <Typography variant="h6" component="h3" sx={{ color: 'primary.main' }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

interface RequestDetailsDialogProps {
  request: RequestDto;
  isSending: boolean;
  onSendEmail: (request: RequestDto) => void;
  onClose: () => void;
}

/** SPEC §2 'Reporte de pagos': 'DETALLES DE LA SOLICITUD' with client, request and payment reports. */
export function RequestDetailsDialog({
  request,
  isSending,
  onSendEmail,
  onClose,
}: RequestDetailsDialogProps) {
  const titleId = useId();
  const details = useRequestDetails(request);
  const loadedRequest = details.data?.solicitud;
  const client = details.data?.cliente;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>DETALLES DE LA SOLICITUD</DialogTitle>
      <DialogContent dividers>
        {details.isPending ? (
          <LoadingState />
        ) : !loadedRequest || !client ? (
          <EmptyState>{PAYMENT_MESSAGES.errorDetalles}</EmptyState>
        ) : (
          <Stack spacing={3} divider={<Divider flexItem />}>
            <Section title="Datos del Cliente">
              <DetailList
                label="Datos del cliente"
                items={[
                  ['Nombre', client.nombre],
                  ['Cédula', client.cedula],
                  ['Teléfono', client.telefono ?? '—'],
                  ['Celular', client.celular ?? '—'],
                  ['Correo', client.email ?? '—'],
                  ['Dirección', client.direccion ?? '—'],
                ]}
              />
            </Section>
            <Section title="Detalles de la Solicitud">
              <DetailList
                label="Datos de la solicitud"
                items={[
                  ['Nº Solicitud', loadedRequest.numero_solicitud],
                  ['Nº Contrato', loadedRequest.numero_contrato ?? '—'],
                  ['Tipo de Servicio', serviceLabel(loadedRequest.tipo_servicio)],
                  ['Fecha', formatDate(loadedRequest.fecha_creacion)],
                  ['Modalidad de Pago', loadedRequest.modalidadPago],
                  [
                    'Estado del Pago',
                    <PaymentStateBadge key="estado" estadoPago={loadedRequest.estadoPago} />,
                  ],
                  ['Precio del Plan', <Money key="plan" amount={loadedRequest.precioPlan} />],
                  ['Monto Total', <Money key="total" amount={loadedRequest.monto_total} />],
                ]}
              />
              <DataTable
                label={`Detalles de ${loadedRequest.numero_solicitud}`}
                columns={lineColumns}
                rows={loadedRequest.detalles}
                rowKey={(line) => line.id}
                emptyText={CONTRACT_MESSAGES.sinDetallesSolicitud}
              />
            </Section>
            <Section title="Reporte de Pagos">
              <PaymentReportTables payments={details.data?.reporte_pagos ?? []} />
            </Section>
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>Cerrar</Button>
        <BusyButton
          variant="contained"
          isBusy={isSending}
          icon={<EmailIcon />}
          disabled={!loadedRequest || isSending || !canSendRequestEmail(loadedRequest)}
          onClick={() => loadedRequest && onSendEmail(loadedRequest)}
        >
          Enviar por Correo Electrónico
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
