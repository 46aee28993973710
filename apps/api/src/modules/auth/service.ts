import { and, count, eq, gt, sql } from 'drizzle-orm';
import { MSG, type CreateAdminInput, type Rol } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { intentosLogin, usuarios, vendedores } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords';
import { insertUser } from '../usuarios/service';

export const MAX_FAILED_LOGINS = 10;
const FAILED_LOGIN_WINDOW = sql`now() - interval '15 minutes'`;

export type TokenPayload = {
  sub: string;
  supervisor_id: number | null;
  email: string;
  rol: Rol;
  usuario: string;
  ver: number;
};

export const loginError = (code: 'UNAUTHORIZED' | 'FORBIDDEN' | 'TOO_MANY_REQUESTS', detail: string) =>
  new AppError(code, detail, { mensaje: MSG.errorLogin, error: detail });

/**
 * SPEC §7 login: by user name or e-mail. After 10 failures in 15 minutes for one name, 429 without
 * checking the password, so guessing is slowed down whoever sends the guesses.
 */
export async function login({ db, username, password }: { db: Db; username: string; password: string }) {
  const key = username.trim().toLowerCase();
  const [{ failures } = { failures: 0 }] = await db
    .select({ failures: count() })
    .from(intentosLogin)
    .where(and(eq(intentosLogin.username, key), gt(intentosLogin.fecha, FAILED_LOGIN_WINDOW)));
  if (failures >= MAX_FAILED_LOGINS) throw loginError('TOO_MANY_REQUESTS', MSG.demasiadosIntentos);

  const [user] = await db
    .select({
      id: usuarios.id,
      username: usuarios.username,
      email: usuarios.email,
      rol: usuarios.rol,
      passwordHash: usuarios.passwordHash,
      isActive: usuarios.isActive,
      tokenVersion: usuarios.tokenVersion,
      supervisorId: vendedores.supervisorId,
    })
    .from(usuarios)
    .leftJoin(vendedores, eq(vendedores.id, usuarios.id))
    .where(sql`lower(${usuarios.email}) = ${key} or lower(${usuarios.username}) = ${key}`)
    .limit(1);

  const isValid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !isValid) {
    await db.insert(intentosLogin).values({ username: key });
    throw loginError('UNAUTHORIZED', MSG.credencialesInvalidas);
  }
  if (!user.isActive) throw loginError('FORBIDDEN', MSG.usuarioInactivo);
  await db.delete(intentosLogin).where(eq(intentosLogin.username, key));

  const payload: TokenPayload = {
    sub: String(user.id),
    supervisor_id: user.supervisorId ?? null,
    email: user.email,
    rol: user.rol as Rol,
    usuario: user.username,
    ver: user.tokenVersion,
  };
  return payload;
}

/** Signing out revokes every token of the user (DESIGN §5 Sessions). */
export async function logout({ db, userId }: { db: Db; userId: number }) {
  await db
    .update(usuarios)
    .set({ tokenVersion: sql`${usuarios.tokenVersion} + 1` })
    .where(eq(usuarios.id, userId));
}

export async function hasAdministrator(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(eq(usuarios.rol, 'administrador'))
    .limit(1);
  return Boolean(row);
}

// Serialises concurrent first-administrator attempts, so exactly one can win.
const FIRST_ADMIN_LOCK_KEY = 724_312;

/** DESIGN §4.4: works only while no administrator exists. */
export async function createFirstAdmin({
  db,
  input,
}: {
  db: Db;
  input: CreateAdminInput & { email: string };
}) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_KEY})`);
    if (await hasAdministrator(tx)) throw new AppError('FORBIDDEN', MSG.adminYaExiste);
    const user = await insertUser(tx, {
      username: input.username,
      email: input.email,
      rol: 'administrador',
      password: input.password,
      cedula: null,
      direccion: null,
      telefono: null,
    });
    await audit(
      tx,
      { id: user.id, username: user.username, rol: user.rol },
      {
        accion: 'crear_administrador',
        descripcion: `Primer administrador creado: ${user.username} (${user.email})`,
        entidad: 'usuario',
        entidadId: user.id,
      },
    );
    return user;
  });
}
