// What `npm run backup`, `restore` and `migrate-to-postgres` share: the server's configuration (DATA_DIR,
// DATABASE_URL, STORAGE_URL…, read as the server reads it), the uploads' store, and one way to fail (decision 026).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { loadConfig, type AppConfig } from '../apps/api/src/config';
import { DataDirLockedError } from '../apps/api/src/lib/data-dir-lock';
import { createStorage } from '../apps/api/src/lib/create-storage';
import type { FileStorage } from '../apps/api/src/lib/storage';
import { BackupError } from '../apps/api/src/modules/respaldo/manifest';

export type Context = { config: AppConfig; storage: FileStorage };

/** Parses the arguments, refusing unknown ones with the command's usage. */
export function argumentsOf<T extends NonNullable<ParseArgsConfig['options']>>(options: T, usage: string) {
  try {
    return parseArgs({ options, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`${(error as Error).message}\nUso: ${usage}`);
    process.exit(2);
  }
}

/** Runs a command with the configuration and the store, and turns its refusals into a message and exit code 2. */
export async function run(command: (context: Context) => Promise<void>): Promise<void> {
  try {
    const config = loadConfig();
    const storage = await createStorage(config.storage, config.dataDir);
    try {
      await command({ config, storage });
    } finally {
      await storage.close();
    }
  } catch (error) {
    if (error instanceof BackupError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  }
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
