import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateInput } from './date-input';
import type { DateInputProps } from './date-input-value';

type FormDateInputProps<Values extends FieldValues> = Omit<
  DateInputProps,
  'value' | 'onChange' | 'onBlur' | 'name' | 'inputRef'
> & {
  control: Control<Values>;
  name: FieldPath<Values>;
};

/**
 * DateInput in a react-hook-form form: the picker is controlled, so it cannot be `register`ed like a native input.
 * The field's error turns it red and shows its message, unless the caller passes its own `helperText` (even
 * undefined); the ref lets the form focus it when it is the first wrong field.
 */
export function FormDateInput<Values extends FieldValues>({
  control,
  name,
  ...props
}: FormDateInputProps<Values>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <DateInput
      {...props}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={props.error ?? Boolean(fieldState.error)}
      helperText={'helperText' in props ? props.helperText : fieldState.error?.message}
    />
  );
}
