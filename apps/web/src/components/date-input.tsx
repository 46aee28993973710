import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';
import { DISPLAY_PLACEHOLDER, isoDayToDisplay, type DateInputProps } from './date-input-value';

export type { DateInputProps } from './date-input-value';

/**
 * The picker (MUI X with dayjs `es`, ~40 KB gzip) is its own chunk. Its download starts as soon as a screen with a
 * date field is loaded, not when the field renders, so it is usually there first; the login page never loads it.
 */
const loadPicker = () => import('./date-picker-field');
let pickerModule: ReturnType<typeof loadPicker> | undefined;
/** Starts (once) loading the picker; tests await it so the field is ready when the screen renders. */
export function preloadDateInput() {
  pickerModule ??= loadPicker();
  return pickerModule;
}
void preloadDateInput();
const DatePickerField = lazy(preloadDateInput);

/**
 * Issue 15: a date field in Spanish whatever the browser's language — dd/mm/aaaa, typed or chosen in a calendar
 * whose weeks start on Monday (docs/decisions/035-spanish-date-picker.md).
 */
export function DateInput(props: DateInputProps) {
  return (
    <Suspense fallback={<LoadingDateInput {...props} />}>
      <DatePickerField {...props} />
    </Suspense>
  );
}

/**
 * Looks like the field (label, value, size) while the picker loads, so the form does not move. It is disabled and
 * its label is not tied to it: a person, a screen reader or a test looking for the field by its label finds the
 * real one, once it is there.
 */
function LoadingDateInput({ label, value, required, fullWidth, helperText, error }: DateInputProps) {
  return (
    <TextField
      label={label}
      value={isoDayToDisplay(value)}
      placeholder={DISPLAY_PLACEHOLDER}
      required={required}
      fullWidth={fullWidth}
      helperText={helperText}
      error={error}
      disabled
      aria-busy
      slotProps={{
        inputLabel: { htmlFor: undefined, shrink: true },
        htmlInput: { 'aria-hidden': true, tabIndex: -1 },
      }}
    />
  );
}
