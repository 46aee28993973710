import { z } from 'zod';
import { optionalPageQuerySchema } from './contracts';
import { isoDate } from './fields';
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

/** The audit filters with the optional page of issue 12 (the screen pages on the server). */
export const auditPageQuerySchema = auditQuerySchema.extend(optionalPageQuerySchema.shape);

export const AUDIT_ROLE_FILTERS = ['administrador', 'supervisor', 'vendedor', 'cliente'] as const;
