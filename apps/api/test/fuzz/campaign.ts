import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows';
import { eq, sql } from 'drizzle-orm';
import { usuarios } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';
import { insertUser } from '../../src/modules/usuarios/service';
import { ADMIN, adminToken, bearer, login, newUserBody, PASSWORD } from '../helpers/auth';
import { FILE_CONTENTS, fromSchema, hostileJson, hostileText } from './hostile';

// The fuzz suite of issue 11: every operation of the OpenAPI document at /docs/json, every parameter and body
// field given hostile values by fast-check, as each role and without a session. Each answer must be below 500
// and, when it refuses, carry a Spanish `detail` and leave every table's row count as it was.

type Schema = Parameters<typeof fromSchema>[0];
type Operation = {
  method: string;
  path: string;
  params: { in: 'path' | 'query'; name: string; schema: Schema }[];
  body: { kind: 'json' | 'form'; schema: Schema } | { kind: 'open' } | undefined;
};
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema?: Schema }[];
        requestBody?: { content: Record<string, { schema?: Schema }> };
      }
    >
  >;
};
export type FuzzRequest = {
  operation: string;
  role: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
};
export type Failure = { request: FuzzRequest; status: number; body: string; problem: string };
export type CampaignResult = { histogram: Record<string, number>; failures: Failure[]; requests: number };

/**
 * The app's environment for a campaign: fuzzed sign-ins fail often, and the throttle's growing delays (tested
 * in auth.test.ts) would make most of the campaign's time waiting.
 */
export const FAST_SIGN_IN = { LOGIN_DELAY_BASE_MS: '1', LOGIN_DELAY_MAX_MS: '5' };

// Signing out would revoke the campaign's own tokens; everything else is fuzzed.
const SKIPPED = new Set(['POST /api/v1/logout']);
const ROLES = ['administrador', 'asistente', 'supervisor', 'vendedor', 'cliente'] as const;
// Multipart routes document their fields in their summaries only: the names the forms send.
const FORM_NAMES = [
  'solicitud_id',
  'metodoPago',
  'banco_emisor',
  'referencia',
  'cuota_id',
  'metodo_pago',
  'monto_usd',
  'monto_ves',
  'metodo_ves',
  'nombre',
  'cedula',
  'fecha_nacimiento',
  'telefono',
  'celular',
  'email',
  'direccion',
  'nombre_documento',
  'vendedor_id',
  'contrato_id',
  'autorizados_str',
];
const FILE_NAMES = [
  'comprobante_usd',
  'comprobante_ves',
  'documento_identidad',
  'documento_identidad_0',
  'file',
  'parcela',
  'columbario_lado1',
  'foto',
];
// English words of framework errors: a `detail` must be the product's Spanish.
const ENGLISH =
  /\b(the|must|should|invalid|expected|required|received|unexpected|cannot|failed|not found|bad request|unsupported|body|querystring|params)\b/i;

export function operationsOf(doc: OpenApi): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      if (SKIPPED.has(`${method.toUpperCase()} ${path}`)) continue;
      const content = spec.requestBody?.content ?? {};
      const body: Operation['body'] = content['application/json']
        ? { kind: 'json', schema: content['application/json'].schema }
        : content['application/x-www-form-urlencoded']
          ? { kind: 'form', schema: content['application/x-www-form-urlencoded'].schema }
          : ['post', 'put', 'patch'].includes(method)
            ? { kind: 'open' }
            : undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        params: (spec.parameters ?? [])
          .filter((param) => param.in === 'path' || param.in === 'query')
          .map((param) => ({ in: param.in as 'path' | 'query', name: param.name, schema: param.schema })),
        body,
      });
    }
  }
  return operations;
}

/** Every property name of the document's schemas, so that generated objects use the fields routes read. */
function namesOf(doc: OpenApi): string[] {
  const names = new Set<string>(FORM_NAMES);
  JSON.stringify(doc, (key, value: unknown) => {
    if (key === 'properties' && value && typeof value === 'object')
      for (const name of Object.keys(value)) names.add(name);
    return value;
  });
  return [...names];
}

const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as a client could still send it
  }
};

const pathValue = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 6 }).map(String) },
  { weight: 3, arbitrary: hostileText.map(encode) },
  { weight: 1, arbitrary: fc.constantFrom('%00', '%ff', 'a'.repeat(150), '..%2f..', 'usd', 'ves') },
);

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

function multipart(names: readonly string[]) {
  const boundary = 'fuzzboundary';
  const field = fc.tuple(
    fc.constantFrom(...FORM_NAMES, ...names.slice(0, 40)),
    hostileJson(names).map(asText),
  );
  const file = fc.tuple(
    fc.constantFrom(...FILE_NAMES),
    fc.constantFrom('recibo.png', '<script>.html', 'a\u0000.png', '../x.pdf', '', 'ñ.jpg'),
    fc.constantFrom(...FILE_CONTENTS),
  );
  return fc
    .tuple(
      fc.array(field, { maxLength: 6 }),
      fc.array(file, { maxLength: 3 }),
      fc.integer({ min: 0, max: 9 }),
    )
    .map(([fields, files, shape]) => {
      const parts = [
        ...fields.map(([name, value]) =>
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
        ),
        ...files.flatMap(([name, filename, content]) => [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          content,
          Buffer.from('\r\n'),
        ]),
        Buffer.from(`--${boundary}--\r\n`),
      ];
      const payload = Buffer.concat(parts);
      // Now and then a body cut short, or a content type without its boundary (defect 4).
      if (shape === 0)
        return {
          payload: payload.subarray(0, payload.length >> 1),
          type: `multipart/form-data; boundary=${boundary}`,
        };
      if (shape === 1) return { payload, type: 'multipart/form-data' };
      return { payload, type: `multipart/form-data; boundary=${boundary}` };
    });
}

