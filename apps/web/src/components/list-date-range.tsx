import { MSG } from '@camposanto/domain';
import TextField from '@mui/material/TextField';

// Issue 15 (decision 032): the 'Desde' and 'Hasta' of a list's toolbar. Each applies as soon as it holds a whole
// day (the URL keeps it); an inverted range is shown as an error and not asked for.

/** Whether `desde` falls after `hasta` (ISO days compare as text). */
export const isRangeInverted = (desde: string, hasta: string) => Boolean(desde && hasta && desde > hasta);

export function ListDateRange({
  desde,
  hasta,
  onChange,
  labels = { desde: 'Desde', hasta: 'Hasta' },
}: {
  desde: string;
  hasta: string;
  onChange: (range: { desde: string; hasta: string }) => void;
  labels?: { desde: string; hasta: string };
}) {
  const isInverted = isRangeInverted(desde, hasta);
  return (
    <>
      <TextField
        size="small"
        type="date"
        label={labels.desde}
        value={desde}
        onChange={(event) => onChange({ desde: event.target.value, hasta })}
        error={isInverted}
        helperText={isInverted ? MSG.rangoFechasInvalido : undefined}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label={labels.hasta}
        value={hasta}
        onChange={(event) => onChange({ desde, hasta: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </>
  );
}
