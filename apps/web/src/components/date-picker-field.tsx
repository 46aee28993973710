import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES } from '@mui/x-date-pickers/locales';
import type { DateValidationError } from '@mui/x-date-pickers/models';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/es';
import { useState } from 'react';
import { DISPLAY_FORMAT, isoDayToDisplay, type DateInputProps } from './date-input-value';

/**
 * MUI X's Spanish texts, with the few this application words its own way: the calendar button says what it does,
 * and an empty field reads dd/mm/aaaa (esES writes DD/MM/AAAA).
 */
const localeText = {
  ...esES.components.MuiLocalizationProvider.defaultProps.localeText,
  openDatePickerDialogue: () => 'Abrir calendario',
  fieldDayPlaceholder: () => 'dd',
  fieldMonthPlaceholder: () => 'mm',
  fieldYearPlaceholder: (params: { digitAmount: number }) => 'a'.repeat(params.digitAmount),
};

const ISO_FORMAT = 'YYYY-MM-DD';

const toDayjs = (value: string): Dayjs | null => (value ? dayjs(value, ISO_FORMAT, true) : null);
// While a year is typed digit by digit MUI X already offers 0001, 0019, 0199: not a day anyone means, so the form
// waits for the fourth digit.
const toIso = (date: Dayjs | null): string =>
  date?.isValid() && date.year() >= 1000 ? date.format(ISO_FORMAT) : '';

function errorText(error: DateValidationError, { min, max }: DateInputProps): string | undefined {
  if (error === 'invalidDate') return 'Fecha inválida: escríbala como dd/mm/aaaa.';
  if (error === 'minDate' && min) return `La fecha no puede ser anterior al ${isoDayToDisplay(min)}.`;
  if (error === 'maxDate' && max) return `La fecha no puede ser posterior al ${isoDayToDisplay(max)}.`;
  return undefined;
}

/** The picker behind DateInput, loaded on its own (docs/decisions/035-spanish-date-picker.md). */
export default function DatePickerField(props: DateInputProps) {
  const { label, value, onChange, onBlur, name, required, error, helperText, min, max } = props;
  // The day being typed: while it is incomplete the form holds '', and the field must not be emptied by that ''.
  const [draft, setDraft] = useState(() => toDayjs(value));
  const [shownValue, setShownValue] = useState(value);
  const [validationError, setValidationError] = useState<DateValidationError>(null);
  // The form changed the value itself (a reset, a prefilled client): show it. Compared with the last value seen,
  // not with the draft, so a value the field cannot read (a hand-edited URL) does not loop.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== toIso(draft)) setDraft(toDayjs(value));
  }
  const ownError = validationError ? errorText(validationError, props) : undefined;

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="es" localeText={localeText}>
      <DesktopDatePicker
        label={label}
        value={draft}
        onChange={(date) => {
          setDraft(date);
          const iso = toIso(date);
          if (iso !== value) onChange(iso);
        }}
        onError={setValidationError}
        format={DISPLAY_FORMAT}
        minDate={min ? dayjs(min, ISO_FORMAT) : undefined}
        maxDate={max ? dayjs(max, ISO_FORMAT) : undefined}
        disabled={props.disabled}
        readOnly={props.readOnly}
        autoFocus={props.autoFocus}
        name={name}
        inputRef={props.inputRef}
        // A real <input> (MUI X's older field markup): its label is a <label for>, and typing, pasting or a test's
        // fill() write the whole day at once.
        enableAccessibleFieldDOMStructure={false}
        slotProps={{
          textField: {
            required,
            fullWidth: props.fullWidth,
            onBlur,
            error: Boolean(error) || Boolean(ownError),
            helperText: helperText ?? ownError,
            slotProps: { inputLabel: { shrink: true } },
          },
        }}
      />
    </LocalizationProvider>
  );
}
