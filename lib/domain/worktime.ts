/**
 * Work-time arithmetic for the activity clock (DESIGN §7): how much of a span of real time falls
 * inside the daily work-time window, and when a given amount of work time has elapsed.
 *
 * Decisions:
 * - **Every day counts.** The clubs are open daily, so there are no weekends or holidays: the
 *   window `worktimeFrom`–`worktimeTo` applies to each local date of the week alike.
 * - **The window is local wall-clock time** in `timeZone`; a day's window is the real interval
 *   `[first instant that local date whose wall clock reads ≥ worktimeFrom, first instant it reads
 *   ≥ worktimeTo)`. Work time is real elapsed time inside that interval, so a window 01:00–04:00 in
 *   Europe/Stockholm lasts 2 h on the spring-forward day and 4 h on the fall-back day, while
 *   08:00–17:00 is 9 h on both. A bound inside a skipped hour (02:30 on the last Sunday of March)
 *   resolves to the switch instant (03:00 CEST); a bound inside a repeated hour resolves to its
 *   first occurrence.
 * - `workMsBetween(a, b)` is 0 when `b <= a`.
 * - `addWorkMs(start, 0)` is `start` itself, even outside the window. For `ms > 0` it is the
 *   *earliest* instant `t` with `workMsBetween(start, t) === ms`, so it lies inside a window (a
 *   threshold reached exactly at the window's end gives that end, not the next morning) and one
 *   millisecond earlier only `ms - 1` work milliseconds have elapsed.
 *
 * Performance: a day's window bounds are computed (with `Intl`) once per time zone and window,
 * in blocks of 256 days, together with running sums of the window lengths. After that,
 * `workMsBetween` and `addWorkMs` are a couple of array look-ups plus one step per 256-day block
 * spanned, whatever the length of the span.
 */

/** The chain's zone unless TZ_NAME says otherwise (lib/config.ts). */
export const DEFAULT_TIME_ZONE = "Europe/Stockholm";

export interface Worktime {
  /** "HH:mm" local time (HH 00–23; the end may also be "24:00"). */
  worktimeFrom: string;
  /** "HH:mm", after `worktimeFrom`. */
  worktimeTo: string;
  /** IANA time-zone name, e.g. "Europe/Stockholm". */
  timeZone: string;
}

/** An instant: a Date, epoch milliseconds, or an ISO string with an offset. */
export type Instant = Date | number | string;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const BLOCK_DAYS = 256;

/** Window bounds and running sums for BLOCK_DAYS consecutive local dates. */
interface Block {
  /** Local day number (days since 1970-01-01) of the first date in the block. */
  firstDay: number;
  /** Window start instant (epoch ms) per day. */
  starts: Float64Array;
  /** Window length (ms) per day. */
  durs: Float64Array;
  /** cum[i] = sum of durs[0..i-1]; cum[BLOCK_DAYS] is the block total. */
  cum: Float64Array;
}

