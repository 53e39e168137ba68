import assert from "node:assert/strict";
import {
  addWorkMs,
  startOfWorkOn,
  workMsBetween,
  type Worktime,
} from "../../lib/domain/worktime.ts";

const H = 3_600_000;
const MIN = 60_000;
const TZ = "Europe/Stockholm";
const wt = (from: string, to: string, timeZone = TZ): Worktime => ({
  worktimeFrom: from,
  worktimeTo: to,
  timeZone,
});
const DAY = wt("08:00", "17:00");
const iso = (d: Date) => d.toISOString();

/** Deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// 2026-03-02 is a Monday; Stockholm is UTC+1 until 2026-03-29 01:00Z, UTC+2 until 2026-10-25 01:00Z.

Deno.test("workMsBetween: inside one window", () => {
  assert.equal(workMsBetween("2026-03-02T07:00:00Z", "2026-03-02T16:00:00Z", DAY), 9 * H);
  assert.equal(workMsBetween("2026-03-02T08:00:00Z", "2026-03-02T08:30:00Z", DAY), 30 * MIN);
  assert.equal(workMsBetween("2026-03-02T08:00:00Z", "2026-03-02T08:00:00.001Z", DAY), 1);
});

Deno.test("workMsBetween: start before, inside and after the window", () => {
  // 06:00 local → 10:00 local: counts from 08:00.
  assert.equal(workMsBetween("2026-03-02T05:00:00Z", "2026-03-02T09:00:00Z", DAY), 2 * H);
  // 15:00 local → next day 10:00 local: 2 h + 2 h.
  assert.equal(workMsBetween("2026-03-02T14:00:00Z", "2026-03-03T09:00:00Z", DAY), 4 * H);
  // 20:00 local → next day 10:00 local: 2 h.
  assert.equal(workMsBetween("2026-03-02T19:00:00Z", "2026-03-03T09:00:00Z", DAY), 2 * H);
  // Entirely outside the window (evening to early morning, across midnight).
  assert.equal(workMsBetween("2026-03-02T17:00:00Z", "2026-03-03T06:59:59.999Z", DAY), 0);
});

Deno.test("workMsBetween: empty or reversed span is 0", () => {
  assert.equal(workMsBetween("2026-03-02T10:00:00Z", "2026-03-02T10:00:00Z", DAY), 0);
  assert.equal(workMsBetween("2026-03-02T12:00:00Z", "2026-03-02T10:00:00Z", DAY), 0);
});

Deno.test("workMsBetween: weekends count, every day is a work day", () => {
  // Friday 2026-03-06 00:00 local → Monday 2026-03-09 00:00 local: Fri, Sat, Sun.
  assert.equal(workMsBetween("2026-03-05T23:00:00Z", "2026-03-08T23:00:00Z", DAY), 27 * H);
  // A whole week.
  assert.equal(workMsBetween("2026-03-01T23:00:00Z", "2026-03-08T23:00:00Z", DAY), 63 * H);
});

Deno.test("workMsBetween: long spans are exact", () => {
  // 2025-01-01 → 2027-01-01 local: 730 days of 9 h (DST days included, window 08–17).
  assert.equal(workMsBetween("2024-12-31T23:00:00Z", "2026-12-31T23:00:00Z", DAY), 730 * 9 * H);
  // Window 01:00–04:00 over 2026: 365 × 3 h, minus 1 h in March, plus 1 h in October.
  assert.equal(
    workMsBetween("2025-12-31T23:00:00Z", "2026-12-31T23:00:00Z", wt("01:00", "04:00")),
    365 * 3 * H,
  );
  // Across many years and far from today.
  assert.equal(
    workMsBetween("1999-12-31T23:00:00Z", "2049-12-31T23:00:00Z", wt("10:00", "12:00")),
    18263 * 2 * H,
  );
});

Deno.test("DST 2026-03-29 (02:00 → 03:00) in Europe/Stockholm", () => {
  const from = "2026-03-28T23:00:00Z"; // 00:00 CET
  const to = "2026-03-29T22:00:00Z"; // 00:00 CEST next day
  // A window away from the switch is still 9 hours.
  assert.equal(workMsBetween(from, to, DAY), 9 * H);
  assert.equal(iso(startOfWorkOn("2026-03-29", DAY)), "2026-03-29T06:00:00.000Z");
  assert.equal(iso(startOfWorkOn("2026-03-28", DAY)), "2026-03-28T07:00:00.000Z");
  // A window containing the switch counts real elapsed time: 01:00 CET → 04:00 CEST = 2 h.
  const night = wt("01:00", "04:00");
  assert.equal(workMsBetween(from, to, night), 2 * H);
  assert.equal(iso(startOfWorkOn("2026-03-29", night)), "2026-03-29T00:00:00.000Z");
  // A bound inside the skipped hour resolves to the switch (03:00 CEST = 01:00Z).
  const skipped = wt("02:30", "17:00");
  assert.equal(iso(startOfWorkOn("2026-03-29", skipped)), "2026-03-29T01:00:00.000Z");
  assert.equal(workMsBetween(from, to, skipped), 14 * H);
  assert.equal(workMsBetween(from, to, wt("02:00", "02:59")), 0);
  assert.equal(workMsBetween(from, to, wt("00:00", "02:30")), 2 * H);
  // addWorkMs across the switch.
  assert.equal(iso(addWorkMs("2026-03-29T00:00:00Z", 1 * H, night)), "2026-03-29T01:00:00.000Z");
  assert.equal(iso(addWorkMs("2026-03-29T00:00:00Z", 2 * H, night)), "2026-03-29T02:00:00.000Z");
  assert.equal(iso(addWorkMs("2026-03-29T00:00:00Z", 3 * H, night)), "2026-03-30T00:00:00.000Z");
});

Deno.test("DST 2026-10-25 (03:00 → 02:00) in Europe/Stockholm", () => {
  const from = "2026-10-24T22:00:00Z"; // 00:00 CEST
  const to = "2026-10-25T23:00:00Z"; // 00:00 CET next day
  assert.equal(workMsBetween(from, to, DAY), 9 * H);
  assert.equal(iso(startOfWorkOn("2026-10-25", DAY)), "2026-10-25T07:00:00.000Z");
  assert.equal(iso(startOfWorkOn("2026-10-24", DAY)), "2026-10-24T06:00:00.000Z");
  // 01:00 CEST → 04:00 CET = 4 h: the repeated hour counts twice.
  const night = wt("01:00", "04:00");
  assert.equal(workMsBetween(from, to, night), 4 * H);
  // A bound inside the repeated hour resolves to its first occurrence (02:30 CEST).
  const repeated = wt("02:30", "17:00");
  assert.equal(iso(startOfWorkOn("2026-10-25", repeated)), "2026-10-25T00:30:00.000Z");
  assert.equal(workMsBetween(from, to, repeated), 15.5 * H);
  assert.equal(workMsBetween(from, to, wt("00:00", "02:30")), 2.5 * H);
  assert.equal(iso(addWorkMs("2026-10-24T23:00:00Z", 2 * H, night)), "2026-10-25T01:00:00.000Z");
  assert.equal(iso(addWorkMs("2026-10-24T23:00:00Z", 4 * H, night)), "2026-10-25T03:00:00.000Z");
});

Deno.test("addWorkMs: zero, window end, next day", () => {
  // ms = 0 returns the start itself, even outside the window.
  assert.equal(iso(addWorkMs("2026-03-02T22:13:00Z", 0, DAY)), "2026-03-02T22:13:00.000Z");
  assert.equal(iso(addWorkMs("2026-03-02T10:00:00Z", 0, DAY)), "2026-03-02T10:00:00.000Z");
  // Reaching the amount exactly at the window's end gives the end, not the next morning.
  assert.equal(iso(addWorkMs("2026-03-02T07:00:00Z", 9 * H, DAY)), "2026-03-02T16:00:00.000Z");
  assert.equal(iso(addWorkMs("2026-03-02T14:00:00Z", 2 * H, DAY)), "2026-03-02T16:00:00.000Z");
  // One more millisecond spills to the next morning.
  assert.equal(iso(addWorkMs("2026-03-02T14:00:00Z", 2 * H + 1, DAY)), "2026-03-03T07:00:00.001Z");
  // Start outside the window.
  assert.equal(iso(addWorkMs("2026-03-02T19:00:00Z", 2 * H, DAY)), "2026-03-03T09:00:00.000Z");
  assert.equal(iso(addWorkMs("2026-03-02T05:00:00Z", 1, DAY)), "2026-03-02T07:00:00.001Z");
  // Many days ahead (900 h = 100 days of 9 h).
  assert.equal(iso(addWorkMs("2026-01-01T07:00:00Z", 900 * H, DAY)), "2026-04-10T15:00:00.000Z");
  assert.throws(() => addWorkMs("2026-03-02T10:00:00Z", -1, DAY), RangeError);
});

Deno.test("startOfWorkOn", () => {
  assert.equal(iso(startOfWorkOn("2026-07-01", DAY)), "2026-07-01T06:00:00.000Z");
  assert.equal(
    iso(startOfWorkOn("2026-07-01", wt("08:00", "17:00", "UTC"))),
    "2026-07-01T08:00:00.000Z",
  );
  assert.equal(
    iso(startOfWorkOn("2026-07-01", wt("08:00", "17:00", "America/New_York"))),
    "2026-07-01T12:00:00.000Z",
  );
  assert.throws(() => startOfWorkOn("2026-02-30", DAY), RangeError);
  assert.throws(() => startOfWorkOn("1.7.2026", DAY), RangeError);
});

Deno.test("invalid worktime is rejected", () => {
  assert.throws(() => workMsBetween(0, H, wt("17:00", "08:00")), RangeError);
  assert.throws(() => workMsBetween(0, H, wt("08:00", "08:00")), RangeError);
  assert.throws(() => workMsBetween(0, H, wt("8am", "17:00")), RangeError);
  assert.throws(() => workMsBetween(0, H, wt("08:00", "17:00", "Mars/Olympus")), RangeError);
  assert.equal(
    workMsBetween("2026-03-02T23:00:00Z", "2026-03-03T23:00:00Z", wt("00:00", "24:00")),
    24 * H,
  );
});

const ZONES = [
  "Europe/Stockholm",
  "America/New_York",
  "Australia/Lord_Howe",
  "Pacific/Auckland",
  "Asia/Kolkata",
  "UTC",
];
const TRANSITIONS = [
  "2026-03-29",
  "2026-10-25",
  "2026-03-08",
  "2026-11-01",
  "2026-04-05",
  "2026-10-04",
  "2026-09-27",
];

/** Windows for the random cases, including ones that contain, start or end inside a DST switch. */
const WINDOWS: [string, string][] = [
  ["08:00", "17:00"],
  ["01:00", "04:00"],
  ["02:30", "17:00"],
  ["00:00", "02:30"],
  ["02:00", "03:00"],
  ["00:00", "24:00"],
  ["06:15", "06:16"],
  ["21:45", "23:59"],
];

