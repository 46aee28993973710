import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { LoginThrottleConfig } from '../config';
import type { Db } from '../db/client';
import {
  accountKey,
  addressKey,
  decisionFor,
  MemoryLoginThrottle,
  type LoginThrottle,
  type ThrottleDecision,
} from './login-throttle';
import { warnAtMostEvery } from './redis';
import { deleteCounter, incrementCounters, readCounters } from './shared-counters';

// Issue 16, docs/decisions/025: the sign-in failures counted together by every instance, with the rule of
// `decisionFor` (the same as one process's memory).

const LOGIN_PREFIX = 'login:';

/** On PostgreSQL: rows of contadores_limite, each failure one upsert of both keys. */
export class PostgresLoginThrottle implements LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly config: LoginThrottleConfig,
  ) {}

  async decide(address: string, account: string): Promise<ThrottleDecision> {
    const [addressFailures = 0, accountFailures = 0] = await readCounters(this.db, keysOf(address, account));
    return decisionFor(this.config, addressFailures, accountFailures);
  }

  async recordFailure(address: string, account: string): Promise<void> {
    await incrementCounters(this.db, keysOf(address, account), this.config.windowMs, { slide: true });
  }

  async recordSuccess(account: string): Promise<void> {
    await deleteCounter(this.db, LOGIN_PREFIX + accountKey(account));
  }
}

/**
 * With REDIS_URL: INCR and PEXPIRE of both keys in one MULTI, so a count never lives without its expiry. Every
 * failure is also kept in this instance's memory, which decides while Redis does not answer (logged, at most
 * twice a minute): an outage loosens the throttle to one instance's counts, it never opens it nor answers 500.
 */
export class RedisLoginThrottle implements LoginThrottle {
  private readonly local: MemoryLoginThrottle;
  private readonly warn: (error: unknown, message: string) => void;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly config: LoginThrottleConfig,
    log: FastifyBaseLogger,
  ) {
    this.local = new MemoryLoginThrottle(config);
    this.warn = warnAtMostEvery(log, 30_000);
  }

  async decide(address: string, account: string): Promise<ThrottleDecision> {
    try {
      const [addressFailures, accountFailures] = await this.redis.mget(...this.keysOf(address, account));
      return decisionFor(this.config, Number(addressFailures ?? 0), Number(accountFailures ?? 0));
    } catch (error) {
      this.warn(error, 'Redis unreachable: sign-in throttled by this instance alone');
      return this.local.decide(address, account);
    }
  }

  async recordFailure(address: string, account: string): Promise<void> {
    await this.local.recordFailure(address, account);
    const [first, second] = this.keysOf(address, account);
    const windowMs = this.config.windowMs;
    try {
      const results = await this.redis
        .multi()
        .incr(first)
        .pexpire(first, windowMs)
        .incr(second)
        .pexpire(second, windowMs)
        .exec();
      const failed = results?.find(([error]) => error);
      if (!results || failed) throw failed?.[0] ?? new Error('Redis discarded the transaction');
    } catch (error) {
      this.warn(error, 'Redis unreachable: a sign-in failure is only counted by this instance');
    }
  }

  async recordSuccess(account: string): Promise<void> {
    await this.local.recordSuccess(account);
    try {
      await this.redis.del(this.prefix + LOGIN_PREFIX + accountKey(account));
    } catch (error) {
      this.warn(error, 'Redis unreachable: an account count is only cleared on this instance');
    }
  }

  private keysOf(address: string, account: string): [string, string] {
    const [first, second] = keysOf(address, account);
    return [this.prefix + first, this.prefix + second];
  }
}

function keysOf(address: string, account: string): [string, string] {
  return [LOGIN_PREFIX + addressKey(address), LOGIN_PREFIX + accountKey(account)];
}
