/**
 * Java iteration orders that leak into ES's JSON: `String.hashCode`, and the order a `java.util.HashMap`
 * built by successive puts iterates its keys (bucket by spread hash, ties in insertion order; resizes
 * keep that relative order). ES prints policy phases and actions, and 6.x/7.x explain responses, in
 * this order. Pure.
 */

export function javaStringHashCode(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}

/**
 * Keys in the order a HashMap (capacity 16 unless given, load factor 0.75) iterates them after
 * inserting `keys` in order. Divergence: buckets that Java would turn into trees (8+ colliding
 * keys in a table of 64+) are kept in insertion order.
 */
export function javaHashMapOrder<T extends string>(keys: readonly T[], initialCapacity = 16): T[] {
  // ES sizes some maps up front (`new HashMap<>(n)`): the table is the next power of two.
  let capacity = 1;
  while (capacity < initialCapacity) capacity *= 2;
  while (keys.length > capacity * 0.75) capacity *= 2;
  const bucket = (key: string): number => {
    const h = javaStringHashCode(key);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return keys
    .map((key, position) => ({ key, position, bucket: bucket(key) }))
    .sort((a, b) => a.bucket - b.bucket || a.position - b.position)
    .map((entry) => entry.key);
}
