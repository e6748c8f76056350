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
