/**
 * Prospect search: one page and its count from the index entries (lib/db/prospect_indexes.ts),
 * reading only the records it returns; the walks behind exports, today's list and the deleted
 * list. docs/prospects.md explains the key design and its costs.
 */
import {
  clubByNumberKey,
  prospectByCustomerIdKey,
  prospectByEmailKey,
  prospectByPhoneKey,
  prospectsAwaitingContactPrefix,
  prospectsByAssigneePrefix,
  prospectsByFirstNamePrefix,
  prospectsByLastNamePrefix,
  prospectsByProjectClubPrefix,
  prospectsByProjectClubStatusPrefix,
  prospectsByProjectClubUrgencyPrefix,
  prospectsByProjectPrefix,
  prospectsByProjectStatusPrefix,
  prospectsDeletedPrefix,
  prospectTotalKey,
} from "@/lib/db/keys.ts";
import { counterValue, getManyChunked, listAll } from "@/lib/db/kv.ts";
import {
  doneFlag,
  type Facets,
  keyId,
  NAME_COUNT_LEN,
  NAME_FIRST,
  NAME_LAST,
  namePrefixTotalKey,
  type ProjectNames,
  urgencySortKey,
} from "@/lib/db/prospect_indexes.ts";
import {
  foldName,
  followUpSortKey,
  NO_FOLLOW_UP_SORT,
  type Prospect,
} from "@/lib/domain/prospect.ts";

import {
  type Candidate,
  compareCandidates,
  loadProspects,
  LOOKUP_CAP,
  matchesSpec,
  SCAN_CAP,
  searchKind,
  type SearchResult,
  type SearchSpec,
} from "@/lib/db/prospect_search_spec.ts";

export type { SearchResult, SearchSpec };

// ── search ──────────────────────────────────────────────────────────────────

/** Finds one page of prospects and the total (spec §7 GET /api/prospects). */
export async function searchProspects(kv: Deno.Kv, spec: SearchSpec): Promise<SearchResult> {
  const kind = spec.search ? searchKind(spec.search) : null;
  if (spec.customerId !== undefined) {
    const idx = await kv.get<string>(prospectByCustomerIdKey(spec.customerId));
    return await fromRecords(kv, spec, idx.value ? [idx.value] : []);
  }
  if (kind?.kind === "digits") {
    const ids = new Set<string>();
    const n = Number(kind.value);
    if (kind.value && kind.value.length <= 15 && Number.isSafeInteger(n)) {
      const idx = await kv.get<string>(prospectByCustomerIdKey(n));
      if (idx.value) ids.add(idx.value);
    }
    const phone = kind.phone;
    if (phone.length >= 3) {
      const family = prospectByPhoneKey("", "").slice(0, 1);
      for (const id of await prefixIds(kv, family, phone)) ids.add(id);
    }
    return await fromRecords(kv, spec, [...ids]);
  }
  const emailPrefix = kind?.kind === "email"
    ? kind.value
    : (spec.email && spec.email.length >= 3 ? spec.email.toLowerCase() : null);
  if (emailPrefix) {
    const family = prospectByEmailKey("", "").slice(0, 1);
    return await fromRecords(kv, spec, await prefixIds(kv, family, emailPrefix));
  }
  const nameWords = kind?.kind === "name" ? kind.words : null;
  if (spec.lastName || spec.firstName || nameWords) return await byName(kv, spec, nameWords);
  return await ordered(kv, spec);
}

/** Ids under [family, prefix…] for a string prefix (phone digits, lower-cased e-mail). */
async function prefixIds(kv: Deno.Kv, family: Deno.KvKey, prefix: string): Promise<string[]> {
  const out: string[] = [];
  const iter = kv.list({
    start: [...family, prefix],
    end: [...family, prefix + "\uffff"],
  }, { limit: LOOKUP_CAP, batchSize: 500 });
  for await (const e of iter) out.push(e.key[e.key.length - 1] as string);
  return out;
}

