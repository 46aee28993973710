import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

// Issue 16, docs/decisions/025: with REDIS_URL, the sign-in counters and the rate limits live in Redis. While the
// connection is down a command fails at once (no offline queue), and one sent to a Redis that hangs fails after
// REDIS_COMMAND_TIMEOUT_MS: the callers then fall back (the sign-in throttle to this instance's memory, the rate
// limits open), so Redis down neither makes sign-in answer 500 nor slows it down.
export const REDIS_COMMAND_TIMEOUT_MS = 500;
const WARN_EVERY_MS = 30_000;

/** Connects before the app serves (so its first requests already count in Redis); reconnects by itself later. */
export async function openRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 1_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
  });
  const warn = warnAtMostEvery(log, WARN_EVERY_MS);
  // Without a listener ioredis prints every reconnection failure to stderr; logged here at most twice a minute.
  redis.on('error', (error: unknown) => warn(error, 'Redis unreachable: shared limits fall back'));
  await redis.connect().catch((error: unknown) => warn(error, 'Redis unreachable at start: it is retried'));
  return redis;
}

/** A warning that repeats on every request of an outage is logged once per period. */
export function warnAtMostEvery(log: FastifyBaseLogger, periodMs: number) {
  let lastAt = -Infinity;
  return (error: unknown, message: string) => {
    const now = Date.now();
    if (now - lastAt < periodMs) return;
    lastAt = now;
    log.warn({ err: error }, message);
  };
}
