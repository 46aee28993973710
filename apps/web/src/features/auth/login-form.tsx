import { landingPath, MSG, type LoginForm as LoginValues } from '@camposanto/domain';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useLogin } from '../../api/auth/login';
import { withDetail } from '../../api/client';
import { BusyButton } from '../../components/busy-button';
import { OutlinedTextField } from '../../components/outlined-text-field';
import { PasswordField } from '../../components/password-field';
import { notify } from '../../lib/notify';
import { saveSession } from '../../lib/session';
import { validateLogin, type LoginErrors } from './login-validation';

// SPEC §9: the login redirect takes 2 s.
const REDIRECT_DELAY_MS = 2000;

/**
 * SPEC §2 Login. A plain form rather than a form library (the first page carries none, decision 015), with the
 * same behaviour: fields are checked on submit, the first wrong one takes the focus, and after a submit each
 * field is checked again as it changes.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const login = useLogin();
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // SPEC §2 Login: after 2 s, each role goes to its area.
  useEffect(() => {
    if (!redirectTo) return;
    const timer = window.setTimeout(() => navigate(redirectTo), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [redirectTo, navigate]);

  const currentValues = (): LoginValues => ({
    username: usernameRef.current?.value ?? '',
    password: passwordRef.current?.value ?? '',
  });

  const revalidate = (field: keyof LoginValues) => {
    if (!isSubmitted) return;
    const fieldError = validateLogin(currentValues()).errors[field];
    setErrors((previous) => ({ ...previous, [field]: fieldError }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitted(true);
    const result = validateLogin(currentValues());
    setErrors(result.errors);
    if (!result.values) {
      (result.errors.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    login.mutate(result.values, {
      onSuccess: ({ access_token }) => {
        const session = saveSession(access_token);
        if (!session) {
          notify('error', MSG.errorLogin);
          return;
        }
        notify('success', MSG.loginExitoso);
        setRedirectTo(landingPath(session.rol));
      },
      // Issue 15: SPEC §8's text, then the server's reason (e.g. a wrong password or a locked account).
      onError: (error) => notify('error', withDetail(MSG.errorLogin, error)),
    });
  };

  const isBusy = login.isPending || redirectTo !== null;
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
      <Typography variant="h2" sx={{ textAlign: 'center' }}>
        Iniciar Sesión
      </Typography>
      <OutlinedTextField
        label="Usuario"
        name="username"
        autoComplete="username"
        autoFocus
        required
        fullWidth
        inputRef={usernameRef}
        onChange={() => revalidate('username')}
        error={Boolean(errors.username)}
        helperText={errors.username?.message}
      />
      <PasswordField
        label="Contraseña"
        name="password"
        autoComplete="current-password"
        required
        fullWidth
        inputRef={passwordRef}
        onChange={() => revalidate('password')}
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
      />
      <BusyButton type="submit" variant="contained" size="large" isBusy={isBusy}>
        Iniciar Sesión
      </BusyButton>
    </Stack>
  );
}
