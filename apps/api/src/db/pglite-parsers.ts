import { types, type PGlite } from '@electric-sql/pglite';
import { withMethods } from './client-methods';

type Parser = PGlite['parsers'][number];
type Options = { parsers?: Record<number, Parser | undefined> } & Record<string, unknown>;

/** The types Drizzle asks PGlite to leave as text with every statement (drizzle-orm/pglite/session.js)… */
const ELEMENT_TYPES: readonly number[] = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE];
/** …and arrays of them, or of numerics, each with the type of its elements. */
const ARRAY_TYPES: ReadonlyMap<number, number> = new Map([
  [1115, types.TIMESTAMP],
  [1185, types.TIMESTAMPTZ],
  [1187, types.INTERVAL],
  [1182, types.DATE],
  [1231, types.NUMERIC],
]);
const DRIZZLE_TEXT_TYPES = [...ELEMENT_TYPES, ...ARRAY_TYPES.keys()];

const asText: Parser = (value) => value;

/** Drizzle's parsers as it sends them: its types as text. The database thread sends these for Drizzle's statements. */
export const DRIZZLE_PARSERS: Readonly<Record<number, Parser>> = Object.fromEntries(
  DRIZZLE_TEXT_TYPES.map((type) => [type, asText]),
);

/** PGlite's own parsers of those types, as each client had them, for the statements that do not come from Drizzle. */
const ownParsers = new WeakMap<PGlite, Record<number, Parser | undefined>>();

/**
 * Issue 12: a statement sent with `parsers` makes PGlite copy its table of parsers, one per type it knows (318), to
 * merge them in: 0.09 ms a statement, on the server's only thread, where the dashboard's whole statement runs in
 * 0.4 ms. Drizzle sends the same few with every statement (DRIZZLE_TEXT_TYPES, as text). Through this wrapper the
 * client's own table reads those types as text, and Drizzle's statements are sent without `parsers`: each reads its
 * types exactly as before, without the copy. A statement from elsewhere (a raw `query` or `exec`, in a transaction
 * too) is given PGlite's own parsers of those types back, so it reads instants as Dates as it always did.
 */
export function withDrizzleParsers(client: PGlite): PGlite {
  const own = ownParsers.get(client) ?? parsersOf(client);
  ownParsers.set(client, own);
  const options = (given: Options | undefined): Options => {
    // Set on every statement: PGlite sets its array types' parsers again on `refreshArrayTypes`.
    for (const type of DRIZZLE_TEXT_TYPES) if (client.parsers[type] !== asText) client.parsers[type] = asText;
    if (given?.parsers && isDrizzles(given.parsers)) {
      const { parsers: _sameAsTheClients, ...rest } = given;
      return rest;
    }
    return { ...given, parsers: { ...own, ...given?.parsers } };
  };
  return wrap(client, options);
}

/**
 * The client's parsers of Drizzle's types, before they are set to text. PGlite's parser of an array type parses
 * each element with the client's parser of the element type at the time, which will be text: these parse them
 * with the element type's own (its parser of numerics is left as it is).
 */
function parsersOf(client: PGlite): Record<number, Parser | undefined> {
  const own: Record<number, Parser | undefined> = {};
  for (const type of ELEMENT_TYPES) own[type] = client.parsers[type];
  for (const [array, element] of ARRAY_TYPES) {
    const ofElement = ELEMENT_TYPES.includes(element) ? own[element] : client.parsers[element];
    // No parser of the element type: PGlite leaves the elements as text, and so does asText.
    own[array] = (value) => types.arrayParser(value, ofElement ?? asText, array);
  }
  return own;
}

/** Whether `parsers` are Drizzle's: its types, each left as text. */
export function isDrizzles(parsers: Record<number, Parser | undefined>): boolean {
  const given = Object.keys(parsers);
  return (
    given.length === DRIZZLE_TEXT_TYPES.length &&
    DRIZZLE_TEXT_TYPES.every((type) => parsers[type]?.('0', type) === '0')
  );
}

type Target = Pick<PGlite, 'query' | 'exec' | 'transaction'>;

function wrap<T extends Target>(target: T, options: (given: Options | undefined) => Options): T {
  return withMethods(target, {
    query: (method) => (text: string, params?: unknown[], given?: Options) =>
      method(text, params, options(given)),
    exec: (method) => (text: string, given?: Options) => method(text, options(given)),
    transaction: (method) => (callback: (tx: Target) => unknown) =>
      method((tx: Target) => callback(wrap(tx, options))),
  });
}
