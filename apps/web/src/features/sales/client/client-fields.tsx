import { CLIENT_MESSAGES } from '@camposanto/domain';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useWatch, type FieldError } from 'react-hook-form';
import { FormDateInput } from '../../../components/form-date-input';
import { textFieldProps } from '../../../lib/form-field';
import type { ClientField } from './client-form';
import type { ClientFormState } from './use-client-form';

interface ClientFieldsProps {
  state: ClientFormState;
  age: string;
  disabled: boolean;
}

// The missing-fields notice is shown once, as a toast; the fields only turn red.
function helper(error: FieldError | undefined) {
  if (!error) return undefined;
  return error.message === CLIENT_MESSAGES.camposObligatorios ? undefined : error.message;
}

const half = { xs: 12, sm: 6, md: 4 } as const;

/** The client's details after the cédula (SPEC §3 Client, §5 lengths). */
export function ClientFields({ state, age, disabled }: ClientFieldsProps) {
  const { form, status } = state;
  const errors = form.formState.errors;
  const values = useWatch({ control: form.control });
  const isEditable = status === 'new' && !disabled;
  // Controlled by the form's values, so that a prefilled or cleared field shows its label in the right place.
  const field = (name: ClientField, options?: Parameters<typeof form.register>[1]) => ({
    ...textFieldProps(form.register(name, options), errors[name]),
    value: values[name] ?? '',
    helperText: helper(errors[name]),
    fullWidth: true,
    disabled: status !== 'new' && status !== 'found',
    slotProps: { htmlInput: { readOnly: !isEditable } },
  });

  return (
    <>
      <Grid size={{ xs: 12, sm: 6, md: 8 }}>
        <TextField label="Nombre" required {...field('nombre')} />
      </Grid>
      <Grid size={half}>
        <FormDateInput
          label="Fecha de Nacimiento"
          control={form.control}
          name="fecha_nacimiento"
          required
          fullWidth
          helperText={helper(errors.fecha_nacimiento)}
          disabled={status !== 'new' && status !== 'found'}
          readOnly={!isEditable}
        />
      </Grid>
      <Grid size={half}>
        <TextField
          label="Edad"
          value={age}
          fullWidth
          disabled={status !== 'new' && status !== 'found'}
          slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: Boolean(age) } }}
        />
      </Grid>
      <Grid size={half}>
        <TextField
          label="Teléfono"
          type="tel"
          required
          {...field('telefono')}
          slotProps={{ htmlInput: { readOnly: !isEditable, inputMode: 'numeric' } }}
        />
      </Grid>
      <Grid size={half}>
        <TextField
          label="Celular"
          type="tel"
          {...field('celular')}
          slotProps={{ htmlInput: { readOnly: !isEditable, inputMode: 'numeric' } }}
        />
      </Grid>
      <Grid size={half}>
        <TextField label="Email" type="email" required {...field('email', { onBlur: state.checkEmail })} />
      </Grid>
      <Grid size={half}>
        <TextField label="Dirección" required {...field('direccion')} />
      </Grid>
    </>
  );
}
