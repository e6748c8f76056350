/**
 * A cache for a pure answer that holds at most `capacity` entries, forgetting the oldest first:
 * what it remembers can never grow with what callers send.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly capacity: number) {}

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  set(key: K, value: V): void {
    if (!this.#entries.has(key) && this.#entries.size >= this.capacity) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(key, value);
  }

  get size(): number {
    return this.#entries.size;
  }
}

/**
 * `compute`, a pure function of a text, remembered for texts of up to `longestText` characters,
 * at most `capacity` of them: a longer text is worked out each time and fills nothing.
 */
export function rememberedByText<T>(
  compute: (text: string) => T,
  capacity: number,
  longestText: number,
): (text: string) => T {
  const cache = new BoundedCache<string, T>(capacity);
  return (text) => {
    const remembered = cache.get(text);
    if (remembered !== undefined) return remembered;
    const answer = compute(text);
    if (text.length <= longestText) cache.set(text, answer);
    return answer;
  };
}
