import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SummarizeIcon from '@mui/icons-material/Summarize';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { contractPdf, downloadPdf, receiptPdf, statementPdf, type PdfSource } from '../api/pdf/download-pdf';
import { pdfErrorText } from '../api/pdf/pdf-messages';
import { BusyButton } from './busy-button';
import { DisabledReason } from './disabled-reason';

interface PdfDownloadButtonProps {
  /** What the button says: its accessible name (icon) or its text (button), e.g. 'Descargar contrato (PDF)'. */
  label: string;
  /** The icon button's tooltip when it should be shorter than its name (the name says which row). */
  tooltip?: string;
  /** The route to fetch; a function when the body is read at the click (a form's current values). */
  source: PdfSource | (() => PdfSource);
  /** 'icon' in table rows; 'button' (the label written out) on forms. */
  variant?: 'icon' | 'button';
  /** The document's icon, when two sit side by side (the statement beside the contract); a PDF icon otherwise. */
  icon?: ReactNode;
  /** Only for the 'button' variant: a form whose lines are not valid yet has nothing to quote. */
  disabled?: boolean;
  /** Why the button is disabled, shown as its tooltip. */
  disabledReason?: string;
}

/** Issue 14 §1: downloads a server-made PDF with the session's token, with a spinner while it comes. */
export function PdfDownloadButton({
  label,
  tooltip,
  source,
  variant = 'icon',
  icon = <PictureAsPdfIcon />,
  disabled = false,
  disabledReason,
}: PdfDownloadButtonProps) {
  const [isBusy, setIsBusy] = useState(false);

  async function download() {
    if (isBusy) return;
    setIsBusy(true);
    try {
      await downloadPdf(typeof source === 'function' ? source() : source);
    } catch (error) {
      toast.error(pdfErrorText(error));
    } finally {
      setIsBusy(false);
    }
  }

  if (variant === 'button') {
    const reason = disabled ? disabledReason : undefined;
    const button = (
      <BusyButton
        variant="outlined"
        icon={icon}
        isBusy={isBusy}
        disabled={disabled}
        onClick={download}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {label}
      </BusyButton>
    );
    return <DisabledReason reason={reason}>{button}</DisabledReason>;
  }
  // The icon button stays enabled while busy (a disabled child would hide its tooltip); a second click waits.
  return (
    <Tooltip title={tooltip ?? label}>
      <IconButton aria-label={label} aria-busy={isBusy} color="primary" size="small" onClick={download}>
        {isBusy ? <CircularProgress size={20} color="inherit" aria-hidden /> : icon}
      </IconButton>
    </Tooltip>
  );
}

/** Issue 14 §1: a contract's two documents, side by side in its row: the contract and its statement of account. */
export function ContractPdfButtons({ contractId, number }: { contractId: number; number: string }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center' }}>
      <PdfDownloadButton
        label={`Descargar contrato ${number} (PDF)`}
        tooltip="Descargar contrato (PDF)"
        source={contractPdf(contractId, number)}
      />
      <PdfDownloadButton
        label={`Descargar estado de cuenta de ${number} (PDF)`}
        tooltip="Descargar estado de cuenta (PDF)"
        icon={<SummarizeIcon />}
        source={statementPdf(contractId, number)}
      />
    </Stack>
  );
}

/** Issue 14 §1: a payment's receipt (recibo de pago) as a PDF. */
export function ReceiptPdfButton({ paymentId }: { paymentId: number }) {
  return (
    <PdfDownloadButton
      label={`Descargar recibo del pago ${paymentId} (PDF)`}
      tooltip="Descargar recibo (PDF)"
      source={receiptPdf(paymentId)}
    />
  );
}
