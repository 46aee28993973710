import { MSG, type LoginForm } from '@camposanto/domain';

const USERNAME_MAX = 254;
const PASSWORD_MAX = 128;

export type LoginErrors = Partial<Record<keyof LoginForm, { message: string }>>;

/** The values to send (the username trimmed), or each field's message. */
export type LoginValidation =
  { values: LoginForm; errors: LoginErrors } | { values: null; errors: LoginErrors };

/**
 * The rules of the domain's `loginFormSchema` (username: trimmed, required, at most 254; password: required, at
 * most 128), with its messages, written without zod or a form library: the login page is the first page and loads
 * neither (docs/decisions/015-light-first-page.md). login-validation.test.ts holds it to the schema.
 */
export function validateLogin(values: LoginForm): LoginValidation {
  const username = values.username.trim();
  const errors: LoginErrors = {};
  if (!username) errors.username = { message: MSG.campoRequerido };
  else if (username.length > USERNAME_MAX) errors.username = { message: MSG.textoMuyLargo(USERNAME_MAX) };
  if (!values.password) errors.password = { message: MSG.campoRequerido };
  else if (values.password.length > PASSWORD_MAX)
    errors.password = { message: MSG.textoMuyLargo(PASSWORD_MAX) };
  return Object.keys(errors).length
    ? { values: null, errors }
    : { values: { username, password: values.password }, errors: {} };
}
