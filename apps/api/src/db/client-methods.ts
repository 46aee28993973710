/** A method of the client, as a wrapper receives it: bound to the client, its arguments passed through. */
export type BoundMethod = (...args: unknown[]) => unknown;

/**
 * `client` with the methods named in `wrappers` replaced by what each wrapper makes of the client's own method;
 * every other property is the client's. The methods are bound to the client itself: PGlite keeps its state in
 * private fields, which a method reaches only when called on the object that holds them. Each is read when it is
 * called, so a test that replaces one (to count statements) is still seen through the wrappers.
 */
export function withMethods<T extends object>(
  client: T,
  wrappers: Partial<Record<string, (method: BoundMethod) => (...args: never[]) => unknown>>,
): T {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = (value as BoundMethod).bind(target);
      const wrapper = typeof property === 'string' ? wrappers[property] : undefined;
      return wrapper ? wrapper(method) : method;
    },
  });
}
