import { z } from 'zod';
import { emailField, passwordField, requiredText } from './fields';
import { MSG } from './messages';
import { normalizeRol, ROLES } from './roles';

export const loginFormSchema = z.object({
  username: requiredText(254),
  password: z.string(MSG.campoRequerido).min(1, MSG.campoRequerido).max(128, MSG.textoMuyLargo(128)),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const tokenResponseSchema = z.object({ access_token: z.string(), token_type: z.literal('bearer') });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** A role by its value or alias; missing or empty is 'required' (issue 15), anything else unknown 'not valid'. */
export const rolField = z
  .string({ error: (issue) => (issue.input === undefined ? MSG.campoRequerido : MSG.rolInvalido) })
  .transform((value, ctx) => {
    if (!value.trim()) {
      ctx.addIssue({ code: 'custom', message: MSG.campoRequerido });
      return z.NEVER;
    }
    const rol = normalizeRol(value);
    if (!rol) {
      ctx.addIssue({ code: 'custom', message: MSG.rolInvalido });
      return z.NEVER;
    }
    return rol;
  })
  .pipe(z.enum(ROLES));

export const createAdminSchema = z.object({
  username: requiredText(100),
  email: emailField,
  password: passwordField,
  rol: z.string().optional(),
});
export type CreateAdminInput = z.input<typeof createAdminSchema>;

export const verifyAdminResponseSchema = z.object({ admin_creado: z.boolean() });

/** DESIGN §3 Token claims. */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  supervisor_id: z.number().int().nullable(),
  email: z.string(),
  rol: z.enum(ROLES),
  usuario: z.string(),
  ver: z.number().int(),
  exp: z.number().int(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;
