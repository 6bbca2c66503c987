/**
 * Values read once per key and reused for `reuseMs` of the clock, for reads whose answer may be a moment old
 * (the history page's total, the oldest active round). The read in flight is shared: the requests that find
 * a value expired together wait for one read instead of each sending its own (decision 0040). A failed read
 * is dropped at once; so is a value `keeps` refuses, and the requests that had joined its read read again
 * (it was read before they came).
 */
export class ReusedValues<Key, Value> {
  private readonly entries = new Map<Key, { value: Promise<Value>; atMs: number }>();

  constructor(
    private readonly options: {
      reuseMs: number;
      /** Keys kept at most; past it the memory starts over (a stranger cannot grow it without bound). */
      maxKeys: number;
      keeps?: (value: Value) => boolean;
    },
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: Key, nowMs: number, read: () => Promise<Value>): Promise<Value> {
    const { reuseMs, maxKeys, keeps } = this.options;
    const hit = this.entries.get(key);
    // A clock that went back (a test's) is a miss, as is a value as old as the reuse.
    if (hit && nowMs >= hit.atMs && nowMs - hit.atMs < reuseMs) {
      return keeps ? hit.value.then((value) => (keeps(value) ? value : read())) : hit.value;
    }
    if (this.entries.size >= maxKeys) this.entries.clear();
    const entry = { value: read(), atMs: nowMs };
    this.entries.set(key, entry);
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    entry.value.then((value) => {
      if (keeps && !keeps(value)) forget();
    }, forget);
    return entry.value;
  }
}
