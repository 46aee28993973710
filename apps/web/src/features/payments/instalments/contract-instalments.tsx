import { formatUsd, instalmentState, PAYMENT_MESSAGES, type RequestDto } from '@camposanto/domain';
import HistoryIcon from '@mui/icons-material/History';
import PaymentsIcon from '@mui/icons-material/Payments';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useInstalments, type Instalment } from '../../../api/instalments/get-instalments';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { LoadingState } from '../../../components/loading-state';
import { Money } from '../../../components/money';
import { StatusBadge, type StatusTone } from '../../../components/status-badge';
import { formatDate } from '../../../lib/format-date';
import { RemindersDialog } from '../shared/reminders-dialog';
import { InstalmentPaid, InstalmentReceipts } from './instalment-paid';
import { InstalmentPaymentDialog } from './instalment-payment-dialog';

/** SPEC §2 screen 7: pagado green, vencido red, any other state yellow (pending). */
const STATE_TONES: Record<ReturnType<typeof instalmentState>, StatusTone> = {
  pagado: 'success',
  vencido: 'error',
  pendiente: 'warning',
};

function Counter({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" component="section" aria-label={label} sx={{ px: 2, py: 1, minWidth: 160 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
    </Paper>
  );
}

/** A financed contract's instalments, with the counters and 'Reportar Pago' for the unpaid ones. */
export function ContractInstalments({ contract }: { contract: RequestDto }) {
  const instalments = useInstalments(contract.id);
  const [paying, setPaying] = useState<Instalment>();
  const [showReminders, setShowReminders] = useState(false);
  const number = contract.numero_contrato ?? contract.numero_solicitud;

  const columns: DataTableColumn<Instalment>[] = [
    { key: 'numero', header: 'Cuota', render: (instalment) => `#${instalment.numero}` },
    {
      key: 'vencimiento',
      header: 'Fecha de Vencimiento',
      noWrap: true,
      render: (instalment) => formatDate(instalment.fecha_vencimiento),
    },
    {
      key: 'monto',
      header: 'Monto',
      align: 'right',
      noWrap: true,
      render: (instalment) => <Money amount={instalment.monto} />,
    },
    {
      key: 'estado',
      header: 'Estado',
      render: (instalment) => {
        const state = instalmentState(instalment.estado_pago);
        // Issue 15: in capitals, as every other badge (PAGADO, VENCIDO, PENDIENTE).
        return <StatusBadge label={state.toUpperCase()} tone={STATE_TONES[state]} />;
      },
    },
    {
      key: 'pago',
      header: 'Pago',
      render: (instalment) => (instalment.pago ? <InstalmentPaid payment={instalment.pago} /> : '—'),
    },
    {
      key: 'accion',
      header: 'Acción',
      render: (instalment) =>
        instalmentState(instalment.estado_pago) === 'pagado' ? (
          instalment.pago && <InstalmentReceipts payment={instalment.pago} />
        ) : (
          <Button
            size="small"
            variant="contained"
            startIcon={<PaymentsIcon />}
            onClick={() => setPaying(instalment)}
            aria-label={`Reportar Pago de la cuota ${instalment.numero} de ${number}`}
            sx={{ whiteSpace: 'nowrap' }}
          >
            Reportar Pago
          </Button>
        ),
    },
  ];

  if (instalments.isPending) return <LoadingState />;
  const data = instalments.data;
  return (
    <Box component="section" aria-label={`Cuotas del contrato ${number}`} sx={{ px: { xs: 0, md: 2 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          Cuotas del contrato {number}
        </Typography>
        {/* Issue 14: the reminders the job and the office sent for this contract. */}
        <Button
          size="small"
          startIcon={<HistoryIcon />}
          onClick={() => setShowReminders(true)}
          aria-label={`Recordatorios enviados de ${number}`}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          Recordatorios enviados
        </Button>
      </Stack>
      {data && data.cuotas.length > 0 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <Counter label="Cuotas Pagadas" value={String(data.cuotas_pagadas)} />
          <Counter label="Cuotas Pendientes" value={String(data.cuotas_pendientes)} />
          <Counter label="Total Pendiente" value={formatUsd(data.total_pendiente)} />
        </Stack>
      )}
      <DataTable
        label={`Cuotas de ${number}`}
        columns={columns}
        rows={data?.cuotas ?? []}
        rowKey={(instalment) => instalment.id}
        emptyText={instalments.isError ? PAYMENT_MESSAGES.errorCuotas : PAYMENT_MESSAGES.sinCuotas}
      />
      {paying && (
        <InstalmentPaymentDialog
          contract={contract}
          instalment={paying}
          onClose={() => setPaying(undefined)}
        />
      )}
      {showReminders && (
        <RemindersDialog
          contractId={contract.id}
          contractNumber={number}
          onClose={() => setShowReminders(false)}
        />
      )}
    </Box>
  );
}
