import { createAdminSchema, MSG, type CreateAdminInput } from '@camposanto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { useCreateAdmin } from '../../api/auth/create-admin';
import { withDetail } from '../../api/client';
import { PasswordField } from '../../components/password-field';
import { textFieldProps } from '../../lib/form-field';
import { BusyButton } from '../../components/busy-button';

// SPEC §9: the admin-creation reload takes 2 s.
const RELOAD_DELAY_MS = 2000;

/** SPEC §2 Login: shown instead of the login while no administrator exists. */
export function CreateAdminForm() {
  const createAdmin = useCreateAdmin();
  const [isDone, setIsDone] = useState(false);
  const { register, handleSubmit, formState } = useForm<CreateAdminInput>({
    resolver: zodResolver(createAdminSchema),
    defaultValues: { username: '', email: '', password: '' },
  });

  // SPEC §2 Login: after success the page reloads after 2 s, and shows the login.
  useEffect(() => {
    if (!isDone) return;
    const timer = window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isDone]);

  const onSubmit = handleSubmit((values) =>
    createAdmin.mutate(values, {
      onSuccess: () => {
        toast.success(MSG.adminCreado);
        setIsDone(true);
      },
      onError: (error) => toast.error(withDetail(MSG.errorCrearAdmin, error)),
    }),
  );

  const isBusy = createAdmin.isPending || isDone;
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
      <Typography variant="h2" sx={{ textAlign: 'center' }}>
        Crear Primer Administrador
      </Typography>
      <TextField
        label="Nombre"
        autoComplete="name"
        autoFocus
        required
        fullWidth
        {...textFieldProps(register('username'), formState.errors.username)}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        fullWidth
        {...textFieldProps(register('email'), formState.errors.email)}
      />
      <PasswordField
        label="Contraseña"
        autoComplete="new-password"
        required
        fullWidth
        {...textFieldProps(register('password'), formState.errors.password)}
      />
      <BusyButton type="submit" variant="contained" size="large" isBusy={isBusy}>
        {isBusy ? 'Creando...' : 'Crear Administrador'}
      </BusyButton>
    </Stack>
  );
}
