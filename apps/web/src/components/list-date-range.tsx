import { MSG } from '@camposanto/domain';
import { DateInput } from './date-input';

// Issue 15 (decision 032): the 'Desde' and 'Hasta' of a list's toolbar, Spanish date pickers (decision 035). Each
// applies as soon as it holds a whole day (the URL keeps it); an inverted range is shown as an error and not asked
// for.

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
      <DateInput
        label={labels.desde}
        value={desde}
        onChange={(day) => onChange({ desde: day, hasta })}
        error={isInverted}
        helperText={isInverted ? MSG.rangoFechasInvalido : undefined}
      />
      <DateInput label={labels.hasta} value={hasta} onChange={(day) => onChange({ desde, hasta: day })} />
    </>
  );
}
