import type { QuoteRequestInput } from '@camposanto/domain';
import SaveIcon from '@mui/icons-material/Save';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { quotePdf } from '../../../api/pdf/download-pdf';
import { BusyButton } from '../../../components/busy-button';
import { PdfDownloadButton } from '../../../components/pdf-download-button';

interface QuoteAndSaveActionsProps {
  /** The quote of the form's current values, read at the click. */
  quote: () => QuoteRequestInput;
  /** Nothing to quote or save yet (no valid lines). */
  disabled: boolean;
  /** Why the download is disabled, shown as its tooltip. */
  disabledReason: string;
  isSaving: boolean;
  /** Saved once: the save button stays disabled. */
  isSaved?: boolean;
  onSave: () => void;
  /** Other actions, placed before the two. */
  children?: ReactNode;
  sx?: SxProps<Theme>;
}

/** A sales form's last row: 'Descargar presupuesto (PDF)' of what is on screen and 'Guardar Solicitud'. */
export function QuoteAndSaveActions({
  quote,
  disabled,
  disabledReason,
  isSaving,
  isSaved = false,
  onSave,
  children,
  sx,
}: QuoteAndSaveActionsProps) {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={[{ flexWrap: 'wrap', rowGap: 1 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
      <PdfDownloadButton
        variant="button"
        label="Descargar presupuesto (PDF)"
        source={() => quotePdf(quote())}
        disabled={disabled || isSaving}
        disabledReason={disabledReason}
      />
      <BusyButton
        variant="contained"
        isBusy={isSaving}
        icon={<SaveIcon />}
        disabled={disabled || isSaving || isSaved}
        onClick={onSave}
      >
        {isSaving ? 'Guardando...' : 'Guardar Solicitud'}
      </BusyButton>
    </Stack>
  );
}
