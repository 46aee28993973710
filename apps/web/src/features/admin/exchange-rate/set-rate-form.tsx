import { formatRate, rateProblem, SETTINGS_MESSAGES } from '@camposanto/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { useSetExchangeRate } from '../../../api/exchange-rate/set-exchange-rate';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/**
 * A rate as typed: '36,5' or '1.234,5678' in the Venezuelan format (a comma makes the dots thousands), or
 * '36.5' with a decimal point.
 */
export function parseRate(text: string): number {
  const trimmed = text.trim();
  if (!/^\d[\d.,]*$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.includes(',') ? trimmed.replaceAll('.', '').replace(',', '.') : trimmed);
}

/** Issue 10: an administrator sets the rate by hand (0,01 to 10.000.000 Bs., up to 4 decimals), after confirming. */
export function SetRateForm() {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const setRate = useSetExchangeRate();

  function submit(event: FormEvent) {
    event.preventDefault();
    const rate = parseRate(text);
    const problem = rateProblem(rate);
    setError(problem);
    if (!problem) setPending(rate);
  }

  function confirm() {
    if (pending === null) return;
    setRate.mutate(pending, {
      onSuccess: () => {
        toast.success(SETTINGS_MESSAGES.tasaActualizada);
        setText('');
        setPending(null);
      },
      onError: (failure) => {
        toast.error(withDetail(SETTINGS_MESSAGES.errorTasa, failure));
        setPending(null);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Fijar la tasa manualmente">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Tasa (Bs./USD)"
          value={text}
          required
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? 'De 0,01 a 10.000.000, con hasta 4 decimales.'}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20 } }}
        />
        <Button type="submit" variant="contained" sx={{ mt: { sm: 1 } }} disabled={setRate.isPending}>
          Actualizar tasa
        </Button>
      </Stack>
      <ConfirmDialog
        open={pending !== null}
        title="Actualizar tasa"
        message={`¿Fijar la tasa de cambio en ${pending === null ? '' : formatRate(pending)} por dólar? Los pagos en bolívares usarán esta tasa desde ahora.`}
        confirmLabel="Confirmar"
        isBusy={setRate.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </form>
  );
}
