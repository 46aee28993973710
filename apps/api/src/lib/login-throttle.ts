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
 * Kept behind this interface: memory on PGlite (one process), PostgreSQL or Redis when several instances share
 * the counts (issue 16, docs/decisions/025; `shared-login-throttle.ts`).
 */
export interface LoginThrottle {
  decide(address: string, account: string): Promise<ThrottleDecision>;
  recordFailure(address: string, account: string): Promise<void>;
  /** The right password clears the account's count, not the address's (a valid account must not reset it). */
  recordSuccess(account: string): Promise<void>;
}

/** The same rule for every store: the counts decide, the store only keeps them. */
export function decisionFor(
  config: LoginThrottleConfig,
  addressFailures: number,
  accountFailures: number,
): ThrottleDecision {
  return {
    refused: addressFailures >= config.addressMaxFailures,
    delayMs: Math.max(delayFor(config, addressFailures), delayFor(config, accountFailures)),
    addressFailures,
    accountFailures,
  };
}

/** Doubles with each failure beyond the free ones, up to the cap. */
function delayFor(config: LoginThrottleConfig, failures: number): number {
  const { freeFailures, delayBaseMs, delayMaxMs } = config;
  if (failures < freeFailures || delayBaseMs === 0) return 0;
  const doublings = Math.min(failures - freeFailures, 30);
  return Math.min(delayMaxMs, delayBaseMs * 2 ** doublings);
}

/** The keys of the counts, the same in every store (each prefixes its own namespace). */
export const addressKey = (address: string) => `ip:${address}`;
export const accountKey = (account: string) => `cuenta:${account}`;

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
    return decisionFor(this.config, this.failures(addressKey(address)), this.failures(accountKey(account)));
  }

  async recordFailure(address: string, account: string): Promise<void> {
    this.increment(addressKey(address));
    this.increment(accountKey(account));
  }

  async recordSuccess(account: string): Promise<void> {
    this.counters.delete(accountKey(account));
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
