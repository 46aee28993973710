import { z } from 'zod';

/** Bumped when the archive's layout changes; restore refuses a version it does not know. */
export const ARCHIVE_VERSION = 1;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** `manifest.json`, at the root of every archive (decision 026). */
export const manifestSchema = z.object({
  formato: z.literal('camposanto-respaldo'),
  version: z.literal(ARCHIVE_VERSION),
  creado: z.string(),
  motor: z.enum(['pglite', 'postgres']),
  /** drizzle's hashes of the applied migrations, oldest first: restore wants the same list. */
  migraciones: z.array(z.string()),
  tablas: z.array(
    z.object({
      nombre: z.string().regex(/^[a-z_][a-z0-9_]*$/),
      columnas: z.array(z.string().min(1)),
      filas: z.number().int().min(0),
      /** Of the table's file `db/<nombre>.jsonl`. */
      sha256,
    }),
  ),
  secuencias: z.array(z.object({ nombre: z.string().min(1), valor: z.string(), usada: z.boolean() })),
  archivos: z.array(z.object({ ruta: z.string().min(1), bytes: z.number().int().min(0), sha256 })),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** Spanish texts of backup, restore and migration (what the scripts print). */
export const BACKUP_MESSAGES = {
  archivoInvalido: (detail: string) => `El archivo no es un respaldo de Camposanto válido: ${detail}.`,
  versionDesconocida: (version: unknown) =>
    `El respaldo tiene el formato ${String(version)}, que esta versión de Camposanto no sabe leer.`,
  migracionesDistintas: (archive: number, target: number) =>
    `El respaldo se hizo con otra versión de la base de datos (${archive} migraciones; esta versión tiene ${target}). ` +
    'Restáurelo con la versión de Camposanto que lo creó y luego actualice: el servidor migra la base al arrancar.',
  tablasDistintas: (names: string[]) =>
    `Las tablas del respaldo no coinciden con las de la base de destino (${names.join(', ')}).`,
  baseNoVacia: (tables: string[]) =>
    `La base de datos de destino no está vacía (tiene filas en ${tables.join(', ')}). ` +
    'Restaure en un DATA_DIR nuevo o en una base de PostgreSQL recién creada.',
  archivosNoVacios: (count: number) =>
    `El almacén de archivos de destino ya tiene ${count} archivo(s). Restaure en un DATA_DIR nuevo o en un almacén vacío.`,
  sumaArchivo: (ruta: string) =>
    `El archivo ${ruta} del respaldo está dañado (su sha256 no coincide con el manifiesto).`,
  sumaTabla: (table: string) =>
    `Los datos de la tabla ${table} del respaldo están dañados (sha256 distinto).`,
  filasDistintas: (table: string, expected: number, actual: number) =>
    `La tabla ${table} quedó con ${actual} filas y el respaldo tiene ${expected}: la restauración se deshizo.`,
  servidorSinCredenciales:
    'Hay un servidor usando este DATA_DIR: el respaldo se pide a ese servidor. ' +
    'Indique un administrador con RESPALDO_USUARIO y RESPALDO_CLAVE (y --url si no escucha en el puerto PORT).',
  servidorRechazo: (status: number) =>
    `El servidor rechazó el respaldo (HTTP ${status}): revise el usuario administrador y su contraseña.`,
  servidorInalcanzable: (url: string) => `No se pudo conectar con el servidor en ${url}.`,
  copiaDistinta: (ruta: string) =>
    `El archivo ${ruta} no quedó igual en el almacén de destino (sha256 distinto).`,
};

export class BackupError extends Error {}
