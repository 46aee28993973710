import formbody from '@fastify/formbody';
import jwt from '@fastify/jwt';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { createMailer, type Mailer } from './lib/mailer';
import type { LoginThrottle } from './lib/login-throttle';
import { removeTemporaries } from './lib/multipart';
import { createStorage } from './lib/create-storage';
import type { FileStorage } from './lib/storage';
import { auditoriaRoutes } from './modules/auditoria/routes';
import { authRoutes } from './modules/auth/routes';
import { caducidadRoutes } from './modules/caducidad/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { clientesRoutes } from './modules/clientes/routes';
import { cobranzaRoutes } from './modules/cobranza/routes';
import { buscarRoutes } from './modules/buscar/routes';
import { contratosRoutes } from './modules/contratos/routes';
import { documentosRoutes } from './modules/documentos/routes';
import { correoRoutes } from './modules/correo/routes';
import { empresaRoutes } from './modules/empresa/routes';
import { pdfRoutes } from './modules/pdf/routes';
import { cuentasReceptorasRoutes } from './modules/cuentas-receptoras/routes';
import { healthRoutes } from './modules/health/routes';
import { ingresosRoutes } from './modules/ingresos/routes';
import { pagosRoutes } from './modules/pagos/routes';
import { ventasRoutes } from './modules/ventas/routes';
import { solicitudesRoutes } from './modules/solicitudes/routes';
import { inventarioRoutes } from './modules/inventario/routes';
import { mapaParcelasRoutes } from './modules/mapa-parcelas/routes';
import { registerMetrics } from './modules/metricas/hooks';
import { metricasRoutes } from './modules/metricas/routes';
import { planesRoutes } from './modules/planes/routes';
import { respaldoRoutes } from './modules/respaldo/routes';
import { ExchangeRateService } from './modules/tasa-cambio/service';
import { tasaCambioRoutes } from './modules/tasa-cambio/routes';
import { usuariosRoutes } from './modules/usuarios/routes';
import { vendedoresRoutes } from './modules/vendedores/routes';
import { verificacionPagosRoutes } from './modules/verificacion-pagos/routes';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerInputChecks } from './plugins/input-checks';
import { registerRouteAccess } from './plugins/route-access';
import { registerSecurityHeaders } from './plugins/security-headers';
import { compiledSerializers } from './plugins/serializers';
import { registerSharedLimits } from './plugins/shared-limits';
import { registerWebApp } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    rates: ExchangeRateService;
    storage: FileStorage;
    mailer: Mailer;
    loginThrottle: LoginThrottle;
  }
}

export type BuildOptions = {
  config: AppConfig;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  fetchRate?: typeof fetch;
};

/** Builds the whole application without side effects: no listening, no jobs (STYLE.md, app.ts builds). */
export async function buildApp({
  config,
  db,
  logger = false,
  fetchRate,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    frameworkErrors,
    clientErrorHandler,
  });
  const access = registerRouteAccess(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializers({ validate: config.validateResponses }));
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('rates', new ExchangeRateService(db, config.rateUrl, fetchRate));
  // Issue 16 (decision 024): DATA_DIR/uploads, or the S3-compatible bucket of STORAGE_URL.
  app.decorate('storage', await createStorage(config.storage, config.dataDir));
  app.addHook('onClose', async () => {
    await app.storage.close();
  });
  app.decorate(
    'mailer',
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
    }),
  );
  // Issue 16: before any route, so that every answer is timed (decision 027).
  registerMetrics(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // MUI (emotion) injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Issue 14 §3: the verification queue shows a PDF receipt, fetched with the token, in a frame of its blob.
        frameSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  // The sign-in throttle and the rate limits, shared by every instance (issue 16, docs/decisions/025).
  await registerSharedLimits(app);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 10, fields: 60 } });
  await app.register(jwt, {
    secret: config.jwtSecret,
    sign: { algorithm: 'HS256', expiresIn: config.tokenTtlSeconds },
    // Verified tokens' claims are kept (1,000 tokens, until each expires, ten minutes at most): a session's requests
    // verify its signature once. Revocation does not depend on it: every request still checks the token's version.
    verify: { algorithms: ['HS256'], cache: true },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Camposanto API', version: '1.0.0', description: 'Intranet de Camposanto (SPEC §7).' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await access.admitPublic(async () => {
    await app.register(swaggerUi, { routePrefix: '/docs' });
  });

  const webDist = config.webDist;
  // Before the answer leaves, so that a client never sees a refused upload's file still on disk.
  app.addHook('onSend', async (request) => removeTemporaries(request));
  const servesWebApp = webDist ? await access.admitPublic(() => registerWebApp(app, webDist)) : false;
  registerErrorHandling(app, { servesWebApp });
  registerInputChecks(app);
  for (const routes of [
    healthRoutes,
    metricasRoutes,
    authRoutes,
    usuariosRoutes,
    vendedoresRoutes,
    auditoriaRoutes,
    dashboardRoutes,
    tasaCambioRoutes,
    cuentasReceptorasRoutes,
    caducidadRoutes,
    planesRoutes,
    inventarioRoutes,
    mapaParcelasRoutes,
    clientesRoutes,
    solicitudesRoutes,
    contratosRoutes,
    ventasRoutes,
    documentosRoutes,
    pagosRoutes,
    correoRoutes,
    ingresosRoutes,
    cobranzaRoutes,
    buscarRoutes,
    empresaRoutes,
    pdfRoutes,
    verificacionPagosRoutes,
    respaldoRoutes,
  ]) {
    await app.register(routes);
  }
  return app;
}
