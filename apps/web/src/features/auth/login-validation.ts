import { MSG, type LoginForm } from '@camposanto/domain';
import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';

const USERNAME_MAX = 254;
const PASSWORD_MAX = 128;

/**
 * The rules of the domain's `loginFormSchema` (username: trimmed, required, at most 254; password: required, at
 * most 128), with its messages, written without zod: the login page is the first page and loads no schema library
 * (docs/decisions/015-light-first-page.md). login-validation.test.ts holds it to the schema.
 */
export const loginResolver: Resolver<LoginForm> = (values): ResolverResult<LoginForm> => {
  const username = values.username.trim();
  const errors: FieldErrors<LoginForm> = {};
  if (!username) errors.username = { type: 'too_small', message: MSG.campoRequerido };
  else if (username.length > USERNAME_MAX)
    errors.username = { type: 'too_big', message: MSG.textoMuyLargo(USERNAME_MAX) };
  if (!values.password) errors.password = { type: 'too_small', message: MSG.campoRequerido };
  else if (values.password.length > PASSWORD_MAX)
    errors.password = { type: 'too_big', message: MSG.textoMuyLargo(PASSWORD_MAX) };
  return Object.keys(errors).length
    ? { values: {}, errors }
    : { values: { username, password: values.password }, errors: {} };
};
