import {
  receivingAccountInputSchema,
  SETTINGS_MESSAGES,
  type ReceivingAccount,
  type ReceivingAccountValues,
} from '@camposanto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { useSaveReceivingAccount } from '../../../api/receiving-accounts/save-receiving-account';
import { FormDialog } from '../../../components/form-dialog';
import { textFieldProps } from '../../../lib/form-field';

interface AccountFormValues {
  banco: string;
  titular: string;
  numero_cuenta: string;
  rif: string;
  telefono_pago_movil: string;
  activa: boolean;
}

const EMPTY: AccountFormValues = {
  banco: '',
  titular: '',
  numero_cuenta: '',
  rif: '',
  telefono_pago_movil: '',
  activa: true,
};

// The domain's schema checks and normalises the fields; the cast only restates the input type (see user-form.ts).
const resolver = zodResolver(receivingAccountInputSchema) as unknown as Resolver<
  AccountFormValues,
  unknown,
  ReceivingAccountValues
>;

/** Issue 10: 'Agregar cuenta' or 'Editar cuenta' of the company's receiving accounts. */
export function AccountDialog({ account, onClose }: { account?: ReceivingAccount; onClose: () => void }) {
  const save = useSaveReceivingAccount();
  const { register, handleSubmit, formState, control } = useForm<
    AccountFormValues,
    unknown,
    ReceivingAccountValues
  >({
    resolver,
    defaultValues: account ? { ...account, telefono_pago_movil: account.telefono_pago_movil ?? '' } : EMPTY,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { ...values, id: account?.id },
      {
        onSuccess: () => {
          toast.success(account ? SETTINGS_MESSAGES.cuentaActualizada : SETTINGS_MESSAGES.cuentaAgregada);
          onClose();
        },
        onError: (error) => toast.error(withDetail(SETTINGS_MESSAGES.errorCuenta, error)),
      },
    ),
  );

  return (
    <FormDialog
      title={account ? 'Editar cuenta' : 'Agregar cuenta'}
      isBusy={save.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField
        label="Banco"
        required
        autoFocus
        fullWidth
        {...textFieldProps(register('banco'), errors.banco)}
      />
      <TextField
        label="Titular"
        required
        fullWidth
        {...textFieldProps(register('titular'), errors.titular)}
      />
      <TextField
        label="Número de cuenta"
        required
        fullWidth
        placeholder="0000-0000-00-0000000000"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 40 } }}
        {...textFieldProps(register('numero_cuenta'), errors.numero_cuenta)}
      />
      <TextField
        label="RIF"
        required
        fullWidth
        placeholder="J-12345678-9"
        {...textFieldProps(register('rif'), errors.rif)}
      />
      <TextField
        label="Teléfono pago móvil"
        type="tel"
        fullWidth
        placeholder="0414-1234567"
        slotProps={{ htmlInput: { maxLength: 20 } }}
        {...textFieldProps(register('telefono_pago_movil'), errors.telefono_pago_movil)}
      />
      <Controller
        control={control}
        name="activa"
        render={({ field }) => (
          <FormControlLabel
            label="Activa"
            control={
              <Switch
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                inputRef={field.ref}
              />
            }
          />
        )}
      />
    </FormDialog>
  );
}
