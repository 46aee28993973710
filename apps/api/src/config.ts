import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseStorageUrl, type StorageConfig } from './lib/storage-url';

/** SPEC §7: the public official-rate service (DolarApi, Venezuela), read for its `promedio`. */
export const DEFAULT_RATE_URL = 'https://ve.dolarapi.com/v1/dolares/oficial';

// DESIGN §5 Configuration: environment only, parsed once.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET debe tener al menos 32 caracteres').optional(),
  TOKEN_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 60 * 60),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Camposanto <no-responder@camposanto.local>'),
  MAIL_ADMIN: z.string().default('administracion@camposanto.local'),
  // Empty or 'off': the rate is only set by hand (tests, demos, offline installations).
  RATE_URL: z.string().trim().default(DEFAULT_RATE_URL),
  RATE_REFRESH_MINUTES: z.coerce.number().positive().default(60),
  UPLOAD_MAX_MB: z.coerce.number().positive().default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  // Only behind a reverse proxy: then X-Forwarded-For names the client (rate limits, logs).
  TRUST_PROXY: z.enum(['true', 'false', '1', '0', '']).optional(),
  // Issue 16 (docs/decisions/027): GET /metrics also answers a scraper that presents it as a bearer token.
  METRICS_TOKEN: z.string().trim().min(16, 'METRICS_TOKEN debe tener al menos 16 caracteres').optional(),
  // Also check every answer against its schema before writing it (the API tests do; production trusts
  // the compiled serialisers, plugins/serializers.ts).
  VALIDATE_RESPONSES: z.enum(['true', 'false', '1', '0', '']).optional(),
  // Sign-in throttling (docs/security.md): failures allowed before delays, the delay's growth and cap, the
  // failures after which one address is refused, and how long failures are remembered.
  LOGIN_FREE_FAILURES: z.coerce.number().int().min(0).default(3),
  LOGIN_DELAY_BASE_MS: z.coerce.number().int().min(0).default(500),
  LOGIN_DELAY_MAX_MS: z.coerce.number().int().min(0).default(8000),
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().positive().default(20),
  LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .positive()
    .default(15 * 60),
  // Sign-in attempts one address may make per minute, whatever their outcome (the benchmark raises it).
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().positive().default(30),
  // Issue 16 (docs/decisions/025): sign-in counters and rate limits shared by every instance in Redis; unset, in
  // PostgreSQL (or the process's memory on PGlite). The prefix keeps installations sharing one Redis apart.
  REDIS_URL: z.string().trim().optional(),
  REDIS_PREFIX: z.string().trim().min(1).default('camposanto:'),
  // Issue 16 (docs/decisions/024): where uploaded files live. Unset or 'file:', DATA_DIR/uploads;
  // s3://bucket[/prefix]?endpoint=http://host:port&region=…, an S3-compatible bucket, with these keys.
  STORAGE_URL: z
    .string()
    .optional()
    .superRefine((value, context) => {
      const parsed = parseStorageUrl(value);
      if ('error' in parsed) context.addIssue({ code: 'custom', message: parsed.error });
    }),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
});

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  tokenTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailAdmin: string;
  rateUrl: string | undefined;
  rateRefreshMinutes: number;
  uploadMaxBytes: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string | undefined;
  trustProxy: boolean;
  metricsToken: string | undefined;
  validateResponses: boolean;
  loginThrottle: LoginThrottleConfig;
  redisUrl: string | undefined;
  redisPrefix: string;
  storage: StorageConfig;
};

export type LoginThrottleConfig = {
  freeFailures: number;
  delayBaseMs: number;
  delayMaxMs: number;
  addressMaxFailures: number;
  windowMs: number;
  attemptsPerMinute: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuración inválida:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    tokenTtlSeconds: e.TOKEN_TTL,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mailAdmin: e.MAIL_ADMIN,
    rateUrl: e.RATE_URL === '' || e.RATE_URL.toLowerCase() === 'off' ? undefined : e.RATE_URL,
    rateRefreshMinutes: e.RATE_REFRESH_MINUTES,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    metricsToken: e.METRICS_TOKEN || undefined,
    validateResponses: e.VALIDATE_RESPONSES === 'true' || e.VALIDATE_RESPONSES === '1',
    loginThrottle: {
      freeFailures: e.LOGIN_FREE_FAILURES,
      delayBaseMs: e.LOGIN_DELAY_BASE_MS,
      delayMaxMs: e.LOGIN_DELAY_MAX_MS,
      addressMaxFailures: e.LOGIN_ADDRESS_MAX_FAILURES,
      windowMs: e.LOGIN_WINDOW_SECONDS * 1000,
      attemptsPerMinute: e.LOGIN_RATE_PER_MINUTE,
    },
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    storage: storageOf(e),
  };
}

/** STORAGE_URL with its keys (the URL's own form is checked by the schema). */
function storageOf(e: z.output<typeof envSchema>): StorageConfig {
  const storage = parseStorageUrl(e.STORAGE_URL, {
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
  });
  if ('error' in storage) throw new Error(`Configuración inválida:\nS3_ACCESS_KEY_ID: ${storage.error}`);
  return storage;
}

/** DESIGN §5: when JWT_SECRET is unset, a secret is generated once and kept in DATA_DIR. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