/** Filters loaded records in memory: for the small candidate sets of exact lookups. */
async function fromRecords(kv: Deno.Kv, spec: SearchSpec, ids: string[]): Promise<SearchResult> {
  const recs = (await loadProspects(kv, ids)).filter((p) => matchesSpec(p, spec));
  const cmp = compareCandidates(spec.order);
  const sortKey = spec.sort === "urgency" ? urgencySortKey : followUpSortKey;
  const cand = (p: Prospect): Candidate => ({ id: p.id, d: doneFlag(p), f: sortKey(p) });
  recs.sort((a, b) => cmp(cand(a), cand(b)));
  return {
    items: recs.slice(spec.offset, spec.offset + spec.limit),
    total: recs.length,
    approximate: ids.length >= LOOKUP_CAP || undefined,
  };
}

const segmentsOf = (spec: SearchSpec) => (spec.showCompleted ? [0, 1] : [0]);

function facetsMatch(f: Facets, spec: SearchSpec): boolean {
  if (spec.clubIds && !spec.clubIds.includes(f.c)) return false;
  if (spec.sellStatuses && !spec.sellStatuses.includes(f.s)) return false;
  if (spec.assignee && f.a !== spec.assignee) return false;
  return true;
}

/** Every numeric club id (for a name search over a whole project). */
async function allClubIds(kv: Deno.Kv): Promise<number[]> {
  const out: number[] = [];
  for await (const e of kv.list({ prefix: clubByNumberKey(0).slice(0, 1) })) {
    out.push(e.key[1] as number);
  }
  return out;
}

type NameRange = { family: (...p: Deno.KvKeyPart[]) => Deno.KvKey; prefix: string };

/** The candidates of name prefix ranges of these clubs and segments (values carry facets). */
async function nameCandidates(
  kv: Deno.Kv,
  spec: SearchSpec,
  ranges: NameRange[],
  clubs: number[],
  segments: number[],
): Promise<{ cands: Candidate[]; capped: boolean }> {
  const mp = spec.marketProjectId;
  const seen = new Set<string>();
  const cands: Candidate[] = [];
  let scanned = 0;
  let capped = false;
  for (const d of segments) {
    for (const r of ranges) {
      const lists = await Promise.all(clubs.map(async (club) => {
        const out: Deno.KvEntry<Facets>[] = [];
        const iter = kv.list<Facets>({
          start: r.family(mp, club, d, r.prefix),
          end: r.family(mp, club, d, r.prefix + "\uffff"),
        }, { batchSize: 200 });
        for await (const e of iter) {
          out.push(e);
          if (out.length > SCAN_CAP) break;
        }
        return out;
      }));
      for (const e of lists.flat()) {
        if (++scanned > SCAN_CAP) {
          capped = true;
          break;
        }
        const id = e.key[e.key.length - 1] as string;
        if (seen.has(id) || !facetsMatch(e.value, spec)) continue;
        seen.add(id);
        cands.push({ id, d, f: e.value.f });
      }
    }
  }
  return { cands, capped };
}

/** Name prefix search over the per-project-and-club folded name indexes (values carry facets). */
async function byName(
  kv: Deno.Kv,
  spec: SearchSpec,
  words: string[] | null,
): Promise<SearchResult> {
  const walked = await byNameOverProject(kv, spec);
  if (walked) return walked;
  const ranges: NameRange[] = [];
  if (spec.lastName) {
    ranges.push({ family: prospectsByLastNamePrefix, prefix: foldName(spec.lastName) });
  } else if (spec.firstName) {
    ranges.push({ family: prospectsByFirstNamePrefix, prefix: foldName(spec.firstName) });
  } else if (words && words.length > 1) {
    ranges.push({ family: prospectsByLastNamePrefix, prefix: words[words.length - 1] });
  } else if (words) {
    ranges.push({ family: prospectsByFirstNamePrefix, prefix: words[0] });
    ranges.push({ family: prospectsByLastNamePrefix, prefix: words[0] });
  }
  // The name indexes are per club: read the ranges of the clubs asked for (the grid always sends
  // the user's clubs), or of every club when the search covers the whole project.
  const clubs = spec.clubIds ?? await allClubIds(kv);
  const { cands, capped } = await nameCandidates(kv, spec, ranges, clubs, segmentsOf(spec));
  // Filters the name index does not cover need the records.
  const needsRecords = !!(spec.tag || spec.email || spec.registerFrom || spec.registerTo ||
    (spec.firstName && spec.lastName) || (words && words.length > 1) ||
    ((spec.firstName || spec.lastName) && spec.search) || spec.sort === "urgency");
  if (needsRecords) return await fromRecords(kv, spec, cands.map((c) => c.id));
  cands.sort(compareCandidates(spec.order));
  const page = cands.slice(spec.offset, spec.offset + spec.limit);
  return {
    items: await loadProspects(kv, page.map((c) => c.id)),
    total: cands.length,
    approximate: capped || undefined,
  };
}

