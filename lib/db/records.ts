/**
 * The storage vocabulary of the layers above lib/db for small records of their own (sessions,
 * one-time codes, tokens, job markers, the outbox): read a record with its versionstamp, write or
 * remove one, list a prefix, and commit a set of writes only while the records read are
 * unchanged. Keys come from keys.ts; the Deno KV API itself stays in lib/db.
 */

/** A record as read, with the versionstamp a later commit checks. */
export type Entry<T> = Deno.KvEntryMaybe<T>;

/** A key that must still be absent when the commit lands (a claim, a unique marker). */
export const absent = (key: Deno.KvKey): Entry<unknown> => ({
  key,
  value: null,
  versionstamp: null,
});

/** One mutation of a commit: built here, joined to a commit by `commitIfUnchanged`. */
export type Write = (op: Deno.AtomicOperation) => void;

/** Sets a key (with an expiry in ms, when given). */
export const put = (key: Deno.KvKey, value: unknown, expireIn?: number): Write => (op) => {
  op.set(key, value, expireIn === undefined ? undefined : { expireIn });
};

/** Deletes a key. */
export const remove = (key: Deno.KvKey): Write => (op) => {
  op.delete(key);
};

/** Reads a record with its versionstamp. */
export function readEntry<T>(kv: Deno.Kv, key: Deno.KvKey): Promise<Entry<T>> {
  return kv.get<T>(key);
}

/** Reads a record's value (null when absent). */
export async function readValue<T>(kv: Deno.Kv, key: Deno.KvKey): Promise<T | null> {
  return (await kv.get<T>(key)).value;
}

/** Reads several records at once (at most 10 keys). */
export function readEntries<T extends readonly unknown[]>(
  kv: Deno.Kv,
  keys: readonly [...{ [K in keyof T]: Deno.KvKey }],
): Promise<{ [K in keyof T]: Entry<T[K]> }> {
  return kv.getMany<T>(keys);
}

/** Writes one record unconditionally (a new random key, or a marker whose last write wins). */
export async function writeValue(
  kv: Deno.Kv,
  key: Deno.KvKey,
  value: unknown,
  expireIn?: number,
): Promise<void> {
  await kv.set(key, value, expireIn === undefined ? undefined : { expireIn });
}

/** Deletes one key unconditionally. */
export async function removeKey(kv: Deno.Kv, key: Deno.KvKey): Promise<void> {
  await kv.delete(key);
}

/**
 * Commits `writes` in one atomic, only while every entry of `unchanged` still has the
 * versionstamp it was read with (an absent one: is still absent). False when another writer came
 * first: the caller reads again and decides again.
 * @example
 * const e = await readEntry<Settings>(kv, key);
 * const ok = await commitIfUnchanged(kv, [e], [(op) => op.set(key, { ...e.value, on: true })]);
 * if (!ok) {} // changed meanwhile: read again
 */
export async function commitIfUnchanged(
  kv: Deno.Kv,
  unchanged: readonly Entry<unknown>[],
  writes: readonly Write[],
): Promise<boolean> {
  const op = kv.atomic();
  for (const e of unchanged) op.check(e);
  for (const w of writes) w(op);
  return (await op.commit()).ok;
}

/** Every entry under a prefix, in key order (`limit`, `reverse` and `batchSize` as KV's list). */
export function listEntries<T>(
  kv: Deno.Kv,
  prefix: Deno.KvKey,
  options: Deno.KvListOptions = {},
): Deno.KvListIterator<T> {
  return kv.list<T>({ prefix }, options);
}

/** Entries between two keys of one family (start inclusive, end exclusive). */
export function listRange<T>(
  kv: Deno.Kv,
  selector: { prefix?: Deno.KvKey; start?: Deno.KvKey; end?: Deno.KvKey },
  options: Deno.KvListOptions = {},
): Deno.KvListIterator<T> {
  return kv.list<T>(selector as Deno.KvListSelector, options);
}
