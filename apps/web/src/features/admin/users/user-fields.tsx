import TextField from '@mui/material/TextField';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { PasswordField } from '../../../components/password-field';
import { textFieldProps } from '../../../lib/form-field';
import { ROL_OPTIONS, type UserFormValues } from './user-form';

interface UserFieldsProps {
  register: UseFormRegister<UserFormValues>;
  errors: FieldErrors<UserFormValues>;
  isAdding: boolean;
  showSellerDetails: boolean;
}

/** SPEC §2 Admin screen 1 and §5 User form. */
export function UserFields({ register, errors, isAdding, showSellerDetails }: UserFieldsProps) {
  return (
    <>
      <TextField
        label="Nombre y Apellido"
        autoFocus
        required
        fullWidth
        {...textFieldProps(register('username'), errors.username)}
      />
      <TextField
        label="Email"
        type="email"
        required
        fullWidth
        {...textFieldProps(register('email'), errors.email)}
      />
      <TextField
        label="Rol"
        select
        required
        fullWidth
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        {...textFieldProps(register('rol'), errors.rol)}
      >
        <option value="" disabled>
          Seleccione un rol
        </option>
        {ROL_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </TextField>
      <PasswordField
        label="Contraseña"
        autoComplete="new-password"
        required={isAdding}
        fullWidth
        {...textFieldProps(register('password'), errors.password)}
        helperText={
          errors.password?.message ?? (isAdding ? undefined : 'Déjela vacía para conservar la actual.')
        }
      />
      {showSellerDetails && (
        <>
          <TextField
            label="Cédula"
            required
            fullWidth
            {...textFieldProps(register('cedula'), errors.cedula)}
          />
          <TextField
            label="Dirección"
            required
            fullWidth
            {...textFieldProps(register('direccion'), errors.direccion)}
          />
          <TextField
            label="Teléfono"
            type="tel"
            required
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...textFieldProps(register('telefono'), errors.telefono)}
          />
        </>
      )}
    </>
  );
}
