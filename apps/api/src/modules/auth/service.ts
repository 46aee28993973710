import { setTimeout } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { MSG, type CreateAdminInput, type Rol } from '@camposanto/domain';
import type { Db } from '../../db/client';
import { usuarios, vendedores } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { SYSTEM_ACTOR, type SessionUser } from '../../lib/actor';
import type { LoginThrottle, ThrottleDecision } from '../../lib/login-throttle';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords';
import { preparedQuery } from '../../lib/prepared-once';
import { insertUser } from '../usuarios/service';

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
 * SPEC §7 login: by user name or e-mail, resolved to the account first, so both identifiers share one count.
 * Throttled by address and by account (docs/security.md): an address that fails too often gets 429 without
 * its password being checked; an account under attack only makes every attempt at it wait, never locks it.
 */
export async function login({
  db,
  throttle,
  address,
  username,
  password,
}: {
  db: Db;
  throttle: LoginThrottle;
  address: string;
  username: string;
  password: string;
}) {
  const key = username.trim().toLowerCase();
  const [user] = await accountOf(db).execute({ clave: key });
  // An unknown name is counted under its own key, so that it is throttled alike and gives no hint.
  const account = user ? `id:${user.id}` : `nombre:${key}`;

  const decision = await throttle.decide(address, account);
  if (decision.refused || decision.delayMs > 0) {
    await auditThrottled(db, { decision, address, key, userId: user?.id });
  }
  if (decision.refused) throw loginError('TOO_MANY_REQUESTS', MSG.demasiadosIntentos);
  if (decision.delayMs > 0) await setTimeout(decision.delayMs);

  const isValid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !isValid) {
    await throttle.recordFailure(address, account);
    throw loginError('UNAUTHORIZED', MSG.credencialesInvalidas);
  }
  await throttle.recordSuccess(account);
  if (!user.isActive) throw loginError('FORBIDDEN', MSG.usuarioInactivo);

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

/**
 * The account a sign-in names, by e-mail or user name: prepared once (lib/prepared-once.ts), so that PostgreSQL
 * does not plan it again at every sign-in (issue 12: login at 0.8 of its floor, its other cost the password hash).
 */
const accountOf = (db: Db) =>
  preparedQuery(db, 'usuario_que_ingresa', () => {
    const key = sql.placeholder('clave');
    return (
      db
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
        // Deterministic even for data older than the rule that keeps names and e-mails apart: the e-mail wins.
        .orderBy(sql`lower(${usuarios.email}) = ${key} desc`, usuarios.id)
        .limit(1)
    );
  });

/** Every throttled attempt is audited: who was tried, from where, and what the throttle did. */
async function auditThrottled(
  db: Db,
  entry: { decision: ThrottleDecision; address: string; key: string; userId: number | undefined },
) {
  const { decision, address, key, userId } = entry;
  const counts = `${decision.addressFailures} fallos de la dirección, ${decision.accountFailures} de la cuenta`;
  await audit(db, SYSTEM_ACTOR, {
    accion: decision.refused ? 'inicio_sesion_rechazado' : 'inicio_sesion_demorado',
    descripcion: `Inicio de sesión como «${printable(key)}» desde ${address}: ${
      decision.refused ? 'rechazado (429)' : `demorado ${decision.delayMs} ms`
    } (${counts})`,
    entidad: 'usuario',
    ...(userId === undefined ? {} : { entidadId: userId }),
  });
}

// The typed name is attacker-chosen: control characters never reach the audit text.
const printable = (text: string) =>
  Array.from(text.slice(0, 100), (char) => (char < ' ' || char === '\u007f' ? '?' : char)).join('');

/** Signing out revokes every token of the actor (DESIGN §5 Sessions). */
export async function logout({ db, actor }: { db: Db; actor: SessionUser }) {
  await db
    .update(usuarios)
    .set({ tokenVersion: sql`${usuarios.tokenVersion} + 1` })
    .where(eq(usuarios.id, actor.id));
}

export async function hasAdministrator({ db }: { db: Db }): Promise<boolean> {
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
    if (await hasAdministrator({ db: tx })) throw new AppError('FORBIDDEN', MSG.adminYaExiste);
    const user = await insertUser({
      db: tx,
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
