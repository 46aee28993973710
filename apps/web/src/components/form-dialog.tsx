import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { BusyButton } from './busy-button';

interface FormDialogProps {
  title: string;
  isBusy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  /** The fields; the first one should take `autoFocus` so the dialog opens on it. */
  children: ReactNode;
}

/** A modal form with Cancelar and Guardar. It is mounted only while open, so each opening starts afresh. */
export function FormDialog({ title, isBusy, onSubmit, onClose, children }: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={isBusy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isBusy}>
            Cancelar
          </Button>
          <BusyButton type="submit" variant="contained" isBusy={isBusy}>
            {isBusy ? 'Guardando...' : 'Guardar'}
          </BusyButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
