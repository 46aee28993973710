import {
  MOTIVO_RECHAZO_MAX,
  MOTIVO_RECHAZO_MIN,
  VERIFICATION_MESSAGES,
  type VerificationItem,
} from '@camposanto/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { VERIFICATION_TEXTS } from './texts';

/** Why a reason cannot be sent yet, or undefined when it can (the server checks the same, trimmed). */
export function reasonProblem(reason: string): string | undefined {
  const trimmed = reason.trim();
  if (trimmed === '') return VERIFICATION_MESSAGES.motivoRequerido;
  if (trimmed.length < MOTIVO_RECHAZO_MIN) return VERIFICATION_MESSAGES.motivoCorto;
  if (trimmed.length > MOTIVO_RECHAZO_MAX) return VERIFICATION_MESSAGES.motivoLargo;
  return undefined;
}

interface RejectDialogProps {
  payment: VerificationItem;
  isBusy: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}

/** Issue 14: rejecting asks for the reason and says what the rejection undoes before it is confirmed. */
export function RejectDialog({ payment, isBusy, onReject, onClose }: RejectDialogProps) {
  const titleId = useId();
  const warningId = useId();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = reasonProblem(reason);
  const showProblem = touched && problem !== undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problem === undefined) onReject(reason.trim());
  }

  return (
    <Dialog
      open
      onClose={isBusy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby={warningId}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {VERIFICATION_TEXTS.rechazarPago}: {payment.concepto}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert id={warningId} severity="warning">
              {VERIFICATION_TEXTS.rechazoDeshace}
            </Alert>
            <TextField
              label={VERIFICATION_TEXTS.motivo}
              required
              multiline
              minRows={3}
              autoFocus
              value={reason}
              disabled={isBusy}
              onChange={(event) => setReason(event.target.value)}
              onBlur={() => setTouched(true)}
              error={showProblem}
              helperText={
                showProblem
                  ? problem
                  : VERIFICATION_TEXTS.motivoAyuda(reason.trim().length, MOTIVO_RECHAZO_MAX)
              }
              slotProps={{ htmlInput: { maxLength: MOTIVO_RECHAZO_MAX } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isBusy}>
            {VERIFICATION_TEXTS.cancelar}
          </Button>
          <BusyButton type="submit" variant="contained" color="error" isBusy={isBusy}>
            {VERIFICATION_TEXTS.rechazarPago}
          </BusyButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