/**
 * The cost model of a name prefix over a whole project, in name index entries read (the clubs'
 * ranges read in parallel): the per-club ranges cost this much more per segment, and an entry of
 * the walk along the one project range this many entries (both measured: docs/performance.md).
 */
const NAME_SCAN_OVERHEAD = 1_400;
const WALK_ENTRY_COST = 1.2;

/**
 * One name prefix (first or last name, up to NAME_COUNT_LEN letters) over a whole project and no
 * other filter: the total and each segment's matches from the project's name-prefix
 * counters, so only the segment(s) the page falls in are read — along the project index in
 * follow-up order (its values carry the folded names) when the page is near its start for the
 * prefix's density, else from the per-club name ranges. Answers null (the per-club ranges answer
 * the whole search) when other filters need them, or past the scan cap.
 */
async function byNameOverProject(kv: Deno.Kv, spec: SearchSpec): Promise<SearchResult | null> {
  if (
    spec.clubIds || spec.sellStatuses || spec.assignee || spec.tag || spec.email ||
    spec.registerFrom || spec.registerTo || spec.search || spec.sort === "urgency" ||
    !spec.firstName === !spec.lastName
  ) return null;
  const field = spec.firstName ? NAME_FIRST : NAME_LAST;
  const prefix = foldName(spec.firstName ?? spec.lastName ?? "");
  if (!prefix || [...prefix].length > NAME_COUNT_LEN) return null;
  const mp = spec.marketProjectId;
  const segs = segmentsOf(spec);
  const counts = (await getManyChunked(
    kv,
    segs.flatMap((d) => [namePrefixTotalKey(mp, field, prefix, d), prospectTotalKey("p", mp, d)]),
  )).map((e) => counterValue(e.value));
  const total = segs.reduce((n, _, i) => n + counts[2 * i], 0);
  const ids: string[] = [];
  let skip = spec.offset;
  for (let i = 0; i < segs.length && ids.length < spec.limit; i++) {
    const [matches, size] = [counts[2 * i], counts[2 * i + 1]];
    if (skip >= matches) {
      skip -= matches; // the page starts after this segment's matches: nothing to read here
      continue;
    }
    const want = Math.min(skip + spec.limit - ids.length, matches);
    const walk = Math.min(size, Math.ceil(want * size / matches));
    const names: SegmentNames = { spec, d: segs[i], field, prefix };
    const found = walk * WALK_ENTRY_COST <= matches + NAME_SCAN_OVERHEAD
      ? await walkNames(kv, names, want, walk)
      : await scanNames(kv, names);
    if (!found) return null;
    ids.push(...found.slice(skip, want));
    skip = 0;
  }
  return { items: await loadProspects(kv, ids), total };
}

/** The prospects of one segment of a project whose first or last name starts with a prefix. */
interface SegmentNames {
  spec: SearchSpec;
  d: number;
  field: number;
  prefix: string;
}

/** The first `want` ids of the segment along the project index (`estimate` entries to read). */
async function walkNames(
  kv: Deno.Kv,
  { spec, d, field, prefix }: SegmentNames,
  want: number,
  estimate: number,
): Promise<string[]> {
  const batchSize = Math.min(Math.max(Math.ceil(estimate * 1.2), 20), 500);
  const range = prospectsByProjectPrefix(spec.marketProjectId, d);
  const iter = spec.order === "desc"
    ? listDescUndatedLast(kv, range, undefined, batchSize)
    : kv.list<ProjectNames>({ prefix: range }, { batchSize });
  const ids: string[] = [];
  for await (const e of iter) {
    if (!(e.value as ProjectNames)[field].startsWith(prefix)) continue;
    ids.push(keyId(e.key));
    if (ids.length >= want) break;
  }
  return ids;
}