interface Calendar {
  timeZone: string;
  fromMin: number;
  toMin: number;
  blocks: Map<number, Block>;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const calendars = new Map<string, Calendar>();
const MAX_CALENDARS = 64;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Throws RangeError for an unknown time zone.
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** UTC offset (local − UTC, in ms) of `timeZone` at the instant `ms`. */
function offsetAt(ms: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(ms);
  let y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
  for (const p of parts) {
    switch (p.type) {
      case "year":
        y = +p.value;
        break;
      case "month":
        mo = +p.value;
        break;
      case "day":
        d = +p.value;
        break;
      case "hour":
        h = +p.value;
        break;
      case "minute":
        mi = +p.value;
        break;
      case "second":
        s = +p.value;
        break;
    }
  }
  const wholeSecond = ms - (((ms % 1000) + 1000) % 1000);
  return Date.UTC(y, mo - 1, d, h, mi, s) - wholeSecond;
}

/**
 * The first instant whose local wall clock reads ≥ `wall` (a local time expressed as if it were
 * UTC epoch ms): the unique instant in the normal case, the earlier one in a repeated hour, the
 * switch instant in a skipped hour.
 */
function wallToInstant(wall: number, timeZone: string, cache: Map<number, number>): number {
  const off = (t: number): number => {
    let o = cache.get(t);
    if (o === undefined) {
      o = offsetAt(t, timeZone);
      cache.set(t, o);
    }
    return o;
  };
  const before = off(wall - DAY_MS);
  const after = off(wall + DAY_MS);
  if (before === after) return wall - before;
  const t1 = wall - before;
  if (offsetAt(t1, timeZone) === before) return t1; // exists (first occurrence if repeated)
  const t2 = wall - after;
  if (offsetAt(t2, timeZone) === after) return t2;
  // Skipped wall time: find the switch instant, the first instant with the new offset.
  let lo = Math.min(t1, t2), hi = Math.max(t1, t2);
  if (offsetAt(lo, timeZone) !== before) return hi; // not a single clean switch; stay sane
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (offsetAt(mid, timeZone) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

const TIME_RE = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

function parseMinutes(value: string, what: string): number {
  const m = TIME_RE.exec(value?.trim?.() ?? "");
  const h = m ? +m[1] : NaN, mi = m ? +m[2] : NaN, s = m?.[3] ? +m[3] : 0;
  if (!m || mi > 59 || s > 59 || h > 24 || (h === 24 && (mi > 0 || s > 0))) {
    throw new RangeError(`Invalid ${what} "${value}", expected HH:mm`);
  }
  return h * 60 + mi + s / 60;
}

function calendarFor(wt: Worktime): Calendar {
  const key = `${wt.timeZone}|${wt.worktimeFrom}|${wt.worktimeTo}`;
  let cal = calendars.get(key);
  if (!cal) {
    const fromMin = parseMinutes(wt.worktimeFrom, "worktimeFrom");
    const toMin = parseMinutes(wt.worktimeTo, "worktimeTo");
    if (!(fromMin < toMin)) {
      throw new RangeError(
        `worktimeFrom (${wt.worktimeFrom}) must be before worktimeTo (${wt.worktimeTo})`,
      );
    }
    formatterFor(wt.timeZone); // validate the zone now
    if (calendars.size >= MAX_CALENDARS) calendars.clear();
    cal = { timeZone: wt.timeZone, fromMin, toMin, blocks: new Map() };
    calendars.set(key, cal);
  }
  return cal;
}

function blockAt(cal: Calendar, index: number): Block {
  let b = cal.blocks.get(index);
  if (!b) {
    const firstDay = index * BLOCK_DAYS;
    const starts = new Float64Array(BLOCK_DAYS);
    const durs = new Float64Array(BLOCK_DAYS);
    const cum = new Float64Array(BLOCK_DAYS + 1);
    const cache = new Map<number, number>();
    const fromMs = Math.round(cal.fromMin * MINUTE_MS), toMs = Math.round(cal.toMin * MINUTE_MS);
    for (let i = 0; i < BLOCK_DAYS; i++) {
      const midnight = (firstDay + i) * DAY_MS;
      const s = wallToInstant(midnight + fromMs, cal.timeZone, cache);
      const e = wallToInstant(midnight + toMs, cal.timeZone, cache);
      starts[i] = s;
      durs[i] = e > s ? e - s : 0;
      cum[i + 1] = cum[i] + durs[i];
    }
    b = { firstDay, starts, durs, cum };
    cal.blocks.set(index, b);
  }
  return b;
}

function blockOfDay(cal: Calendar, day: number): Block {
  return blockAt(cal, Math.floor(day / BLOCK_DAYS));
}

/** Where an instant sits: the last day whose window starts at or before it, and the work time
 * elapsed in that day's window by then. */
interface Position {
  block: Block;
  i: number;
  within: number;
}

function locate(cal: Calendar, t: number): Position {
  // A local date's window starts within [day − 14 h, day + 38 h] of its UTC midnight, so the
  // answer is one of the days utcDay + 1 … utcDay − 2.
  let day = Math.floor(t / DAY_MS) + 1;
  for (;;) {
    const block = blockOfDay(cal, day);
    const i = day - block.firstDay;
    const start = block.starts[i];
    if (start <= t) {
      const d = t - start;
      return { block, i, within: d < block.durs[i] ? d : block.durs[i] };
    }
    day--;
  }
}

function toMs(x: Instant, what: string): number {
  const ms = typeof x === "number" ? x : typeof x === "string" ? Date.parse(x) : x.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`Invalid ${what}: ${String(x)}`);
  return ms;
}

/**
 * Milliseconds of work time (inside the daily local window, every day of the week) between two
 * instants; 0 when `endInstant <= startInstant`.
 */
export function workMsBetween(
  startInstant: Instant,
  endInstant: Instant,
  worktime: Worktime,
): number {
  const a = toMs(startInstant, "start instant");
  const b = toMs(endInstant, "end instant");
  if (b <= a) return 0;
  const cal = calendarFor(worktime);
  const pa = locate(cal, a);
  const pb = locate(cal, b);
  if (pa.block === pb.block) {
    return pb.block.cum[pb.i] + pb.within - pa.block.cum[pa.i] - pa.within;
  }
  let sum = pa.block.cum[BLOCK_DAYS] - pa.block.cum[pa.i] - pa.within;
  const ia = Math.floor(pa.block.firstDay / BLOCK_DAYS),
    ib = Math.floor(pb.block.firstDay / BLOCK_DAYS);
  for (let k = ia + 1; k < ib; k++) sum += blockAt(cal, k).cum[BLOCK_DAYS];
  return sum + pb.block.cum[pb.i] + pb.within;
}

/**
 * The instant at which `ms` work milliseconds have elapsed after `start`: `start` itself for
 * `ms === 0`, otherwise the earliest `t` with `workMsBetween(start, t, worktime) === ms`.
 */
export function addWorkMs(start: Instant, ms: number, worktime: Worktime): Date {
  const t0 = toMs(start, "start instant");
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`Invalid work time: ${ms}`);
  if (ms === 0) return new Date(t0);
  const cal = calendarFor(worktime);
  const p = locate(cal, t0);
  let block = p.block;
  let index = Math.floor(block.firstDay / BLOCK_DAYS);
  let from = p.i; // search days from here on
  let pos = block.cum[p.i] + p.within + ms; // target, relative to the block's running sum
  for (let guard = 0; pos > block.cum[BLOCK_DAYS]; guard++) {
    if (guard > 1_000_000) throw new RangeError("Work-time window never opens");
    pos -= block.cum[BLOCK_DAYS];
    block = blockAt(cal, ++index);
    from = 0;
  }
  // Smallest k in (from, BLOCK_DAYS] with cum[k] >= pos; the day is k − 1.
  const cum = block.cum;
  let lo = from + 1, hi = BLOCK_DAYS;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cum[mid] >= pos) hi = mid;
    else lo = mid + 1;
  }
  const day = lo - 1;
  return new Date(block.starts[day] + (pos - cum[day]));
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local day number (days since 1970-01-01) of a "yyyy-MM-dd" date; throws if it isn't one. */
function dayNumber(localDate: string): number {
  const m = DATE_RE.exec(localDate);
  if (m) {
    const y = +m[1], mo = +m[2], d = +m[3];
    const ms = Date.UTC(y, mo - 1, d);
    const check = new Date(ms);
    if (
      check.getUTCFullYear() === y && check.getUTCMonth() === mo - 1 && check.getUTCDate() === d
    ) {
      return ms / DAY_MS;
    }
  }
  throw new RangeError(`Invalid local date "${localDate}", expected yyyy-MM-dd`);
}

/** The instant work time starts on a local date ("yyyy-MM-dd") in the worktime's zone. */
export function startOfWorkOn(localDate: string, worktime: Worktime): Date {
  const day = dayNumber(localDate);
  const block = blockOfDay(calendarFor(worktime), day);
  return new Date(block.starts[day - block.firstDay]);
}
