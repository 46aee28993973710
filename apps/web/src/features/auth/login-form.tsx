import { landingPath, MSG, type LoginForm as LoginValues } from '@camposanto/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useLogin } from '../../api/auth/login';
import { errorDetail } from '../../api/client';
import { OutlinedTextField } from '../../components/outlined-text-field';
import { PasswordField } from '../../components/password-field';
import { textFieldProps } from '../../lib/form-field';
import { saveSession } from '../../lib/session';
import { BusyButton } from '../../components/busy-button';
import { loginResolver } from './login-validation';

// SPEC §9: the login redirect takes 2 s.
const REDIRECT_DELAY_MS = 2000;

export function LoginForm() {
  const navigate = useNavigate();
  const login = useLogin();
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginValues>({
    resolver: loginResolver,
    defaultValues: { username: '', password: '' },
  });

  // SPEC §2 Login: after 2 s, each role goes to its area.
  useEffect(() => {
    if (!redirectTo) return;
    const timer = window.setTimeout(() => navigate(redirectTo), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [redirectTo, navigate]);

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: ({ access_token }) => {
        const session = saveSession(access_token);
        if (!session) {
          toast.error(MSG.errorLogin);
          return;
        }
        toast.success(MSG.loginExitoso);
        setRedirectTo(landingPath(session.rol));
      },
      onError: (error) => toast.error(errorDetail(error) ?? MSG.errorLogin),
    }),
  );

  const isBusy = login.isPending || redirectTo !== null;
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
      <Typography variant="h2" sx={{ textAlign: 'center' }}>
        Iniciar Sesión
      </Typography>
      <OutlinedTextField
        label="Usuario"
        autoComplete="username"
        autoFocus
        required
        fullWidth
        {...textFieldProps(register('username'), formState.errors.username)}
      />
      <PasswordField
        label="Contraseña"
        autoComplete="current-password"
        required
        fullWidth
        {...textFieldProps(register('password'), formState.errors.password)}
      />
      <BusyButton type="submit" variant="contained" size="large" isBusy={isBusy}>
        Iniciar Sesión
      </BusyButton>
    </Stack>
  );
}
