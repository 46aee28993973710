import { z } from 'zod';
import { userSchema } from './users';
import { emailField, optionalPhone, optionalText } from './fields';
import { MSG } from './messages';

export const sellerSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  cedula: z.string().nullable(),
  direccion: z.string().nullable(),
  telefono: z.string().nullable(),
  email: z.string(),
  supervisor_id: z.number().int().nullable(),
  supervisor_nombre: z.string().nullable(),
  is_active: z.boolean(),
});
export type Seller = z.infer<typeof sellerSchema>;

export const sellersResponseSchema = z.object({
  mensaje: z.string(),
  vendedores: z.array(sellerSchema),
  usuarios: z.array(userSchema),
});
export type SellersResponse = z.infer<typeof sellersResponseSchema>;

/** SPEC §5 Vendedor edit: no required fields; supervisor_id is an integer or null. */
export const updateSellerSchema = z.object({
  nombre: z.string().trim().min(1, MSG.campoRequerido).max(100, MSG.textoMuyLargo(100)).optional(),
  cedula: optionalText(20).optional(),
  direccion: optionalText(255).optional(),
  telefono: optionalPhone.optional(),
  email: emailField.optional(),
  supervisor_id: z
    .union([z.number().int(MSG.numeroInvalido).positive(MSG.numeroInvalido), z.null(), z.literal('')])
    .optional()
    .transform((value) => (value === '' ? null : value)),
});
export type UpdateSellerInput = z.input<typeof updateSellerSchema>;
