import { z } from 'zod';
import { optionalPageQuerySchema } from './contracts';
import { isoDate } from './fields';
import { auditListFilters } from './list-query';
import { ownEntry } from './records';
import { ROLES } from './roles';

export const auditRecordSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  rol: z.string(),
  accion: z.string(),
  descripcion: z.string(),
  fecha: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

/** SPEC §2 Auditoría filters: Desde, Hasta (dates) and Rol. */
export const auditQuerySchema = z.object({
  rol: z.union([z.enum(ROLES), z.literal(''), z.literal('todos'), z.literal('Todos')]).optional(),
  desde: z.union([isoDate, z.literal('')]).optional(),
  hasta: z.union([isoDate, z.literal('')]).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/**
 * The audit filters with the optional page of issue 12 (the screen pages on the server) and, issue 15, q, orden,
 * accion, usuario and formato (decision 032).
 */
export const auditPageQuerySchema = auditQuerySchema
  .extend(optionalPageQuerySchema.shape)
  .extend(auditListFilters);
export type AuditListQuery = z.infer<typeof auditPageQuerySchema>;

export const AUDIT_ROLE_FILTERS = ['administrador', 'supervisor', 'vendedor', 'cliente'] as const;

/** Issue 15: what the Auditoría screen calls each `accion` code the API writes. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  inicio_sesion_rechazado: 'Inicio de sesión rechazado',
  inicio_sesion_demorado: 'Inicio de sesión demorado',
  crear_administrador: 'Crear administrador',
  crear_usuario: 'Crear usuario',
  actualizar_usuario: 'Actualizar usuario',
  activar_usuario: 'Activar usuario',
  desactivar_usuario: 'Desactivar usuario',
  eliminar_usuario: 'Eliminar usuario',
  actualizar_vendedor: 'Actualizar vendedor',
  crear_cliente: 'Crear cliente',
  subir_documento_cliente: 'Subir documento del cliente',
  subir_documento_familiar: 'Subir documento del familiar',
  registrar_autorizados: 'Registrar autorizados',
  crear_solicitud: 'Crear solicitud',
  reprecio_solicitud: 'Recalcular precio de la solicitud',
  caducar_solicitudes: 'Caducar solicitudes',
  eliminar_solicitud_caducada: 'Eliminar solicitud caducada',
  convertir_contrato: 'Convertir a contrato',
  reportar_pago: 'Reportar pago',
  pagar_cuota: 'Pagar cuota',
  verificar_pago: 'Verificar pago',
  rechazar_pago: 'Rechazar pago',
  aviso_rechazo_fallido: 'Aviso de rechazo no enviado',
  enviar_correo: 'Enviar correo',
  enviar_correo_fallido: 'Correo no enviado',
  enviar_recordatorio: 'Enviar recordatorio',
  enviar_recordatorio_fallido: 'Recordatorio no enviado',
  enviar_recordatorios: 'Enviar recordatorios',
  actualizar_plan: 'Actualizar plan',
  activar_plan: 'Activar plan',
  desactivar_plan: 'Desactivar plan',
  actualizar_plan_funerario: 'Actualizar plan funerario',
  cargar_catalogo: 'Cargar catálogo',
  crear_parcela: 'Crear parcela',
  actualizar_parcela: 'Actualizar parcela',
  importar_parcelas: 'Importar parcelas',
  importar_columbarios: 'Importar columbarios',
  actualizar_mapas: 'Actualizar mapas',
  actualizar_tasa: 'Actualizar tasa de cambio',
  crear_cuenta_receptora: 'Crear cuenta receptora',
  actualizar_cuenta_receptora: 'Actualizar cuenta receptora',
  eliminar_cuenta_receptora: 'Eliminar cuenta receptora',
  actualizar_empresa: 'Actualizar datos de la empresa',
  actualizar_logo_empresa: 'Actualizar logo de la empresa',
  eliminar_logo_empresa: 'Eliminar logo de la empresa',
  descargar_respaldo: 'Descargar respaldo',
};

/** An action's Spanish label; a code not in the list still reads as words ('archivar_lote' → 'Archivar lote'). */
export function auditActionLabel(accion: string): string {
  const label = ownEntry(AUDIT_ACTION_LABELS, accion);
  if (label) return label;
  const words = accion.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : accion;
}
