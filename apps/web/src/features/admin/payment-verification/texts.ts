// Issue 14 §3: the screen's own texts (the API's answers and the shared messages come from VERIFICATION_MESSAGES).
export const VERIFICATION_TEXTS = {
  titulo: 'Verificación de pagos',
  tabla: 'Pagos reportados',
  filtro: 'Estado de verificación',
  revisar: 'Revisar',
  verificar: 'Verificar',
  rechazar: 'Rechazar',
  cerrar: 'Cerrar',
  cancelar: 'Cancelar',
  rechazarPago: 'Rechazar pago',
  motivo: 'Motivo del rechazo',
  cargandoComprobante: 'Cargando comprobante...',
  errorComprobante: 'No se pudo cargar el comprobante.',
  sinComprobante: 'Este pago no tiene comprobante.',
  datosReportados: 'Datos reportados',
  comprobante: 'Comprobante',
  /** What a rejection undoes (decision 023), said before it is confirmed. */
  rechazoDeshace:
    'Al rechazar el pago se deshace lo que hizo: la solicitud o la cuota vuelve a quedar pendiente, los totales se recalculan y se notifica al vendedor por correo. Un pago rechazado no puede volver a decidirse.',
  motivoAyuda: (length: number, max: number) => `${length}/${max} caracteres`,
} as const;
