import { z } from 'zod';
import { EMAIL_PATTERN, isoDate } from './fields';
import { MSG } from './messages';
import { idNumber } from './numbers';

export const CLIENT_MESSAGES = {
  camposObligatorios: 'Por favor, complete todos los campos obligatorios del cliente.',
  registrado: 'El cliente ya está registrado. Se asociará el contrato.',
  noExiste: 'El Cliente no existe. Se creará el cliente para esta solicitud.',
  deOtroVendedor:
    'Este cliente se encuentra asociado a otro vendedor. Por favor comuníquese con administración.',
  cedulaDuplicada: 'Ya existe un cliente con esa cédula.',
  documentoImagen: 'El documento de identidad debe ser una imagen.',
  vendedorNoIdentificado: 'No se pudo identificar al vendedor. Por favor, inicia sesión nuevamente.',
  telefonoLargo: 'El teléfono debe tener como máximo 10 dígitos.',
  celularLargo: 'El celular debe tener como máximo 11 dígitos.',
  fechaFutura: 'La fecha de nacimiento no puede ser futura.',
} as const;

/** Age in whole years on `today` (SPEC §5: computed and read-only). */
export function ageOn(birthDate: string, today: Date = new Date()): number {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - year;
  const hasHadBirthday =
    today.getMonth() + 1 > month || (today.getMonth() + 1 === month && today.getDate() >= day);
  if (!hasHadBirthday) age -= 1;
  return age;
}

const required = (max: number) =>
  z
    .string(CLIENT_MESSAGES.camposObligatorios)
    .trim()
    .min(1, CLIENT_MESSAGES.camposObligatorios)
    .max(max, MSG.textoMuyLargo(max));

// A required field whose own format check gives its own message (SPEC §5: missing fields share one text).
const present = () =>
  z.string(CLIENT_MESSAGES.camposObligatorios).trim().min(1, CLIENT_MESSAGES.camposObligatorios);

const digits = (max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{0,${max}}$`), message);

/** SPEC §5 Client (generic request). Multipart fields arrive as text. */
export const clientFieldsSchema = z.object({
  nombre: required(120),
  cedula: required(20).transform((value) => value.toUpperCase().replace(/\s+/g, '')),
  fecha_nacimiento: present().pipe(isoDate.refine((value) => ageOn(value) >= 0, CLIENT_MESSAGES.fechaFutura)),
  telefono: present().pipe(digits(10, CLIENT_MESSAGES.telefonoLargo)),
  celular: digits(11, CLIENT_MESSAGES.celularLargo)
    .optional()
    .transform((value) => value || null),
  email: required(254)
    .regex(EMAIL_PATTERN, MSG.emailInvalido)
    .transform((value) => value.toLowerCase()),
  direccion: required(255),
  nombre_documento: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => value || null),
  vendedor_id: idNumber().optional().catch(undefined),
});
export type ClientFields = z.infer<typeof clientFieldsSchema>;

export const clientSchema = z.object({
  id: z.number().int(),
  vendedor_id: z.number().int(),
  nombre: z.string(),
  cedula: z.string(),
  fecha_nacimiento: z.string().nullable(),
  edad: z.number().int().nullable(),
  telefono: z.string().nullable(),
  celular: z.string().nullable(),
  email: z.string().nullable(),
  direccion: z.string().nullable(),
  nombre_documento: z.string().nullable(),
  tiene_documento: z.boolean(),
});
export type Client = z.infer<typeof clientSchema>;

/** POST /api/clientes/{cedula}/upload-documento/: the client with the document saved. */
export const clientDocumentSavedSchema = clientSchema.extend({ mensaje: z.string() });
export type ClientDocumentSaved = z.infer<typeof clientDocumentSavedSchema>;

/** POST /api/clientes (the pre-need form's new client): the client, with its id as `cliente_id` too (SPEC §7). */
export const previsivoClientSchema = clientSchema.extend({ cliente_id: z.number().int() });
export type PrevisivoClient = z.infer<typeof previsivoClientSchema>;
