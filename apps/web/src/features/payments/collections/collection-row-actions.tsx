import type { CollectionItem } from '@camposanto/domain';
import HistoryIcon from '@mui/icons-material/History';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { getStatementPdf } from '../../../api/collections/get-statement-pdf';
import { BusyButton } from '../../../components/busy-button';
import { downloadBlob } from '../shared/download-blob';
import { COLLECTION_SCREEN_MESSAGES } from '../shared/collection-messages';

/** Downloads the contract's statement of account; the PDF is served only with the token. */
function StatementButton({ row }: { row: CollectionItem }) {
  const [isLoading, setIsLoading] = useState(false);
  async function download() {
    setIsLoading(true);
    try {
      const { blob, fileName } = await getStatementPdf(row.contrato_id);
      downloadBlob(blob, fileName ?? `estado-de-cuenta-${row.numero_contrato}.pdf`);
    } catch (error) {
      toast.error(withDetail(COLLECTION_SCREEN_MESSAGES.errorEstadoCuenta, error));
    } finally {
      setIsLoading(false);
    }
  }
  return (
    <BusyButton
      size="small"
      isBusy={isLoading}
      icon={<PictureAsPdfIcon />}
      onClick={download}
      aria-label={`Descargar estado de cuenta de ${row.numero_contrato}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      Estado de cuenta
    </BusyButton>
  );
}

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
      <StatementButton row={row} />
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
