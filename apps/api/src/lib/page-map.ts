/**
 * Decision 016: a page map is a list's buckets in the list's order (code prefixes, days, months) with the rows
 * each holds, kept by triggers. A page starts in the bucket that holds its first row: the index is entered at
 * that bucket's edge and skips at most one bucket of entries, whatever the page's depth.
 */
export const bucketsTotal = (buckets: { cantidad: number }[]) =>
  buckets.reduce((sum, bucket) => sum + bucket.cantidad, 0);

/** The bucket of the list's row `offset` (0-based) and how many rows the buckets before it hold; none past the end. */
export function bucketOf<B extends { cantidad: number }>(
  buckets: B[],
  offset: number,
): { bucket: B; before: number } | undefined {
  let before = 0;
  for (const bucket of buckets) {
    if (before + bucket.cantidad > offset) return { bucket, before };
    before += bucket.cantidad;
  }
  return undefined;
}

/**
 * A read done once, on first use: a list's summary and its page share one read of the map. A Drizzle query runs
 * on every `await`, so it is awaited once, here, and its promise kept.
 */
export function once<T>(read: () => PromiseLike<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= Promise.resolve(read()));
}
