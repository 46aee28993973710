/**
 * The entry of a lookup table for a key a client sent: never a property inherited from Object.prototype,
 * which '__proto__' or 'constructor' would otherwise return (issue 11: a TypeError, answered 500).
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
