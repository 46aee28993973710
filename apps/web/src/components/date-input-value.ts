import type { ReactNode, Ref } from 'react';

/**
 * The value of a date field (docs/decisions/035-spanish-date-picker.md): the ISO day 'YYYY-MM-DD' the forms, the
 * filters and the API already use, or '' when the field is empty or not a whole date yet. Pure string work, without
 * dayjs, so the light part of the field (shown while the picker loads) stays light.
 */
export type IsoDay = string;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '1990-03-05' → '05/03/1990'; anything else → ''. */
export function isoDayToDisplay(value: IsoDay): string {
  const match = ISO_DAY.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** The day format the field shows and reads. */
export const DISPLAY_FORMAT = 'DD/MM/YYYY';

/** The placeholder of an empty field, as Venezuelan users write it. */
export const DISPLAY_PLACEHOLDER = 'dd/mm/aaaa';

export interface DateInputProps {
  label: string;
  /** 'YYYY-MM-DD', or '' when empty. */
  value: IsoDay;
  /** Called with 'YYYY-MM-DD' once the field holds a whole valid date, '' when it is emptied or incomplete. */
  onChange: (value: IsoDay) => void;
  onBlur?: () => void;
  name?: string;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** Earliest and latest day accepted, 'YYYY-MM-DD'. */
  min?: IsoDay;
  max?: IsoDay;
  disabled?: boolean;
  readOnly?: boolean;
  fullWidth?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}
