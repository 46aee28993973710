import type { CollectionItem } from '@camposanto/domain';
import HistoryIcon from '@mui/icons-material/History';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { statementPdf } from '../../../api/pdf/download-pdf';
import { BusyButton } from '../../../components/busy-button';
import { PdfDownloadButton } from '../../../components/pdf-download-button';

/** Issue 14 Cobranza, per contract: the statement PDF, 'Enviar recordatorio' and the reminders sent. */
export function CollectionRowActions({
  row,
  isSending,
  onSend,
  onShowReminders,
}: {
  row: CollectionItem;
  isSending: boolean;
  onSend: (row: CollectionItem) => void;
  onShowReminders: (row: CollectionItem) => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <PdfDownloadButton
        label={`Descargar estado de cuenta de ${row.numero_contrato} (PDF)`}
        source={statementPdf(row.contrato_id, row.numero_contrato)}
      />
      <BusyButton
        size="small"
        variant="contained"
        isBusy={isSending}
        icon={<SendIcon />}
        onClick={() => onSend(row)}
        aria-label={`Enviar recordatorio a ${row.cliente} (${row.numero_contrato})`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {isSending ? 'Enviando...' : 'Enviar recordatorio'}
      </BusyButton>
      <Button
        size="small"
        startIcon={<HistoryIcon />}
        onClick={() => onShowReminders(row)}
        aria-label={`Ver recordatorios enviados de ${row.numero_contrato}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Recordatorios
      </Button>
    </Stack>
  );
}
