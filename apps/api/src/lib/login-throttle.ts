import type { LoginThrottleConfig } from '../config';

/** What the sign-in route does with one attempt before it checks the password. */
export type ThrottleDecision = {
  /** The address has failed too often: 429 without checking the password. */
  refused: boolean;
  /** How long the attempt waits before the password is checked (0: not throttled). */
  delayMs: number;
  addressFailures: number;
  accountFailures: number;
};

/**
 * Failed sign-ins counted by source address and by account (issue 11 defect 6). An address that fails too
 * often is refused; an account never is (anyone could trigger that), it only slows every attempt at it down.
 * Kept behind this interface so a shared store (PostgreSQL, Redis) can replace the memory of one process.
 */
export interface LoginThrottle {
  decide(address: string, account: string): Promise<ThrottleDecision>;
  recordFailure(address: string, account: string): Promise<void>;
  /** The right password clears the account's count, not the address's (a valid account must not reset it). */
  recordSuccess(account: string): Promise<void>;
}

type Counter = { failures: number; expiresAt: number };

// Beyond this many remembered keys the oldest are forgotten, so random identifiers cannot fill the memory.
const MAX_KEYS = 100_000;

export class MemoryLoginThrottle implements LoginThrottle {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly config: LoginThrottleConfig,
    private readonly now: () => number = Date.now,
  ) {}

  async decide(address: string, account: string): Promise<ThrottleDecision> {
    const addressFailures = this.failures(`ip:${address}`);
    const accountFailures = this.failures(`cuenta:${account}`);
    return {
      refused: addressFailures >= this.config.addressMaxFailures,
      delayMs: Math.max(this.delayFor(addressFailures), this.delayFor(accountFailures)),
      addressFailures,
      accountFailures,
    };
  }

  async recordFailure(address: string, account: string): Promise<void> {
    this.increment(`ip:${address}`);
    this.increment(`cuenta:${account}`);
  }

  async recordSuccess(account: string): Promise<void> {
    this.counters.delete(`cuenta:${account}`);
  }

  /** Doubles with each failure beyond the free ones, up to the cap. */
  private delayFor(failures: number): number {
    const { freeFailures, delayBaseMs, delayMaxMs } = this.config;
    if (failures < freeFailures || delayBaseMs === 0) return 0;
    const doublings = Math.min(failures - freeFailures, 30);
    return Math.min(delayMaxMs, delayBaseMs * 2 ** doublings);
  }

  private failures(key: string): number {
    const counter = this.counters.get(key);
    if (!counter) return 0;
    if (counter.expiresAt <= this.now()) {
      this.counters.delete(key);
      return 0;
    }
    return counter.failures;
  }

  /** A failure keeps the key's count for the window from the latest failure. */
  private increment(key: string) {
    const failures = this.failures(key) + 1;
    this.counters.delete(key);
    this.counters.set(key, { failures, expiresAt: this.now() + this.config.windowMs });
    if (this.counters.size > MAX_KEYS) {
      const oldest = this.counters.keys().next().value;
      if (oldest !== undefined) this.counters.delete(oldest);
    }
  }
}
