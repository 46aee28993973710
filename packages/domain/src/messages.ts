// The product's Spanish texts (SPEC §2, §4, §5, §8), word for word, and the server's own messages.
// DESIGN §4.11: where the specification lists several wordings, the first is used.
export const MSG = {
  // Session and dashboard
  loginExitoso: 'Login exitoso!',
  errorLogin: 'Error al iniciar sesión',
  credencialesInvalidas: 'Usuario o contraseña incorrectos.',
  usuarioInactivo: 'El usuario está desactivado. Comuníquese con administración.',
  demasiadosIntentos: 'Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo.',
  adminCreado: 'Administrador creado correctamente.',
  errorCrearAdmin: 'Error al crear el administrador.',
  adminYaExiste: 'Ya existe un administrador. Inicie sesión.',
  sinToken: 'No se encontró el token de autenticación.',
  tokenInvalido: 'Token inválido o expirado. Inicie sesión nuevamente.',
  sesionExpirada: 'Sesión expirada, por favor inicia sesión nuevamente.',
  sinPermiso: 'No tiene permisos para realizar esta acción.',
  // Issue 15: a signed-in user who opens an address of another area is taken to their own.
  areaAjena: 'No tiene acceso a esa página; se abrió su área.',
  errorCargarDatos: 'Error al cargar datos.',
  noSePudieronCargar: 'No se pudieron cargar los datos.',
  cerrandoSesion: 'Cerrando sesión...',
  errorInterno: 'Ocurrió un error interno. Intente de nuevo más tarde.',
  noEncontrado: 'Recurso no encontrado.',
  datosInvalidos: 'Datos inválidos.',
  demasiadasSolicitudes: 'Demasiadas solicitudes. Intente de nuevo en unos minutos.',

  // HTTP: requests refused before any route runs (plugins/errors.ts, lib/multipart.ts, lib/upload-file.ts)
  direccionNoValida: 'La dirección solicitada no es válida.',
  direccionDemasiadoLarga: 'La dirección solicitada es demasiado larga.',
  solicitudLenta: 'La solicitud tardó demasiado.',
  cabecerasDemasiadoGrandes: 'Las cabeceras de la solicitud son demasiado grandes.',
  tipoContenidoNoAdmitido: 'Tipo de contenido no admitido.',
  jsonNoValido: 'El cuerpo de la solicitud no es un JSON válido.',
  tamanoMaximoSuperado: 'El archivo o la solicitud supera el tamaño máximo permitido.',
  solicitudDemasiadoGrande: 'La solicitud supera el tamaño máximo permitido.',
  multipartEsperado: 'Se esperaba un formulario multipart.',
  multipartMalFormado: 'El formulario multipart está mal formado o incompleto.',
  campoArchivoNoAdmitido: (field: string) =>
    `El formulario no admite archivos en el campo «${field.slice(0, 60)}».`,
  demasiadosArchivos: (max: number) => `El formulario admite como máximo ${max} archivo(s).`,
  archivoDemasiadoGrande: (maxBytes: number) =>
    `El archivo supera el tamaño máximo permitido (${Math.round(maxBytes / (1024 * 1024))} MB).`,
  imagenDemasiadoGrande: 'La imagen supera el máximo permitido de 40 megapíxeles.',
  imagenIlegible: 'La imagen está dañada o no se puede leer.',
  archivoNoDisponible: 'El archivo solicitado no se encuentra disponible.',
  almacenamientoNoDisponible:
    'El almacenamiento de archivos no está disponible en este momento. Intente de nuevo más tarde.',
  caracterNoPermitido: 'El texto contiene un carácter no permitido.',
  // Issue 16: GET /metrics (decision 027)
  metricasNoPermitidas:
    'Las métricas solo se sirven a la propia máquina o a quien presente el token de métricas (METRICS_TOKEN).',

  // Users
  errorCargarUsuarios: 'Error al cargar usuarios.',
  estadoUsuarioActualizado: 'Estado del usuario actualizado exitosamente.',
  errorEstadoUsuario: 'Error al actualizar el estado del usuario.',
  usuarioEliminado: 'Usuario eliminado exitosamente',
  errorEliminarUsuario: 'Error al eliminar el usuario',
  usuarioAgregado: 'Usuario agregado exitosamente',
  usuarioActualizado: 'Usuario actualizado exitosamente',
  errorGuardarUsuario: 'Error al guardar el usuario',
  confirmarEliminarUsuario: '¿Estás seguro de que deseas eliminar este usuario?',
  usuarioNoEncontrado: 'Usuario no encontrado.',
  emailDuplicado: 'Ya existe un usuario con ese correo electrónico.',
  usernameDuplicado: 'Ya existe un usuario con ese nombre.',
  // One identifier, one account: the sign-in accepts either the name or the e-mail.
  nombreEsCorreoDeOtro: 'El nombre de usuario coincide con el correo electrónico de otro usuario.',
  correoEsNombreDeOtro: 'El correo electrónico coincide con el nombre de otro usuario.',
  cedulaDuplicada: 'Ya existe un vendedor con esa cédula.',
  usuarioConVentas:
    'El usuario tiene clientes o ventas registradas y no puede eliminarse. Desactívelo en su lugar.',
  noEliminarseASiMismo: 'No puede eliminar su propio usuario.',
  noDesactivarseASiMismo: 'No puede desactivar su propio usuario.',
  ultimoAdministrador: 'Debe quedar al menos un administrador activo.',
  noSePudoObtenerIdUsuario: 'No se pudo obtener el ID del usuario.',
  sinUsuarios: 'No hay usuarios registrados.',
  soloAdministradorGestionaAdministradores: 'Solo un administrador puede gestionar cuentas de administrador.',

  // Sellers
  errorCargarVendedores: 'Error al cargar vendedores',
  vendedoresListados: 'Vendedores obtenidos exitosamente.',
  sinVendedores: 'No hay vendedores registrados.',
  sinVendedoresDisponibles: 'No hay vendedores disponibles.',
  vendedorActualizado: 'Vendedor actualizado exitosamente',
  errorGuardarVendedor: 'Error al guardar el vendedor',
  vendedorNoEncontrado: 'Vendedor no encontrado.',
  supervisorNoValido: 'El supervisor seleccionado no existe o no tiene rol supervisor.',
  supervisorDeSiMismo: 'Un vendedor no puede ser su propio supervisor.',

  // Audit
  sinRegistrosAuditoria: 'No hay registros para los filtros seleccionados.',
  /**
   * The one text for a range whose start falls after its end, on every screen and route (Desde/Hasta, Fecha
   * Inicio/Fecha Fin): worded for either pair of labels. Lists refuse it through `dateRangeIssue` (list-query.ts).
   */
  rangoFechasInvalido: 'La fecha inicial no puede ser posterior a la fecha final.',

  // Sales area
  servicioNoValido: 'Seleccione un servicio válido.',
  seccionNoEncontrada: 'Sección no encontrada',
  autorizadoNoEncontrado: 'Persona autorizada no encontrada.',

  // Plans and inventory (SPEC §5 Plot upload, §8 Instalments, plans and inventory)
  errorCargarPlanes: (message: string) => `Error al cargar los planes: ${message}`,
  planActualizado: 'Plan actualizado correctamente',
  errorActualizarPlan: 'Error al actualizar el plan',
  estadoActualizado: 'Estado actualizado correctamente.',
  errorActualizarEstado: 'Error al actualizar el estado.',
  sinPlanes: 'No hay planes disponibles',
  planNoEncontrado: 'Plan no encontrado.',
  tipoServicioRequerido: 'Indique el tipo de servicio.',
  tipoServicioNoValido: 'Tipo de servicio no válido.',
  planPrevisivoNoEncontrado: 'Plan previsivo no encontrado.',
  sinTarifaPrevisivo: 'No hay tarifa para ese parentesco y edad en el plan seleccionado.',
  parcelasActualizadas: 'Parcelas actualizadas exitosamente.',
  errorActualizarParcelas: 'Error al actualizar las parcelas.',
  imagenesActualizadas: 'Imágenes actualizadas exitosamente.',
  errorActualizarImagenes: 'Error al actualizar las imágenes.',
  imagenInvalida: 'Por favor, selecciona un archivo de imagen válido.',
  csvInvalido: 'Por favor, selecciona un archivo CSV válido.',
  imagenYCsvRequeridos: 'Debes subir tanto la imagen como el archivo CSV.',
  imagenRequerida: 'Debes subir al menos una imagen antes de enviar.',
  sinParcelas: 'No hay parcelas registradas.',
  parcelaNoEncontrada: 'Parcela no encontrada.',
  parcelaSinPuestos: 'La parcela debe tener al menos un puesto.',
  puestosReservados: (codigo: string, seats: number) =>
    `La parcela ${codigo} tiene ${seats} puesto(s) reservados por solicitudes vigentes.`,
  lineaPuestosReservados: (line: number, codigo: string, seats: number) =>
    `Línea ${line}: la parcela ${codigo} tiene ${seats} puesto(s) reservados por solicitudes vigentes.`,
  lineaNichoReservado: (line: number, codigo: string) =>
    `Línea ${line}: el nicho ${codigo} está reservado por una solicitud vigente.`,
  imagenNoEncontrada: 'No se encontró la imagen solicitada.',
  parcelaActualizada: 'Parcela actualizada exitosamente.',
  errorActualizarParcela: 'Error al actualizar la parcela.',
  sinNichos: 'No hay nichos registrados.',
  nichosActualizados: 'Nichos actualizados exitosamente.',
  errorActualizarNichos: 'Error al actualizar los nichos.',
  csvRequerido: 'Debes seleccionar un archivo CSV antes de enviar.',

  // Exchange rate
  tasaActualizada: 'Tasa de cambio actualizada exitosamente.',
  tasaNoDisponible: 'No hay tasa de cambio disponible.',

  // Validation (SPEC §5)
  campoRequerido: 'Este campo es obligatorio.',
  emailInvalido: 'Ingresa un email válido (usuario@dominio.com)',
  textoMuyLargo: (max: number) => `Debe tener como máximo ${max} caracteres.`,
  passwordRequerida: 'La contraseña es obligatoria al crear un usuario.',
  passwordCorta: 'La contraseña debe tener al menos 8 caracteres.',
  rolInvalido: 'Rol no válido.',
  datosVendedorRequeridos: 'Cédula, dirección y teléfono son obligatorios para vendedores y supervisores.',
  telefonoInvalido: 'El teléfono debe tener como máximo 10 dígitos.',
  numeroInvalido: 'Debe ser un número válido.',
  fechaInvalida: 'Ingresa una fecha válida (YYYY-MM-DD)',
} as const;
