import { MSG, type User, type Seller } from '@camposanto/domain';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { useUpdateSeller } from '../../../api/sellers/update-seller';
import { FormDialog } from '../../../components/form-dialog';
import { textFieldProps } from '../../../lib/form-field';
import { sellerResolver, sellerToForm } from './seller-form';

interface EditSellerDialogProps {
  seller: Seller;
  supervisors: readonly User[];
  onClose: () => void;
}

/** SPEC §2 Admin screen 2: 'Editar Vendedor', with a supervisor dropdown whose first option is 'Sin supervisor'. */
export function EditSellerDialog({ seller, supervisors, onClose }: EditSellerDialogProps) {
  const updateSeller = useUpdateSeller();
  const { register, handleSubmit, formState, control } = useForm({
    resolver: sellerResolver,
    defaultValues: sellerToForm(seller),
  });
  const { errors } = formState;
  // A seller is never their own supervisor.
  const choices = supervisors.filter((supervisor) => supervisor.id !== seller.id);

  const onSubmit = handleSubmit((values) =>
    updateSeller.mutate(
      { id: seller.id, ...values },
      {
        onSuccess: () => {
          toast.success(MSG.vendedorActualizado);
          onClose();
        },
        onError: (error) => toast.error(withDetail(MSG.errorGuardarVendedor, error)),
      },
    ),
  );

  return (
    <FormDialog title="Editar Vendedor" isBusy={updateSeller.isPending} onSubmit={onSubmit} onClose={onClose}>
      <TextField label="Nombre" autoFocus fullWidth {...textFieldProps(register('nombre'), errors.nombre)} />
      <TextField label="Cédula" fullWidth {...textFieldProps(register('cedula'), errors.cedula)} />
      <TextField label="Dirección" fullWidth {...textFieldProps(register('direccion'), errors.direccion)} />
      <TextField
        label="Teléfono"
        type="tel"
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        {...textFieldProps(register('telefono'), errors.telefono)}
      />
      <TextField label="Email" type="email" fullWidth {...textFieldProps(register('email'), errors.email)} />
      <Controller
        control={control}
        name="supervisor_id"
        render={({ field, fieldState }) => (
          <TextField
            label="Supervisor"
            select
            fullWidth
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            name={field.name}
            inputRef={field.ref}
            value={field.value ?? ''}
            onBlur={field.onBlur}
            onChange={(event) =>
              field.onChange(event.target.value === '' ? null : Number(event.target.value))
            }
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
          >
            <option value="">Sin supervisor</option>
            {choices.map((supervisor) => (
              <option key={supervisor.id} value={supervisor.id}>
                {supervisor.username}
              </option>
            ))}
          </TextField>
        )}
      />
    </FormDialog>
  );
}
