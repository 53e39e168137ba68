/**
 * What a generated store would write and then prune at once, held in memory instead (issue #17).
 * The keep step (keepMidnights, lib/db/reports.ts) computes every past midnight's report values
 * from the day buckets and stints, then prunes those older than the last kept midnight
 * (prunedBefore): ~11 of the ~25 keys a generated prospect wrote. The generator hands those to a
 * PrunedOverlay; the keep step reads the store through `view`, whose listings of those families
 * include them in key order, so it keeps the same values and the store never holds what it would
 * have pruned. Only the listings the keep step makes are served (one project's range; no cursor, no
 * reverse): any other listing of those families throws rather than answer without them.
 */
import { counterDelta } from "@/lib/db/kv.ts";
import { PRUNED_DAY_SCOPES } from "@/lib/db/reports.ts";

/**
 * Key parts as one string that sorts as KV sorts them (within one family's shapes): a string as
 * \u0001, its text and \u0000; a whole number 0 ≤ n < 2^48 as \u0002 and six 8-bit characters. Kept
 * one byte per character (V8's compact strings): a million-prospect chain holds ~10 million of them.
 */
function pack(key: Deno.KvKey, from = 0): string {
  let out = "";
  for (let i = from; i < key.length; i++) {
    const p = key[i];
    if (typeof p === "string") out += "\u0001" + p + "\u0000";
    else if (typeof p === "number" && Number.isInteger(p) && p >= 0 && p < 2 ** 48) {
      const high = Math.floor(p / 2 ** 32);
      out += String.fromCharCode(
        2,
        high >>> 8,
        high & 255,
        p >>> 24,
        (p >>> 16) & 255,
        (p >>> 8) & 255,
        p & 255,
      );
    } else throw new Error(`PrunedOverlay: a key part it cannot order (${String(p)})`);
  }
  return out;
}

/** The parts `pack` packed. */
function unpack(s: string): Deno.KvKeyPart[] {
  const out: Deno.KvKeyPart[] = [];
  for (let i = 0; i < s.length;) {
    if (s.charCodeAt(i) === 1) {
      const end = s.indexOf("\u0000", i + 1);
      out.push(s.slice(i + 1, end));
      i = end + 1;
    } else {
      let n = 0;
      for (let k = 1; k <= 6; k++) n = n * 256 + s.charCodeAt(i + k);
      out.push(n);
      i += 7;
    }
  }
  return out;
}

const COUNTERS = "report_counters";
const STINTS = "report_stints";
const DAY_SCOPES = new Set(PRUNED_DAY_SCOPES);

/** The parts of a key that name its group (one project's listing): scope and project, or project. */
const groupLength = (key: Deno.KvKey) => key[0] === COUNTERS ? 3 : 2;

/** Whether a listing reads a family the overlay may hold entries of. */
function overlaid(sel: Deno.KvListSelector): boolean {
  const key = "prefix" in sel ? sel.prefix : sel.start;
  if (key.length === 0) return true; // a whole-store listing
  if (key[0] === STINTS) return true;
  return key[0] === COUNTERS && (key.length < 2 || DAY_SCOPES.has(key[1] as string));
}

/** One project's entries of one family (and scope): a listing reads within one group. */
interface Group {
  /** The group's key parts: the family, then the scope and project, or the project. */
  prefix: Deno.KvKey;
  /** Counters (deltas summed) or stints (values set). */
  counters: boolean;
  /** The rest of each key, packed → its delta or value. */
  entries: Map<string, unknown>;
  /** The packed rests, sorted (made when listed). */
  order: string[] | null;
}

type Entry = Deno.KvEntry<unknown>;

export class PrunedOverlay {
  #groups = new Map<string, Group>();

  /** `cut`: where the keep step will prune (prunedBefore of the last keepable midnight). */
  constructor(readonly cut: { day: string; stint: string }) {}

  /** Whether the keep step would prune this report key (a day bucket or a stint before the cut). */
  holds(key: Deno.KvKey): boolean {
    if (key[0] === STINTS) return (key[3] as string) < this.cut.stint;
    return key[0] === COUNTERS && DAY_SCOPES.has(key[1] as string) &&
      (key[3] as string) < this.cut.day;
  }

