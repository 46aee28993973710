import { DEFAULT_PLOT_SEATS, REQUEST_MESSAGES } from '@camposanto/domain';

/**
 * SPEC §8 'Sales forms' texts that only the web shows, word for word. Texts the server also uses live in
 * the domain (CLIENT_MESSAGES, REQUEST_MESSAGES, PRICING_MESSAGES) and are imported from there.
 */
export const SALES_MESSAGES = {
  parcelaDisponible: (codigo: string, puestos: number) =>
    `La parcela ${codigo} tiene ${puestos} puesto(s) disponible(s).`,
  parcelaNoEncontrada: (codigo: string) =>
    `${REQUEST_MESSAGES.parcelaNoEncontrada(codigo)} Puede crear una nueva entrada.`,
  errorVerificarParcela: 'Error al verificar el código de la parcela.',
  // Issue 10: administration registers an unknown plot from the form (SPEC §8 defaults).
  confirmarRegistroParcela: (codigo: string) =>
    `¿Registrar la parcela ${codigo} en el inventario con ${DEFAULT_PLOT_SEATS} puestos disponibles?`,
  parcelaRegistrada: (codigo: string) => `Parcela ${codigo} registrada en el inventario.`,
  errorRegistrarParcela: 'Error al registrar la parcela.',
  imagenNoCargada: (file: string) => `No se pudo cargar la imagen: ${file}`,
  nichoNoDisponible: 'El nicho está ocupado o no está disponible.',
  columbarioYModalidad: 'Por favor, seleccione una modalidad de pago y un columbario válido.',
  errorBuscarCliente: 'Error al buscar cliente.',
  errorRegistrar: (detail: string) => `Error al registrar solicitudes: ${detail}`,
  clienteYContratoCreados: 'Cliente y contrato creados exitosamente',
  contratoRegistrado: 'Contrato registrado exitosamente',
  errorPlanesPrevisivo: 'Error al cargar los planes de cremación (previsivo).',
  errorPlanesFunerarios: 'Error al cargar los planes funerarios.',
  // Not worded by the specification: the forms' own guidance.
  familiaresIncompletos: 'Complete el nombre, la fecha de nacimiento y el parentesco de cada familiar.',
  sinTarifaFamiliar: 'Espere el precio de cada familiar antes de agregarlo al contrato.',
  capillaYVelacion: 'Por favor, seleccione el tipo de capilla y el tiempo de velación.',
  agregueAlContrato: 'Agregue el plan al contrato antes de guardar.',
  sinFamiliares: 'No hay familiares asociados a este contrato.',
  sinItems: 'No hay ítems agregados a la solicitud.',
  // Issue 15: the generic request screen asks before 'Eliminar Ítems', in the words of SPEC §5's confirmations.
  confirmarEliminarItems: (count: number) =>
    count === 1
      ? '¿Estás seguro de que deseas eliminar el ítem seleccionado?'
      : `¿Estás seguro de que deseas eliminar los ${count} ítems seleccionados?`,
  seleccioneServicio: 'Por favor, seleccione un servicio.',
  solicitudesCreadas: (numbers: readonly string[]) =>
    numbers.length === 1
      ? `Solicitud registrada: ${numbers[0]}.`
      : `Solicitudes registradas: ${numbers.join(', ')}.`,
  agregueServicio: 'Añada el servicio al contrato antes de guardar.',
} as const;
