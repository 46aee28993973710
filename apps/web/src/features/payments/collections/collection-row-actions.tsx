import type { CollectionItem } from '@camposanto/domain';
import HistoryIcon from '@mui/icons-material/History';
import SendIcon from '@mui/icons-material/Send';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { statementPdf } from '../../../api/pdf/download-pdf';
import { PdfDownloadButton } from '../../../components/pdf-download-button';

/**
 * Issue 14 Cobranza, per contract: the statement PDF, 'Enviar recordatorio' and the reminders sent, as icons with
 * their names in tooltips and for assistive technology, so the table fits beside the side menu.
 */
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
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <PdfDownloadButton
        label={`Descargar estado de cuenta de ${row.numero_contrato} (PDF)`}
        source={statementPdf(row.contrato_id, row.numero_contrato)}
      />
      <Tooltip title="Enviar recordatorio">
        <span>
          <IconButton
            size="small"
            color="primary"
            disabled={isSending}
            aria-busy={isSending}
            onClick={() => onSend(row)}
            aria-label={`Enviar recordatorio a ${row.cliente} (${row.numero_contrato})`}
          >
            {isSending ? <CircularProgress size={20} color="inherit" aria-hidden /> : <SendIcon />}
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Recordatorios enviados">
        <IconButton
          size="small"
          color="primary"
          onClick={() => onShowReminders(row)}
          aria-label={`Ver recordatorios enviados de ${row.numero_contrato}`}
        >
          <HistoryIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
