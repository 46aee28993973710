import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { withMethods } from './client-methods';

/**
 * Issue 12: PGlite runs Drizzle's prepared statements as unnamed ones, so PostgreSQL plans a list's page statement
 * again on every call, on the server's only thread. A statement registered here under a name (`registerStatement`,
 * from lib/prepared-once.ts) is sent once as `PREPARE name AS …` and then run as `EXECUTE name(…)`, so PostgreSQL
 * keeps its plan as it does for node-postgres' named statements. EXECUTE takes no bound parameters: they are
 * written into it as literals (whole numbers and lists of them, texts quoted as node-postgres quotes them); any
 * other value runs the statement as before, unprepared.
 */
const names = new Map<string, string>();

/**
 * Registers `text` to be prepared as `name` by every client of `withPreparedStatements`. A name stands for one
 * text wherever it runs, and the statements registered are the lists' few dozen kinds.
 */
export function registerStatement(text: string, name: string): void {
  names.set(text, name);
}

const isWhole = (value: unknown): value is number => Number.isSafeInteger(value);

/**
 * `value` as an SQL literal, or undefined when it is not one of the kinds the statements send. A text is quoted by
 * node-postgres' escapeLiteral: its quotes doubled and, when it holds a backslash, written as E'…' with each
 * backslash doubled, so no text ends its literal early whatever standard_conforming_strings says. A text with a
 * NUL, which no SQL text can hold, is left to the bound parameters, as before.
 */
function literalOf(value: unknown): string | undefined {
  if (isWhole(value)) return String(value);
  if (typeof value === 'string') return value.includes('\0') ? undefined : pg.escapeLiteral(value);
  // An array of ids, as PostgreSQL writes an int[].
  if (Array.isArray(value)) return value.every(isWhole) ? `'{${value.join(',')}}'` : undefined;
  return undefined;
}

/** The text registered under `name`, for the tests that read the statements sent: EXECUTE stands for it. */
export function registeredText(name: string): string | undefined {
  for (const [text, registered] of names) if (registered === name) return text;
  return undefined;
}

/** `client` with the registered statements prepared on first use (see above); its other methods are its own. */
export function withPreparedStatements(client: PGlite): PGlite {
  const prepared = new Map<string, Promise<boolean>>();
  /** Prepares `name` once; false when PGlite refused it, and the statement then runs unprepared. */
  const prepare = (name: string, text: string) => {
    let done = prepared.get(name);
    if (!done) {
      done = client.exec(`prepare ${name} as ${text}`).then(
        () => true,
        () => false,
      );
      prepared.set(name, done);
    }
    return done;
  };
  return withMethods(client, {
    query:
      (method) =>
      async (text: string, params: unknown[] = [], options?: unknown) => {
        const name = names.get(text);
        const literals = params.map(literalOf);
        if (!name || literals.includes(undefined) || !(await prepare(name, text))) {
          return method(text, params, options);
        }
        const args = literals.length ? `(${literals.join(', ')})` : '';
        return method(`execute ${name}${args}`, [], options);
      },
  });
}
