import { COLLECTION_MESSAGES } from '@camposanto/domain';

/**
 * Issue 14 Cobranza texts that only the web shows. Texts the server also uses live in the domain
 * (COLLECTION_MESSAGES) and are imported from there.
 */
export const COLLECTION_SCREEN_MESSAGES = {
  ...COLLECTION_MESSAGES,
  sinCuotasVencidas: 'No hay cuotas vencidas.',
  errorExportar: 'No se pudo exportar la cobranza.',
  errorRecordatorios: 'No se pudieron cargar los recordatorios.',
  confirmarRecordatorio: (cliente: string, contrato: string) =>
    `¿Enviar a ${cliente} un recordatorio de pago del contrato ${contrato}, con su estado de cuenta adjunto?`,
  recordatorioEnviadoA: (destinatario: string) =>
    `${COLLECTION_MESSAGES.recordatorioEnviado.replace(/\.$/, '')} (${destinatario}).`,
} as const;
