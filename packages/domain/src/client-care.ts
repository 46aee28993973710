import { z } from 'zod';
import { ageOn } from './clients';
import { requestDtoSchema } from './contracts';
import { EMAIL_PATTERN, isoDate } from './fields';
import { MSG } from './messages';
import { idNumber } from './numbers';

export const MAX_AUTORIZADOS = 2;

export const CARE_MESSAGES = {
  cedulaRequerida: 'Por favor, ingrese la cédula del cliente.',
  clienteYDocumento: 'Por favor, seleccione un cliente y un documento.',
  documentoTipo: 'El documento debe ser una imagen o un PDF.',
  documentoSubido: 'Documento subido con éxito.',
  documentoIdentidadSubido: 'Documento de identidad subido exitosamente.',
  sinDocumento: 'El documento no ha sido subido.',
  familiarNoEncontrado: 'Familiar no encontrado.',
  contratoNoEncontrado: 'Contrato no encontrado.',
  maximoAutorizados: `No se pueden registrar más de ${MAX_AUTORIZADOS} personas autorizadas por contrato.`,
  autorizadosRegistrados: 'Personas autorizadas registradas con éxito',
  nombreYCedula: 'Indique nombre y cédula de la persona, o deje ambos vacíos.',
  autorizadosInvalidos: 'La lista de personas autorizadas no es válida.',
  sinPersonas: 'Indique al menos una persona autorizada.',
  noPrevisivo: 'El contrato indicado no es un plan previsivo.',
  clienteNoEncontrado: 'Cliente no encontrado.',
  // SPEC §2 and §8: texts of the client-care screens.
  documentoNoSubido: 'No subido',
  documentoSubidoEstado: 'DOCUMENTO SUBIDO',
  errorSubirDocumento: (detail: string) => `Error al subir el documento: ${detail}`,
  errorCargarDatos: 'Error al cargar los datos.',
  sinContratosPrevisivos: 'No hay contratos previsivos disponibles.',
  sinFamiliares: 'No hay familiares asociados a este contrato.',
  sinContratos: 'No hay contratos disponibles.',
  sinAutorizados: 'No hay personas autorizadas registradas.',
  errorObtenerAutorizados: 'Error al obtener los autorizados.',
  errorRegistrar: (detail: string) => `Error al registrar: ${detail}`,
} as const;

const text = (max: number) => z.string().trim().max(max, MSG.textoMuyLargo(max));

/** SPEC §5 Authorised persons: name and cédula both filled or both empty; a filled person needs the rest. */
export const authorizedPersonSchema = z
  .object({
    nombre: text(120).default(''),
    cedula: text(20).default(''),
    direccion: text(255).default(''),
    fecha_nacimiento: z.union([isoDate, z.literal('')]).default(''),
    telefono: z
      .string()
      .trim()
      .regex(/^\d{0,10}$/, 'El teléfono debe tener como máximo 10 dígitos.')
      .default(''),
    celular: z
      .string()
      .trim()
      .regex(/^\d{0,11}$/, 'El celular debe tener como máximo 11 dígitos.')
      .default(''),
    email: text(254).default(''),
    nombre_documento: text(200).optional().nullable(),
  })
  .superRefine((person, ctx) => {
    const hasName = person.nombre !== '';
    const hasCedula = person.cedula !== '';
    if (hasName !== hasCedula)
      ctx.addIssue({ code: 'custom', path: ['cedula'], message: CARE_MESSAGES.nombreYCedula });
    if (!hasName) return;
    for (const field of ['fecha_nacimiento', 'telefono', 'direccion', 'email'] as const) {
      if (!person[field]) ctx.addIssue({ code: 'custom', path: [field], message: MSG.campoRequerido });
    }
    if (person.fecha_nacimiento && ageOn(person.fecha_nacimiento) < 0) {
      ctx.addIssue({ code: 'custom', path: ['fecha_nacimiento'], message: MSG.fechaInvalida });
    }
    if (person.email && !EMAIL_PATTERN.test(person.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: MSG.emailInvalido });
    }
  });
export type AuthorizedPersonInput = z.input<typeof authorizedPersonSchema>;

export const authorizedPersonDtoSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  cedula: z.string(),
  direccion: z.string().nullable(),
  fecha_nacimiento: z.string().nullable(),
  edad: z.number().int().nullable(),
  telefono: z.string().nullable(),
  celular: z.string().nullable(),
  email: z.string().nullable(),
  nombre_documento: z.string().nullable(),
  tiene_documento: z.boolean(),
});
export type AuthorizedPerson = z.infer<typeof authorizedPersonDtoSchema>;

export const relativeDtoSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  cedula: z.string().nullable(),
  fecha_nacimiento: z.string().nullable(),
  parentesco: z.string(),
  precio: z.number(),
  nombre_documento: z.string().nullable(),
  tiene_documento: z.boolean(),
});
export type Relative = z.infer<typeof relativeDtoSchema>;

/** GET /api/v1/previsivos/familiares's query: the relatives of one pre-need contract. */
export const relativesQuerySchema = z.object({ contrato_id: idNumber() });

/** POST /api/v1/autorizados's answer: the contract's authorised persons after saving. */
export const authorizedSavedSchema = z.object({
  mensaje: z.string(),
  autorizados: z.array(authorizedPersonDtoSchema),
});
export type AuthorizedSaved = z.infer<typeof authorizedSavedSchema>;

/** GET /api/v1/autorizados/contratos: a contract with its authorised persons ('n/2'). */
export const contractWithAuthorizedSchema = requestDtoSchema.extend({
  autorizados: z.array(authorizedPersonDtoSchema),
  total_autorizados: z.number().int(),
});
export type ContractWithAuthorized = z.infer<typeof contractWithAuthorizedSchema>;
