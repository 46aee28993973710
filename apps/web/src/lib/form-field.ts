import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/**
 * Wires a react-hook-form registration to an MUI TextField: the ref must reach the <input>
 * (inputRef), not the TextField's root, and the field's message shows as helper text.
 */
export function textFieldProps(registration: UseFormRegisterReturn, error?: FieldError) {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref, error: Boolean(error), helperText: error?.message };
}
