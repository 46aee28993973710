/**
 * PostgreSQL's text of a timestamptz in UTC, as a session whose TimeZone is UTC writes it
 * ('2026-03-05 14:22:11.722188+00', the fraction trimmed or absent) and as its JSON writes it
 * ('2026-03-05T14:22:11.722188+00:00').
 */
const UTC_INSTANT = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00(?::00)?$/;

/**
 * An instant as the API writes it, `Date#toISOString` (UTC, to the millisecond), from what a statement gave: a
 * Date, or PostgreSQL's text (Drizzle's node-postgres session and PGlite's JSON leave instants as text).
 * Issue 12: `new Date(text)` reads PostgreSQL's text with V8's slow fallback parser, 0.5 µs an instant, three a
 * request row: 7.6 % of a CPU profile of the server under a seller's unpaged list. A UTC text is rewritten as
 * text instead, its microseconds cut to milliseconds as the Date cuts them; any other (another zone, a year past
 * 9999, BC) still goes through a Date.
 */
export function isoInstant(value: Date | string): string {
  const utc = typeof value === 'string' ? UTC_INSTANT.exec(value) : null;
  if (utc) return `${utc[1]}T${utc[2]}.${`${utc[3] ?? ''}000`.slice(0, 3)}Z`;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
