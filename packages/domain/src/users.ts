import { z } from 'zod';
import { rolField } from './auth';
import { emailField, optionalPhone, optionalText, passwordField, requiredText } from './fields';
import { MSG } from './messages';
import { isSellerRole, ROLES } from './roles';

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  rol: z.enum(ROLES),
  cedula: z.string().nullable(),
  direccion: z.string().nullable(),
  telefono: z.string().nullable(),
  is_active: z.boolean(),
  vendedor_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

const userBase = {
  username: requiredText(100),
  email: emailField,
  rol: rolField,
  cedula: optionalText(20),
  direccion: optionalText(255),
  telefono: optionalPhone,
  // SPEC §7 sends vendedor_id on create; its source is not set by the form, so it is accepted and ignored.
  vendedor_id: z.unknown().optional(),
};

/** SPEC §5 User form: sellers and supervisors need cédula, dirección and teléfono when added. */
export const createUserSchema = z
  .object({ ...userBase, password: passwordField })
  .superRefine((user, ctx) => {
    if (!isSellerRole(user.rol)) return;
    for (const field of ['cedula', 'direccion', 'telefono'] as const) {
      if (!user[field]) ctx.addIssue({ code: 'custom', path: [field], message: MSG.datosVendedorRequeridos });
    }
  });
/** A new user as the server reads it. */
export type CreateUserBody = z.output<typeof createUserSchema>;

/** SPEC §7 PUT /usuarios/{id}: username, email, rol, password? (empty is omitted). */
export const updateUserSchema = z.object({
  username: userBase.username,
  email: userBase.email,
  rol: userBase.rol,
  password: z
    .union([z.literal(''), passwordField])
    .nullish()
    .transform((value) => (value ? value : undefined)),
  cedula: userBase.cedula.optional(),
  direccion: userBase.direccion.optional(),
  telefono: userBase.telefono.optional(),
});
/** A user's changes as the server reads them. */
export type UpdateUserBody = z.output<typeof updateUserSchema>;

export const setActiveSchema = z.object({ is_active: z.boolean(MSG.campoRequerido) });