  /** Sets an entry (a stint), as an atomic's set would. */
  set(key: Deno.KvKey, value: unknown) {
    const g = this.#group(key);
    g.entries.set(pack(key, g.prefix.length), value);
    g.order = null;
  }

  /** Adds to a counter (a day bucket), as an atomic's sum would: kept once added, even at 0. */
  add(key: Deno.KvKey, delta: number) {
    const g = this.#group(key);
    const rest = pack(key, g.prefix.length);
    g.entries.set(rest, ((g.entries.get(rest) as number | undefined) ?? 0) + delta);
    g.order = null;
  }

  /** `kv` with the overlay's entries in its listings of their families (reads); writes go to `kv`. */
  view(kv: Deno.Kv): Deno.Kv {
    const list = <T>(sel: Deno.KvListSelector, opts: Deno.KvListOptions = {}) =>
      overlaid(sel) ? this.#merged<T>(kv, sel, opts) : kv.list<T>(sel, opts);
    return new Proxy(kv, {
      get(target, prop) {
        if (prop === "list") return list;
        const v = Reflect.get(target, prop, target);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
  }

  #group(key: Deno.KvKey): Group {
    const prefix = key.slice(0, groupLength(key));
    const name = pack(prefix);
    let g = this.#groups.get(name);
    if (!g) {
      this.#groups.set(
        name,
        g = { prefix, counters: key[0] === COUNTERS, entries: new Map(), order: null },
      );
    }
    return g;
  }

  /**
   * The group a listing reads and the packed bounds of its rests: [from, to) within `within`.
   * Throws for a listing of more than one group (the keep step makes none).
   */
  #bounds(sel: Deno.KvListSelector) {
    const start = "start" in sel && sel.start ? sel.start : null;
    const end = "end" in sel && sel.end ? sel.end : null;
    const prefix = "prefix" in sel ? sel.prefix : null;
    const first = (prefix ?? start)!;
    const length = groupLength(first);
    const name = pack(first.slice(0, length));
    if (
      first.length < length || (end && (end.length < length || pack(end.slice(0, length)) !== name))
    ) {
      throw new Error(`PrunedOverlay: a listing across groups (${JSON.stringify(sel)})`);
    }
    return {
      group: this.#groups.get(name),
      length,
      from: pack(start ?? prefix!, length),
      within: prefix ? pack(prefix, length) : "",
      to: end ? pack(end, length) : null,
    };
  }

  /** The overlay's entries a listing selects, in key order, as [packed rest, entry]. */
  *#range(sel: Deno.KvListSelector): Generator<[string, Entry]> {
    const { group: g, from, within, to } = this.#bounds(sel);
    if (!g) return;
    const order = g.order ??= [...g.entries.keys()].sort();
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (order[mid] < from) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < order.length; i++) {
      const rest = order[i];
      if (!rest.startsWith(within) || (to !== null && rest >= to)) return;
      const v = g.entries.get(rest);
      const key = [...g.prefix, ...unpack(rest)];
      yield [rest, { key, value: g.counters ? counterDelta(v as number) : v, versionstamp: "" }];
    }
  }

  /** The store's listing and the overlay's, merged in key order (at most opts.limit entries). */
  #merged<T>(kv: Deno.Kv, sel: Deno.KvListSelector, opts: Deno.KvListOptions) {
    if (opts.reverse || opts.cursor) {
      throw new Error("PrunedOverlay: only forward listings without a cursor are served");
    }
    const { length } = this.#bounds(sel);
    const own = this.#range(sel);
    const stored = kv.list<T>(sel, opts);
    const limit = opts.limit ?? Infinity;
    return (async function* () {
      let mine = own.next();
      let n = 0;
      for await (const e of stored) {
        const at = pack(e.key, length);
        while (!mine.done && mine.value[0] < at && n < limit) {
          yield mine.value[1] as Deno.KvEntry<T>;
          n++;
          mine = own.next();
        }
        if (n >= limit) return;
        yield e;
        n++;
      }
      for (; !mine.done && n < limit; mine = own.next(), n++) {
        yield mine.value[1] as Deno.KvEntry<T>;
      }
    })();
  }
}