/**
 * Every id of a segment whose name starts with the prefix, in page order (per-club ranges); null
 * past SCAN_CAP matches (the whole search then answers with an approximate total).
 */
async function scanNames(
  kv: Deno.Kv,
  { spec, d, field, prefix }: SegmentNames,
): Promise<string[] | null> {
  const family = field === NAME_FIRST ? prospectsByFirstNamePrefix : prospectsByLastNamePrefix;
  const clubs = await allClubIds(kv);
  const { cands, capped } = await nameCandidates(kv, spec, [{ family, prefix }], clubs, [d]);
  return capped ? null : cands.sort(compareCandidates(spec.order)).map((c) => c.id);
}

/** The ordered index ranges (one per club × status combination) for the filters given. */
function orderedRanges(spec: SearchSpec, d: number): { prefix: Deno.KvKey; facets: boolean }[] {
  const mp = spec.marketProjectId;
  if (spec.sort === "urgency") {
    // Urgency indexes are per club (a whole project: every club, resolved by the caller);
    // urgencyInMemory handles the other filters.
    return (spec.clubIds ?? []).map((c) => ({
      prefix: prospectsByProjectClubUrgencyPrefix(mp, c, d),
      facets: false,
    }));
  }
  if (spec.assignee) {
    return [{ prefix: prospectsByAssigneePrefix(spec.assignee, mp, d), facets: true }];
  }
  const clubs = spec.clubIds;
  const statuses = spec.sellStatuses;
  if (clubs && statuses) {
    return clubs.flatMap((c) =>
      statuses.map((s) => ({
        prefix: prospectsByProjectClubStatusPrefix(mp, c, s, d),
        facets: false,
      }))
    );
  }
  if (clubs) {
    return clubs.map((c) => ({ prefix: prospectsByProjectClubPrefix(mp, c, d), facets: false }));
  }
  if (statuses) {
    return statuses.map((s) => ({
      prefix: prospectsByProjectStatusPrefix(mp, s, d),
      facets: false,
    }));
  }
  return [{ prefix: prospectsByProjectPrefix(mp, d), facets: false }];
}

/** The counters that hold the total of an unfiltered ordered range. */
function totalKeys(spec: SearchSpec, d: number): Deno.KvKey[] {
  const mp = spec.marketProjectId;
  if (spec.assignee) return [prospectTotalKey("ap", spec.assignee, mp, d)];
  const clubs = spec.clubIds;
  const statuses = spec.sellStatuses;
  if (clubs && statuses) {
    return clubs.flatMap((c) => statuses.map((s) => prospectTotalKey("pcs", mp, c, s, d)));
  }
  if (clubs) return clubs.map((c) => prospectTotalKey("pc", mp, c, d));
  if (statuses) return statuses.map((s) => prospectTotalKey("ps", mp, s, d));
  return [prospectTotalKey("p", mp, d)];
}

/**
 * Merges several ordered ranges (each sorted by followUpSortKey, id at the key's tail) into one
 * stream in that order: a filter over 5–20 clubs reads at most `limit` keys of each.
 */
async function* mergeRanges(
  kv: Deno.Kv,
  prefixes: Deno.KvKey[],
  reverse: boolean,
  limit: number | undefined,
  undatedLast = false,
): AsyncGenerator<Deno.KvEntry<unknown>> {
  const batchSize = limit ? Math.min(Math.max(limit, 10), 500) : 500;
  const iters = prefixes.map((prefix) =>
    reverse && undatedLast
      ? listDescUndatedLast(kv, prefix, limit, batchSize)
      : kv.list({ prefix }, { reverse, limit, batchSize })
  );
  if (iters.length === 1) {
    yield* iters[0];
    return;
  }
  const heads = await Promise.all(iters.map((it) => it.next()));
  const tail = (k: Deno.KvKey) => [k[k.length - 2] as string, k[k.length - 1] as string];
  const before = (a: Deno.KvKey, b: Deno.KvKey) => {
    const [fa, ia] = tail(a);
    const [fb, ib] = tail(b);
    if (undatedLast && reverse && fa !== fb) {
      if (fa === NO_FOLLOW_UP_SORT) return false;
      if (fb === NO_FOLLOW_UP_SORT) return true;
    }
    const lt = fa < fb || (fa === fb && ia < ib);
    return reverse ? !lt : lt;
  };
  while (true) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i];
      if (h.done) continue;
      if (best < 0 || before(h.value.key, (heads[best].value as Deno.KvEntry<unknown>).key)) {
        best = i;
      }
    }
    if (best < 0) return;
    yield heads[best].value as Deno.KvEntry<unknown>;
    heads[best] = await iters[best].next();
  }
}

