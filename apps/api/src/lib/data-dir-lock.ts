import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * DESIGN §5: the embedded database belongs to one process. Two PGlite processes on one data directory
 * silently lose data, so the server takes this lock first and a second one refuses to start. A lock left
 * by a process that died (kill -9, power loss) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isProcessAlive(owner)) {
        throw new DataDirLockedError(
          `El directorio de datos ${dataDir} ya está en uso por otro servidor (proceso ${owner}). ` +
            'Detenga ese servidor o use otro DATA_DIR: dos procesos sobre la misma base embebida la corrompen.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`No se pudo bloquear el directorio de datos ${dataDir}.`);
}
