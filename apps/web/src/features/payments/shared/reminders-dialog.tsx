import { REMINDER_TYPE_LABELS, type Reminder } from '@camposanto/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import dayjs from 'dayjs';
import { useId } from 'react';
import { withDetail } from '../../../api/client';
import { useReminders } from '../../../api/collections/get-reminders';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { COLLECTION_SCREEN_MESSAGES } from './collection-messages';

const columns: DataTableColumn<Reminder>[] = [
  {
    key: 'fecha',
    header: 'Fecha',
    noWrap: true,
    render: (reminder) => dayjs(reminder.enviado_en).format('DD/MM/YYYY HH:mm'),
  },
  { key: 'tipo', header: 'Tipo', render: (reminder) => REMINDER_TYPE_LABELS[reminder.tipo] },
  {
    key: 'cuota',
    header: 'Cuota',
    render: (reminder) => (reminder.cuota_numero == null ? '—' : `#${reminder.cuota_numero}`),
  },
  { key: 'destinatario', header: 'Destinatario', render: (reminder) => reminder.destinatario },
  { key: 'usuario', header: 'Enviado por', render: (reminder) => reminder.usuario ?? 'Automático' },
];

/** Issue 14: the reminders already sent for a contract (the job's and the manual ones). */
export function RemindersDialog({
  contractId,
  contractNumber,
  onClose,
}: {
  contractId: number;
  contractNumber: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const reminders = useReminders(contractId);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Recordatorios enviados — {contractNumber}</DialogTitle>
      <DialogContent>
        <DataTable
          label={`Recordatorios de ${contractNumber}`}
          columns={columns}
          rows={reminders.data?.items ?? []}
          rowKey={(reminder) => reminder.id}
          emptyText={
            reminders.isError
              ? withDetail(COLLECTION_SCREEN_MESSAGES.errorRecordatorios, reminders.error)
              : COLLECTION_SCREEN_MESSAGES.sinRecordatorios
          }
          isLoading={reminders.isPending}
          pagination={{ mode: 'client', pageSizes: [5, 10, 25], defaultPageSize: 10 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