/** A follow-up range latest date first, then the rows without a date (last, as ascending). */
async function* listDescUndatedLast(
  kv: Deno.Kv,
  prefix: Deno.KvKey,
  limit: number | undefined,
  batchSize: number,
): AsyncGenerator<Deno.KvEntry<unknown>> {
  let n = 0;
  const dated = kv.list({ start: prefix, end: [...prefix, NO_FOLLOW_UP_SORT] }, {
    reverse: true,
    limit,
    batchSize,
  });
  for await (const e of dated) {
    n++;
    yield e;
  }
  if (limit !== undefined && n >= limit) return;
  yield* kv.list({ prefix: [...prefix, NO_FOLLOW_UP_SORT] }, {
    reverse: true,
    limit: limit === undefined ? undefined : limit - n,
    batchSize,
  });
}

/** The follow-up ordered indexes: reads offset + size keys when no other filter applies. */
async function ordered(kv: Deno.Kv, spec: SearchSpec): Promise<SearchResult> {
  const facetFilter = !!spec.assignee && !!(spec.clubIds || spec.sellStatuses);
  const recordFilter = !!(spec.tag || spec.email || spec.registerFrom || spec.registerTo ||
    spec.search);
  const want = spec.offset + spec.limit;
  const reverse = spec.order === "desc";
  if (spec.sort === "urgency" && (recordFilter || spec.assignee || spec.sellStatuses)) {
    return await urgencyInMemory(kv, spec);
  }

  if (!facetFilter && !recordFilter) {
    const segs = segmentsOf(spec);
    // Urgency over a whole project merges every club's urgency range (the totals stay per project).
    const rangeSpec = spec.sort === "urgency" && !spec.clubIds
      ? { ...spec, clubIds: await allClubIds(kv) }
      : spec;
    const [counts, ids] = await Promise.all([
      getManyChunked(kv, segs.flatMap((d) => totalKeys(spec, d))),
      (async () => {
        const out: string[] = [];
        for (const d of segs) {
          const ranges = orderedRanges(rangeSpec, d).map((r) => r.prefix);
          const undatedLast = spec.sort !== "urgency";
          for await (const e of mergeRanges(kv, ranges, reverse, want, undatedLast)) {
            out.push(e.key[e.key.length - 1] as string);
            if (out.length >= want) break;
          }
          if (out.length >= want) break;
        }
        return out;
      })(),
    ]);
    const total = counts.reduce((n, e) => n + counterValue(e.value), 0);
    return { items: await loadProspects(kv, ids.slice(spec.offset, want)), total };
  }

  // Post-filtered scan: walks the narrowest range to the end to count (docs/prospects.md).
  let total = 0;
  let scanned = 0;
  let capped = false;
  const page: Prospect[] = [];
  const pageIds: string[] = [];
  let batch: string[] = [];
  const flush = async () => {
    if (!batch.length) return;
    for (const p of await loadProspects(kv, batch)) {
      if (!matchesSpec(p, spec)) continue;
      if (total >= spec.offset && total < want) page.push(p);
      total++;
    }
    batch = [];
  };
  outer: for (const d of segmentsOf(spec)) {
    const ranges = orderedRanges(spec, d);
    const prefixes = ranges.map((r) => r.prefix);
    for await (const e of mergeRanges(kv, prefixes, reverse, undefined, spec.sort !== "urgency")) {
      if (++scanned > SCAN_CAP) {
        capped = true;
        break outer;
      }
      const id = e.key[e.key.length - 1] as string;
      if (ranges[0].facets && !facetsMatch(e.value as Facets, spec)) continue;
      if (recordFilter) {
        batch.push(id);
        if (batch.length >= 200) await flush();
      } else {
        if (total >= spec.offset && total < want) pageIds.push(id);
        total++;
      }
    }
  }
  await flush();
  const items = recordFilter ? page : await loadProspects(kv, pageIds);
  return { items, total, approximate: capped || undefined };
}

