// @vitest-environment node
// Pure logic: no DOM to build.
import { loginFormSchema, type LoginForm } from '@camposanto/domain';
import { describe, expect, it } from 'vitest';
import { validateLogin } from './login-validation';

const cases: LoginForm[] = [
  { username: '', password: '' },
  { username: '   ', password: 'x' },
  { username: ' ana ', password: ' secreta ' },
  { username: 'a'.repeat(254), password: 'p'.repeat(128) },
  { username: 'a'.repeat(255), password: 'p'.repeat(129) },
  { username: ` ${'a'.repeat(254)} `, password: '' },
];

describe('validateLogin', () => {
  it.each(cases)('gives the values and messages of loginFormSchema for %j', (values) => {
    const parsed = loginFormSchema.safeParse(values);
    const result = validateLogin(values);
    if (parsed.success) {
      expect(result).toEqual({ values: parsed.data, errors: {} });
      return;
    }
    const expected = Object.fromEntries(
      ['username', 'password'].map((field) => [
        field,
        parsed.error.issues.find((issue) => issue.path[0] === field)?.message,
      ]),
    );
    expect({
      username: result.errors.username?.message,
      password: result.errors.password?.message,
    }).toEqual(expected);
  });
});
