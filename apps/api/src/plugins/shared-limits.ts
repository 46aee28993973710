import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { MemoryLoginThrottle } from '../lib/login-throttle';
import { postgresRateLimitStore } from '../lib/rate-limit-store';
import { openRedis } from '../lib/redis';
import { postgresPool } from '../lib/shared-counters';
import { PostgresLoginThrottle, RedisLoginThrottle } from '../lib/shared-login-throttle';

/**
 * Issue 16, docs/decisions/025: where the sign-in throttle (`app.loginThrottle`) and the per-route rate limits
 * (`config.rateLimit` of a route) keep their counts. REDIS_URL set: Redis, shared by every instance; else on
 * PostgreSQL: the table contadores_limite; else (PGlite, one process) this process's memory.
 */
export async function registerSharedLimits(app: FastifyInstance): Promise<void> {
  const { config, db } = app;
  if (config.redisUrl) {
    const redis = await openRedis(config.redisUrl, app.log);
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    app.decorate(
      'loginThrottle',
      new RedisLoginThrottle(redis, config.redisPrefix, config.loginThrottle, app.log),
    );
    // Redis down: the limits let requests through (the sign-in throttle above still counts in memory).
    await app.register(rateLimit, {
      global: false,
      redis,
      nameSpace: `${config.redisPrefix}limite:`,
      skipOnError: true,
    });
    return;
  }
  if (postgresPool(db)) {
    app.decorate('loginThrottle', new PostgresLoginThrottle(db, config.loginThrottle));
    await app.register(rateLimit, { global: false, store: postgresRateLimitStore(db) });
    return;
  }
  app.decorate('loginThrottle', new MemoryLoginThrottle(config.loginThrottle));
  await app.register(rateLimit, { global: false });
}