function toMinutes(hm: string): number {
  const [h, m] = hm.split(":").map(Number);
  return h * 60 + m;
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${
    String(minutes % 60).padStart(2, "0")
  }`;
}

Deno.test("addWorkMs and workMsBetween are consistent (seeded random cases)", () => {
  const rnd = prng(20260329);
  for (let n = 0; n < 600; n++) {
    const tz = ZONES[Math.floor(rnd() * ZONES.length)];
    const [from, to] = WINDOWS[Math.floor(rnd() * WINDOWS.length)];
    const w = wt(from, to, tz);
    const base = rnd() < 0.5
      ? Date.parse(TRANSITIONS[Math.floor(rnd() * TRANSITIONS.length)] + "T00:00:00Z")
      : Date.UTC(2024, 0, 1) + Math.floor(rnd() * 1000) * 86_400_000;
    const start = base + Math.floor((rnd() - 0.5) * 4 * 86_400_000);
    const perDay = (toMinutes(to) - toMinutes(from)) * MIN;
    const ms = rnd() < 0.1 ? 0 : 1 + Math.floor(rnd() * perDay * (rnd() < 0.5 ? 3 : 400));
    const t = addWorkMs(start, ms, w).getTime();
    const ctx = `${JSON.stringify(w)} start=${new Date(start).toISOString()} ms=${ms}`;
    assert.equal(workMsBetween(start, t, w), ms, ctx);
    if (ms > 0) {
      assert.ok(t > start, ctx);
      assert.equal(workMsBetween(start, t - 1, w), ms - 1, ctx);
    }
    // Additivity around an intermediate point.
    const mid = start + Math.floor(rnd() * (t - start + 1));
    assert.equal(workMsBetween(start, mid, w) + workMsBetween(mid, t, w), ms, ctx);
  }
});

/** Independent oracle: steps of 15 minutes, each counted when its local wall time is in the window. */
function localMinutes(ms: number, fmt: Intl.DateTimeFormat): number {
  const parts = fmt.formatToParts(ms);
  const get = (type: string) => +parts.find((p) => p.type === type)!.value;
  return get("hour") * 60 + get("minute");
}

Deno.test("workMsBetween matches a 15-minute stepping oracle across DST changes", () => {
  const rnd = prng(1025);
  for (let n = 0; n < 120; n++) {
    const tz = ZONES[n % ZONES.length];
    const fmt = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      hour: "numeric",
      minute: "numeric",
    });
    // Bounds on the 15-minute grid, outside 01:00–03:00 where wall times can be skipped or repeated.
    const grid = () => {
      for (;;) {
        const m = Math.floor(rnd() * 96) * 15;
        if (m < 60 || m >= 180) return m;
      }
    };
    let from = grid(), to = grid();
    while (from === to) to = grid();
    if (from > to) [from, to] = [to, from];
    const w = wt(hhmm(from), hhmm(to), tz);
    const day = Date.parse(TRANSITIONS[Math.floor(rnd() * TRANSITIONS.length)] + "T00:00:00Z");
    const start = day - 3 * 86_400_000 + Math.floor(rnd() * 4 * 96) * 15 * MIN;
    const end = start + Math.floor(rnd() * 6 * 96) * 15 * MIN;
    let expected = 0;
    for (let t = start; t < end; t += 15 * MIN) {
      const m = localMinutes(t, fmt);
      if (m >= from && m < to) expected += 15 * MIN;
    }
    assert.equal(
      workMsBetween(start, end, w),
      expected,
      `${JSON.stringify(w)} ${new Date(start).toISOString()}–${new Date(end).toISOString()}`,
    );
  }
});