/**
 * Urgency order under filters the urgency indexes do not cover (sell status, assignee, record
 * filters): the candidates of the narrowest follow-up range (at most LOOKUP_CAP), filtered and
 * sorted in memory (docs/activity.md).
 */
async function urgencyInMemory(kv: Deno.Kv, spec: SearchSpec): Promise<SearchResult> {
  const byFollowUp: SearchSpec = { ...spec, sort: "followUpDate" };
  const ids: string[] = [];
  outer: for (const d of segmentsOf(spec)) {
    const ranges = orderedRanges(byFollowUp, d);
    for await (const e of mergeRanges(kv, ranges.map((r) => r.prefix), false, undefined)) {
      if (ranges[0].facets && !facetsMatch(e.value as Facets, spec)) continue;
      ids.push(e.key[e.key.length - 1] as string);
      if (ids.length >= LOOKUP_CAP) break outer;
    }
  }
  return await fromRecords(kv, spec, ids);
}

/**
 * The candidates of today's list for these clubs: their web leads awaiting a first contact (any
 * project) and, in these projects, the open prospects whose activity is Escalated, Notified or
 * ToDo (the urgency index's weights 0–2), at most LOOKUP_CAP ids per range. The caller checks
 * each record (project, visibility) and orders them.
 */
export async function listTodayCandidates(
  kv: Deno.Kv,
  clubIds: number[],
  marketProjectIds: number[],
): Promise<Prospect[]> {
  const ids = new Set<string>();
  const take = async (sel: Deno.KvListSelector) => {
    for await (const e of kv.list(sel, { limit: LOOKUP_CAP, batchSize: 500 })) {
      ids.add(keyId(e.key));
    }
  };
  const ranges: Deno.KvListSelector[] = [];
  for (const c of clubIds) {
    ranges.push({ prefix: prospectsAwaitingContactPrefix(c) });
    for (const mp of marketProjectIds) {
      // Weights 0–2, and every web lead awaiting contact ("!…", urgencySortKey).
      ranges.push({
        start: prospectsByProjectClubUrgencyPrefix(mp, c, 0, "!"),
        end: prospectsByProjectClubUrgencyPrefix(mp, c, 0, "3|"),
      });
    }
  }
  for (let i = 0; i < ranges.length; i += 16) await Promise.all(ranges.slice(i, i + 16).map(take));
  return await loadProspects(kv, [...ids]);
}

/**
 * Every live prospect of a project that matches a spec, in follow-up order (open ones first, then
 * the completed when asked), read along the project index in batches: an export of 100,000 rows
 * starts at once and never holds them all.
 */
export async function* walkProspects(kv: Deno.Kv, spec: SearchSpec): AsyncGenerator<Prospect> {
  for (const d of spec.showCompleted ? [0, 1] : [0]) {
    let ids: string[] = [];
    const flush = async function* () {
      for (const p of await loadProspects(kv, ids)) if (matchesSpec(p, spec)) yield p;
      ids = [];
    };
    const iter = kv.list({ prefix: prospectsByProjectPrefix(spec.marketProjectId, d) }, {
      batchSize: 500,
    });
    for await (const e of iter) {
      ids.push(keyId(e.key));
      if (ids.length >= 200) yield* flush();
    }
    yield* flush();
  }
}

/** Soft-deleted prospects of a project, newest deletion first (admins). */
export async function listDeletedProspects(
  kv: Deno.Kv,
  marketProjectId: number,
  offset: number,
  limit: number,
): Promise<SearchResult> {
  const keys = await listAll<string>(kv, prospectsDeletedPrefix(marketProjectId), {
    reverse: true,
  });
  const ids = keys.map((e) => keyId(e.key));
  return { items: await loadProspects(kv, ids.slice(offset, offset + limit)), total: ids.length };
}
