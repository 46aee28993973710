import { eq, inArray, sql } from 'drizzle-orm';
import { MAP_KEYS, MSG, type MapKey } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { archivos, mapas } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { type Actor } from '../../lib/actor';
import { checkFile, discardStoredFiles, recordFile, withStoredFiles } from '../../lib/documents';
import type { UploadedFile } from '../../lib/multipart';
import type { FileStorage } from '../../lib/storage';

const MAPS_LOCK_KEY = 724_320;

const LABELS: Record<MapKey, string> = {
  parcela: 'mapa de parcelas',
  columbario_lado1: 'columbario lado 1',
  columbario_lado2: 'columbario lado 2',
  columbario_lado3: 'columbario lado 3',
  columbario_lado4: 'columbario lado 4',
};

/**
 * SPEC §7 POST /api/upload/inventario: map images by field (parcela, columbario_lado1..4). Every part is
 * checked before anything is written; the new files replace the old ones, which are removed after commit.
 */
export async function saveMaps({
  db,
  storage,
  files,
  actor,
}: {
  db: Db;
  storage: FileStorage;
  files: UploadedFile[];
  actor: Actor;
}) {
  // A form that repeats a field keeps its last image: one stored file per map, never an orphan.
  const images = [
    ...new Map(
      files
        .filter((file) => (MAP_KEYS as readonly string[]).includes(file.field))
        .map((file) => [file.field, file]),
    ).values(),
  ];
  if (images.length === 0) throw badRequest(MSG.imagenRequerida);
  const typed = images.map((file) => ({
    ...checkFile(file, ['image'], MSG.imagenInvalida),
    key: file.field as MapKey,
  }));
  const replaced = await withStoredFiles(storage, 'mapas', typed, (stored) =>
    db.transaction(async (tx) => {
      // Uploads run one at a time: two at once would both replace the same previous file and orphan one new one.
      await tx.execute(sql`select pg_advisory_xact_lock(${MAPS_LOCK_KEY})`);
      const keys = typed.map((item) => item.key);
      const previous = await tx
        .select({ id: archivos.id, ruta: archivos.rutaAlmacenada })
        .from(mapas)
        .innerJoin(archivos, eq(archivos.id, mapas.archivoId))
        .where(inArray(mapas.clave, keys));
      for (const [index, { file, key }] of typed.entries()) {
        const saved = stored[index]!;
        await recordFile(tx, saved, file, 'mapa', actor.id ?? null);
        await tx
          .insert(mapas)
          .values({ clave: key, archivoId: saved.id })
          .onConflictDoUpdate({ target: mapas.clave, set: { archivoId: saved.id, updatedAt: new Date() } });
      }
      if (previous.length)
        await tx.delete(archivos).where(
          inArray(
            archivos.id,
            previous.map((row) => row.id),
          ),
        );
      await audit(tx, actor, {
        accion: 'actualizar_mapas',
        descripcion: `Imágenes actualizadas: ${keys.map((key) => LABELS[key]).join(', ')}`,
        entidad: 'mapa',
      });
      return previous;
    }),
  );
  // The old images go only once the new ones are committed: no orphan file, no missing map.
  await discardStoredFiles(
    storage,
    replaced.map((row) => row.ruta),
  );
  return { mensaje: MSG.imagenesActualizadas, claves: typed.map((item) => item.key) };
}

export async function listMaps({ db }: { db: Db }) {
  const rows = await db.select({ clave: mapas.clave, updatedAt: mapas.updatedAt }).from(mapas);
  return rows.map((row) => ({ clave: row.clave, actualizado: row.updatedAt.toISOString() }));
}

export async function findMap({ db, key }: { db: Db; key: string }) {
  const mapKey = key.replace(/\.[a-z]+$/i, '');
  const [row] = await db
    .select({ ruta: archivos.rutaAlmacenada, mime: archivos.tipoMime })
    .from(mapas)
    .innerJoin(archivos, eq(archivos.id, mapas.archivoId))
    .where(eq(mapas.clave, mapKey));
  if (!row) throw notFound(MSG.imagenNoEncontrada);
  return row;
}
