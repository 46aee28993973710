import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

export type OutlinedTextFieldProps = Pick<
  OutlinedInputProps,
  | 'autoComplete'
  | 'autoFocus'
  | 'disabled'
  | 'endAdornment'
  | 'inputRef'
  | 'name'
  | 'onBlur'
  | 'onChange'
  | 'type'
> & {
  label: string;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  fullWidth?: boolean;
};

/**
 * MUI's outlined TextField without its select mode: TextField always brings Select, Menu and Popover (20 kB gzip),
 * which the sign-in page would load for nothing (issue 12). Same markup, label, helper text and ARIA wiring.
 */
export function OutlinedTextField({
  label,
  error,
  helperText,
  required,
  fullWidth,
  ...inputProps
}: OutlinedTextFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} required={required} fullWidth={fullWidth}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput {...inputProps} id={id} label={label} aria-describedby={helperId} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
