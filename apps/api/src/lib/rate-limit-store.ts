import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { incrementCounters } from './shared-counters';

// Issue 16, docs/decisions/025: @fastify/rate-limit's `store` contract on PostgreSQL. The plugin builds the store
// with `new Store(options)` and asks it for one child per limited route, then calls `incr(key, callback,
// timeWindow, max)` on each request; `current` over `max` is a 429. Fixed windows, as its memory store.

const RATE_PREFIX = 'ruta:';

type RouteLimit = { routeInfo: { method: string | string[]; url: string } };

export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(_options: unknown, prefix = RATE_PREFIX) {
      this.prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      incrementCounters(db, [this.prefix + key], timeWindow, { slide: false }).then(
        ([state]) => callback(null, { current: state?.count ?? 1, ttl: state?.ttlMs ?? timeWindow }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // The plugin passes the route's merged options (its types say RouteOptions): each route counts apart.
    child(routeOptions: unknown): FastifyRateLimitStore {
      const { method, url } = (routeOptions as RouteLimit).routeInfo;
      return new PostgresRateLimitStore(undefined, `${this.prefix}${String(method)}${url}:`);
    }
  }
  return PostgresRateLimitStore;
}