function requestFor(operation: Operation, names: readonly string[]): fc.Arbitrary<Omit<FuzzRequest, 'role'>> {
  const pathParams = operation.params.filter((param) => param.in === 'path');
  const queryParams = operation.params.filter((param) => param.in === 'query');
  const body: fc.Arbitrary<{ payload?: string | Buffer; type?: string }> = (() => {
    const kind = operation.body?.kind;
    if (kind === 'json')
      return fc.oneof(
        {
          weight: 8,
          arbitrary: fromSchema(
            operation.body && 'schema' in operation.body ? operation.body.schema : undefined,
            names,
          ).map((value) => ({ payload: JSON.stringify(value) ?? 'null', type: 'application/json' })),
        },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom('{"a":', '', '[', 'nul')
            .map((payload) => ({ payload, type: 'application/json' })),
        },
      );
    if (kind === 'form')
      return fc
        .dictionary(fc.constantFrom('username', 'password', ...names.slice(0, 10)), hostileText, {
          maxKeys: 3,
        })
        .map((fields) => ({
          payload: new URLSearchParams(fields).toString(),
          type: 'application/x-www-form-urlencoded',
        }));
    if (kind === 'open')
      return fc.oneof(
        { weight: 3, arbitrary: multipart(names).map(({ payload, type }) => ({ payload, type })) },
        {
          weight: 1,
          arbitrary: hostileJson(names).map((value) => ({
            payload: JSON.stringify(value) ?? 'null',
            type: 'application/json',
          })),
        },
        { weight: 1, arbitrary: fc.constant({}) },
      );
    return fc.constant({});
  })();
  return fc
    .record({
      path: fc.tuple(...pathParams.map(() => pathValue)),
      query: fc.tuple(
        ...queryParams.map((param) =>
          fc.option(fromSchema(param.schema, names).map(asText), { nil: undefined }),
        ),
      ),
      body,
      address: fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`),
    })
    .map(({ path, query, body: { payload, type }, address }) => {
      let url = operation.path;
      pathParams.forEach((param, index) => (url = url.replace(`{${param.name}}`, path[index]!)));
      const search = new URLSearchParams();
      queryParams.forEach((param, index) => {
        if (query[index] !== undefined) search.append(param.name, query[index]!);
      });
      const queryText = search.toString();
      return {
        operation: `${operation.method} ${operation.path}`,
        method: operation.method,
        url: queryText ? `${url}?${queryText}` : url,
        headers: type ? { 'content-type': type } : ({} as Record<string, string>),
        ...(payload === undefined ? {} : { payload }),
        remoteAddress: address,
      };
    });
}

/**
 * A log of every row inserted or deleted (a trigger on each table, in the test database only), so that each
 * request costs one indexed look-up instead of counting every table. Rows of a rolled-back transaction
 * vanish with it: only what a request left behind is seen.
 */
async function installWriteLog(db: Db, tables: string[]) {
  await db.execute(sql.raw('create table fuzz_escrituras (id bigserial primary key, tabla text not null)'));
  await db.execute(
    sql.raw(`create function fuzz_anotar() returns trigger language plpgsql as $$
      begin insert into fuzz_escrituras (tabla) values (TG_TABLE_NAME); return null; end $$`),
  );
  for (const table of tables)
    await db.execute(
      sql.raw(
        `create trigger fuzz_anotar after insert or delete on "${table}" for each row execute function fuzz_anotar()`,
      ),
    );
}

async function lastWrite(db: Db): Promise<number> {
  const [row] = rowsOf<{ id: string | null }>(
    await db.execute(sql`select max(id) as id from fuzz_escrituras`),
  );
  return Number(row?.id ?? 0);
}

async function tablesWrittenSince(db: Db, id: number): Promise<string[]> {
  const rows = rowsOf<{ tabla: string }>(
    await db.execute(sql`select distinct tabla from fuzz_escrituras where id > ${id}`),
  );
  return rows.map((row) => row.tabla);
}

type RoleUser = { rol: (typeof ROLES)[number]; id: number; email: string; token: string | undefined };

/** One user and token per role. */
async function signInRoles(app: FastifyInstance) {
  const admin = await adminToken(app);
  const me = (await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(admin) })).json<{
    id: number;
  }>();
  const users: Record<string, RoleUser> = {
    administrador: { rol: 'administrador', id: me.id, email: ADMIN.email, token: admin },
  };
  for (const rol of ROLES.filter((role) => role !== 'administrador')) {
    const body = newUserBody(rol);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/usuarios/',
      headers: bearer(admin),
      payload: body,
    });
    if (response.statusCode !== 201 && response.statusCode !== 200)
      throw new Error(`fuzz set-up: ${rol} not created: ${response.body}`);
    const id = response.json<{ id: number }>().id;
    users[rol] = { rol, id, email: body.email, token: await login(app, body.email) };
  }
  return users;
}

function problemOf(
  request: FuzzRequest,
  status: number,
  body: string,
  changed: string[],
): string | undefined {
  if (status >= 500) return 'answer 5xx';
  if (status < 400) return undefined;
  let detail: unknown;
  try {
    detail = (JSON.parse(body) as { detail?: unknown }).detail;
  } catch {
    return 'refusal that is not JSON';
  }
  const texts = Array.isArray(detail) ? detail.map((item) => (item as { msg?: unknown }).msg) : [detail];
  if (texts.length === 0 || texts.some((text) => typeof text !== 'string' || text.trim() === ''))
    return 'refusal without a detail';
  if (texts.some((text) => ENGLISH.test(text as string))) return 'detail not in Spanish';
  // A throttled sign-in is audited by design (defect 6). The shared rate-limit counters (decision 025) count every
  // attempt, whatever its outcome: that is what they are for.
  const allowed = ['contadores_limite', ...(request.url.startsWith('/api/v1/login') ? ['auditoria'] : [])];
  const unexpected = changed.filter((table) => !allowed.includes(table));
  if (unexpected.length > 0) return `refused, yet rows changed in ${unexpected.join(', ')}`;
  return undefined;
}

/**
 * Runs `requests` fuzzed requests against `app` (seeded, so a failure can be replayed) and answers the
 * status histogram and every failure.
 */
export async function runCampaign(args: {
  app: FastifyInstance;
  db: Db;
  requests: number;
  seed: number;
  onProgress?: (done: number) => void;
}): Promise<CampaignResult> {
  const { app, db } = args;
  const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json<OpenApi>();
  const operations = operationsOf(doc);
  const names = namesOf(doc);
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  ).map((row) => row.table_name);
  await installWriteLog(db, tables);
  const users = await signInRoles(app);
  const arbitrary = fc
    .constantFrom(...operations)
    .chain((operation) => requestFor(operation, names))
    .chain((request) => fc.constantFrom(...ROLES, 'sin sesión').map((role) => ({ ...request, role })));

  const histogram: Record<string, number> = {};
  const failures: Failure[] = [];
  const chunk = 250;
  for (let done = 0; done < args.requests; done += chunk) {
    const batch = fc.sample(arbitrary, {
      numRuns: Math.min(chunk, args.requests - done),
      seed: args.seed + done,
    });
    for (const request of batch) {
      const token = users[request.role]?.token;
      const before = await lastWrite(db);
      const response = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
        remoteAddress: request.remoteAddress,
      });
      histogram[response.statusCode] = (histogram[response.statusCode] ?? 0) + 1;
      const changed = response.statusCode >= 400 ? await tablesWrittenSince(db, before) : [];
      const problem = problemOf(request, response.statusCode, response.body, changed);
      if (problem)
        failures.push({ request, status: response.statusCode, body: response.body.slice(0, 300), problem });
    }
    await restoreUsers(app, db, users);
    args.onProgress?.(Math.min(done + chunk, args.requests));
  }
  return { histogram, failures, requests: args.requests };
}

/**
 * Fuzzed edits reach the campaign's own users (new password, role, state, deletion) and revoke their tokens:
 * between batches each such user is put back as it was, in the database, and signed in again, so that the
 * campaign keeps reaching past the role checks.
 */
async function restoreUsers(app: FastifyInstance, db: Db, users: Record<string, RoleUser>) {
  const passwordHash = await hashPassword(PASSWORD);
  for (const user of Object.values(users)) {
    const me = await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token ?? '') });
    if (me.statusCode === 200) continue;
    try {
      const [kept] = await db
        .update(usuarios)
        .set({ email: user.email, rol: user.rol, isActive: true, passwordHash })
        .where(eq(usuarios.id, user.id))
        .returning({ id: usuarios.id });
      if (!kept) {
        const { username, email, cedula, direccion, telefono } = newUserBody(user.rol);
        const created = await insertUser({
          db,
          username,
          email,
          rol: user.rol,
          password: PASSWORD,
          cedula,
          direccion,
          telefono,
        });
        Object.assign(user, { id: created.id, email });
      }
      user.token = await login(app, user.email);
    } catch {
      // Another fuzzed user took this e-mail or cédula: the role goes on with the token it has.
    }
  }
}

/** A failure as a line a developer can replay. */
export function describeFailure(failure: Failure): string {
  const { request } = failure;
  const payload =
    request.payload === undefined
      ? ''
      : ` body=${JSON.stringify(Buffer.isBuffer(request.payload) ? request.payload.toString('latin1') : request.payload).slice(0, 400)}`;
  return `${failure.problem}: ${request.method} ${request.url} as ${request.role} → ${failure.status} ${failure.body}${payload}`;
}
