import assert from "node:assert/strict";
import {
  activityAt,
  type ActivityResult,
  type ClockProspect,
  type TimeLimits,
} from "../../lib/domain/activity.ts";
import type { Worktime } from "../../lib/domain/worktime.ts";
import {
  ACTIVITY_WEIGHT,
  DONE_SELL_STATUSES,
  REPORT_SELL_STATUSES,
} from "../../lib/domain/statuses.ts";

const limits = (p: number, n: number, e: number): TimeLimits => ({
  hoursLeftBeforePaused: p,
  hoursLeftBeforeNotified: n,
  hoursLeftBeforeEscalated: e,
});

const LIMITS: Record<string, TimeLimits> = {
  Prospect: limits(2, 3, 4),
  NoAnswer1: limits(0, 1, 1),
  NoAnswer2: limits(1, 1, 1),
  LowPrio: limits(0, 0, 0),
  WaitingCustomer: limits(4, 2, 2),
  Booked: limits(0, 4, 4),
};

const TZ = "Europe/Stockholm";
const WT: Worktime = { worktimeFrom: "08:00", worktimeTo: "17:00", timeZone: TZ };
const NIGHT: Worktime = { worktimeFrom: "01:00", worktimeTo: "04:00", timeZone: TZ };

function prospect(over: Partial<ClockProspect> = {}): ClockProspect {
  return {
    sellStatus: null,
    lastSellStatusChange: null,
    registerDate: "2026-03-02T07:00:00.000Z", // Monday 08:00 CET
    followUpDate: null,
    ...over,
  };
}

const at = (
  p: ClockProspect,
  now: string | number,
  wt: Worktime = WT,
  lim: Record<string, TimeLimits> = LIMITS,
): ActivityResult => activityAt(p, lim, wt, new Date(now));

const statusAt = (p: ClockProspect, now: string | number, wt: Worktime = WT) =>
  at(p, now, wt).activityStatus;

/** Asserts the status is `before` 1 ms before `instant` and `after` at it. */
function assertEdge(
  p: ClockProspect,
  instant: string,
  before: string,
  after: string,
  wt: Worktime = WT,
) {
  const t = Date.parse(instant);
  assert.equal(statusAt(p, t - 1, wt), before, `1 ms before ${instant}`);
  assert.equal(statusAt(p, t, wt), after, `at ${instant}`);
}

Deno.test("thresholds P, P+N, P+N+E, exactly and 1 ms before", () => {
  const p = prospect(); // Prospect row: 2 / 3 / 4, clock at Monday 08:00 local
  const start = at(p, "2026-03-02T07:00:00Z");
  assert.deepEqual(start, {
    activityStatus: "Paused",
    activityStatusWeigth: 3,
    nextTransitionAt: "2026-03-02T09:00:00.000Z",
    clockStart: "2026-03-02T07:00:00.000Z",
    workedHours: 0,
  });
  assertEdge(p, "2026-03-02T09:00:00Z", "Paused", "ToDo");
  assertEdge(p, "2026-03-02T12:00:00Z", "ToDo", "Notified");
  assertEdge(p, "2026-03-02T16:00:00Z", "Notified", "Escalated"); // exactly the window's end

  const todo = at(p, "2026-03-02T09:00:00Z");
  assert.equal(todo.activityStatusWeigth, 2);
  assert.equal(todo.nextTransitionAt, "2026-03-02T12:00:00.000Z");
  assert.equal(todo.workedHours, 2);
  const notified = at(p, "2026-03-02T15:59:59.999Z");
  assert.equal(notified.activityStatusWeigth, 1);
  assert.equal(notified.nextTransitionAt, "2026-03-02T16:00:00.000Z");
  const escalated = at(p, "2026-03-10T12:00:00Z");
  assert.equal(escalated.activityStatus, "Escalated");
  assert.equal(escalated.activityStatusWeigth, 0);
  assert.equal(escalated.nextTransitionAt, null);
  assert.equal(escalated.workedHours, 8 * 9 + 5); // 8 whole days, then 08:00–13:00
});

Deno.test("clock starting before, inside and after the window", () => {
  // 06:00 local: counts from 08:00.
  const early = prospect({ registerDate: "2026-03-02T05:00:00Z" });
  assert.equal(at(early, "2026-03-02T06:30:00Z").nextTransitionAt, "2026-03-02T09:00:00.000Z");
  assertEdge(early, "2026-03-02T09:00:00Z", "Paused", "ToDo");

  // 15:00 local: 2 h reach the window's end, then the next morning.
  const inside = prospect({ registerDate: "2026-03-02T14:00:00Z" });
  assertEdge(inside, "2026-03-02T16:00:00Z", "Paused", "ToDo");
  assert.equal(at(inside, "2026-03-02T16:00:00Z").nextTransitionAt, "2026-03-03T10:00:00.000Z");
  assertEdge(inside, "2026-03-03T10:00:00Z", "ToDo", "Notified");
  // Overnight nothing moves.
  assert.equal(at(inside, "2026-03-03T03:00:00Z").workedHours, 2);

  // 20:00 local: next day 10:00 local.
  const late = prospect({ registerDate: "2026-03-02T19:00:00Z" });
  assert.equal(at(late, "2026-03-02T19:00:00Z").nextTransitionAt, "2026-03-03T09:00:00.000Z");
  assertEdge(late, "2026-03-03T09:00:00Z", "Paused", "ToDo");
});

Deno.test("crossing midnight and the weekend", () => {
  // Friday 2026-03-06 16:00 local; Saturday and Sunday are work days too.
  const p = prospect({ registerDate: "2026-03-06T15:00:00Z" });
  assertEdge(p, "2026-03-07T08:00:00Z", "Paused", "ToDo"); // Saturday 09:00
  assertEdge(p, "2026-03-07T11:00:00Z", "ToDo", "Notified"); // Saturday 12:00
  assertEdge(p, "2026-03-07T15:00:00Z", "Notified", "Escalated"); // Saturday 16:00
  assert.equal(at(p, "2026-03-06T23:30:00Z").workedHours, 1);
});

Deno.test("DST 2026-03-29: window without the switch hour", () => {
  // Saturday 16:00 CET → 1 h Saturday, then Sunday from 08:00 CEST (06:00Z).
  const p = prospect({ registerDate: "2026-03-28T15:00:00Z" });
  assertEdge(p, "2026-03-29T07:00:00Z", "Paused", "ToDo");
  assertEdge(p, "2026-03-29T10:00:00Z", "ToDo", "Notified");
  assertEdge(p, "2026-03-29T14:00:00Z", "Notified", "Escalated");
});

Deno.test("DST 2026-03-29: window 01:00–04:00 containing the switch is 2 h", () => {
  const p = prospect({ sellStatus: "NoAnswer2", registerDate: "2026-03-29T00:00:00Z" }); // 1/1/1
  assert.equal(at(p, "2026-03-29T00:00:00Z", NIGHT).nextTransitionAt, "2026-03-29T01:00:00.000Z");
  assertEdge(p, "2026-03-29T01:00:00Z", "Paused", "ToDo", NIGHT); // 03:00 CEST
  assertEdge(p, "2026-03-29T02:00:00Z", "ToDo", "Notified", NIGHT); // 04:00 CEST, window end
  assertEdge(p, "2026-03-30T00:00:00Z", "Notified", "Escalated", NIGHT); // Monday 02:00 CEST
});

Deno.test("DST 2026-10-25: window without the switch hour", () => {
  // Saturday 16:00 CEST (14:00Z) → 1 h, then Sunday from 08:00 CET (07:00Z).
  const p = prospect({ registerDate: "2026-10-24T14:00:00Z" });
  assertEdge(p, "2026-10-25T08:00:00Z", "Paused", "ToDo");
  assertEdge(p, "2026-10-25T11:00:00Z", "ToDo", "Notified");
  assertEdge(p, "2026-10-25T15:00:00Z", "Notified", "Escalated");
});

Deno.test("DST 2026-10-25: window 01:00–04:00 containing the switch is 4 h", () => {
  const p = prospect({ sellStatus: "NoAnswer2", registerDate: "2026-10-24T23:00:00Z" }); // 01:00 CEST
  assertEdge(p, "2026-10-25T00:00:00Z", "Paused", "ToDo", NIGHT); // 02:00 CEST
  assertEdge(p, "2026-10-25T01:00:00Z", "ToDo", "Notified", NIGHT); // 02:00 CET, the repeated hour
  assertEdge(p, "2026-10-25T02:00:00Z", "Notified", "Escalated", NIGHT); // 03:00 CET
  assert.equal(at(p, "2026-10-25T03:00:00Z", NIGHT).workedHours, 4);
});

Deno.test("P = 0: immediately ToDo", () => {
  const p = prospect({
    sellStatus: "NoAnswer1",
    lastSellStatusChange: "2026-03-02T10:00:00Z",
  });
  const r = at(p, "2026-03-02T10:00:00Z");
  assert.equal(r.activityStatus, "ToDo");
  assert.equal(r.nextTransitionAt, "2026-03-02T11:00:00.000Z");
  assertEdge(p, "2026-03-02T11:00:00Z", "ToDo", "Notified");
  assertEdge(p, "2026-03-02T12:00:00Z", "Notified", "Escalated");
});

Deno.test("all limits 0: immediately Escalated", () => {
  const p = prospect({ sellStatus: "LowPrio", lastSellStatusChange: "2026-03-02T20:00:00Z" });
  assert.deepEqual(at(p, "2026-03-02T20:00:00Z"), {
    activityStatus: "Escalated",
    activityStatusWeigth: 0,
    nextTransitionAt: null,
    clockStart: "2026-03-02T20:00:00.000Z",
    workedHours: 0,
  });
  // No limits row for the status and no Prospect row: all zeros.
  const none = prospect({ sellStatus: "RegretMeeting" });
  assert.equal(
    activityAt(none, {}, WT, new Date("2026-03-02T07:00:00Z")).activityStatus,
    "Escalated",
  );
});

Deno.test("follow-up date in the past starts the clock at work start on that date", () => {
  const p = prospect({
    sellStatus: "WaitingCustomer", // 4 / 2 / 2
    lastSellStatusChange: "2026-02-20T10:00:00Z",
    followUpDate: "2026-03-02",
  });
  const r = at(p, "2026-03-02T12:00:00Z");
  assert.equal(r.clockStart, "2026-03-02T07:00:00.000Z");
  assert.equal(r.workedHours, 5);
  assert.equal(r.activityStatus, "ToDo");
  assert.equal(r.nextTransitionAt, "2026-03-02T13:00:00.000Z");
});

Deno.test("follow-up date in the future: Paused until work start that day, then + P", () => {
  const p = prospect({
    sellStatus: "WaitingCustomer", // 4 / 2 / 2
    lastSellStatusChange: "2026-03-02T10:00:00Z",
    followUpDate: "2026-03-10",
  });
  assert.deepEqual(at(p, "2026-03-02T12:00:00Z"), {
    activityStatus: "Paused",
    activityStatusWeigth: 3,
    nextTransitionAt: "2026-03-10T11:00:00.000Z",
    clockStart: "2026-03-10T07:00:00.000Z",
    workedHours: 0,
  });
  assertEdge(p, "2026-03-10T11:00:00Z", "Paused", "ToDo");
  // A follow-up on the spring-forward Sunday starts at 08:00 CEST.
  const dst = prospect({
    sellStatus: "WaitingCustomer",
    lastSellStatusChange: "2026-03-20T10:00:00Z",
    followUpDate: "2026-03-29",
  });
  assert.equal(at(dst, "2026-03-21T12:00:00Z").nextTransitionAt, "2026-03-29T10:00:00.000Z");

  // With P = 0 a future follow-up is Paused until the clock start, then ToDo.
  const booked = prospect({
    sellStatus: "Booked",
    lastSellStatusChange: "2026-03-02T10:00:00Z",
    followUpDate: "2026-03-10",
  });
  const r = at(booked, "2026-03-05T12:00:00Z");
  assert.equal(r.activityStatus, "Paused");
  assert.equal(r.nextTransitionAt, "2026-03-10T07:00:00.000Z");
  assertEdge(booked, "2026-03-10T07:00:00Z", "Paused", "ToDo");
});

Deno.test("follow-up date is used only for follow-up statuses", () => {
  // A follow-up status without a date falls back to the last change.
  const noDate = prospect({
    sellStatus: "WaitingCustomer",
    lastSellStatusChange: "2026-03-03T07:00:00Z",
  });
  assert.equal(at(noDate, "2026-03-03T08:00:00Z").clockStart, "2026-03-03T07:00:00.000Z");
  // Another status ignores a (stale) date.
  const other = prospect({
    sellStatus: "NoAnswer1",
    lastSellStatusChange: "2026-03-03T07:00:00Z",
    followUpDate: "2026-03-20",
  });
  assert.equal(at(other, "2026-03-03T08:00:00Z").clockStart, "2026-03-03T07:00:00.000Z");
  // An impossible date falls back too.
  const bad = prospect({
    sellStatus: "Booked",
    lastSellStatusChange: "2026-03-03T07:00:00Z",
    followUpDate: "2026-02-30",
  });
  assert.equal(at(bad, "2026-03-03T08:00:00Z").clockStart, "2026-03-03T07:00:00.000Z");
});

Deno.test("last sell status change wins over the registration", () => {
  const p = prospect({ sellStatus: "Prospect", lastSellStatusChange: "2026-03-04T07:00:00Z" });
  const r = at(p, "2026-03-04T08:00:00Z");
  assert.equal(r.clockStart, "2026-03-04T07:00:00.000Z");
  assert.equal(r.activityStatus, "Paused");
  assert.equal(r.nextTransitionAt, "2026-03-04T09:00:00.000Z");
});

Deno.test("Done sell statuses are Done with no transition", () => {
  assert.ok(DONE_SELL_STATUSES.has("JumpedOff"));
  for (const s of DONE_SELL_STATUSES) {
    assert.deepEqual(at(prospect({ sellStatus: s }), "2026-03-10T12:00:00Z"), {
      activityStatus: "Done",
      activityStatusWeigth: 4,
      nextTransitionAt: null,
      clockStart: null,
      workedHours: 0,
    }, s);
  }
});

Deno.test("CustomerCleaned is sticky", () => {
  const expected = {
    activityStatus: "CustomerCleaned",
    activityStatusWeigth: 5,
    nextTransitionAt: null,
    clockStart: null,
    workedHours: 0,
  };
  for (const sellStatus of [null, "Prospect", "Member", "Booked"]) {
    const p = prospect({
      sellStatus,
      activityStatus: "CustomerCleaned",
      followUpDate: "2026-03-02",
    });
    assert.deepEqual(at(p, "2026-03-10T12:00:00Z"), expected);
  }
  // Any other stored activity status is recomputed.
  assert.equal(statusAt(prospect({ activityStatus: "Done" }), "2026-03-10T12:00:00Z"), "Escalated");
});

Deno.test("null sell status and a missing row use the Prospect row", () => {
  const viaNull = at(prospect({ sellStatus: null }), "2026-03-02T10:00:00Z");
  const viaProspect = at(prospect({ sellStatus: "Prospect" }), "2026-03-02T10:00:00Z");
  const viaMissing = at(prospect({ sellStatus: "DidNotShowUp" }), "2026-03-02T10:00:00Z");
  assert.deepEqual(viaNull, viaProspect);
  assert.deepEqual(viaMissing, viaProspect);
  assert.equal(viaNull.activityStatus, "ToDo");
  assert.equal(viaNull.nextTransitionAt, "2026-03-02T12:00:00.000Z");
});

Deno.test("an invalid clock start or now throws", () => {
  assert.throws(
    () => at(prospect({ registerDate: "not a date" }), "2026-03-02T10:00:00Z"),
    RangeError,
  );
  assert.throws(() => at(prospect(), "garbage"), RangeError);
});

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

Deno.test("nextTransitionAt is exactly the next change (seeded random cases)", () => {
  const rnd = prng(96);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const worktimes: Worktime[] = [
    WT,
    NIGHT,
    { worktimeFrom: "02:30", worktimeTo: "17:00", timeZone: TZ },
    { worktimeFrom: "06:00", worktimeTo: "22:00", timeZone: TZ },
    { worktimeFrom: "09:00", worktimeTo: "18:00", timeZone: "America/New_York" },
    { worktimeFrom: "07:30", worktimeTo: "16:45", timeZone: "UTC" },
  ];
  // Around both 2026 switches and across the year.
  const anchors = [Date.UTC(2026, 2, 27), Date.UTC(2026, 9, 23), Date.UTC(2026, 0, 1)];
  let transitions = 0;
  for (let n = 0; n < 400; n++) {
    const lim: Record<string, TimeLimits> = {};
    const statuses = ["Prospect", "NoAnswer1", "WaitingCustomer", "Booked", "Member", "LowPrio"];
    for (const s of statuses) {
      const h = () => (rnd() < 0.25 ? 0 : Math.floor(rnd() * 30));
      lim[s] = limits(h(), h(), h());
    }
    const anchor = pick(anchors) + Math.floor(rnd() * 6 * 86_400_000);
    const registerMs = anchor + Math.floor(rnd() * 4 * 86_400_000);
    const changeMs = registerMs + Math.floor(rnd() * 3 * 86_400_000);
    const sellStatus = rnd() < 0.15 ? null : pick([...statuses, pick(REPORT_SELL_STATUSES)]);
    const followDay = new Date(registerMs + Math.floor((rnd() - 0.3) * 10) * 86_400_000);
    const p: ClockProspect = {
      sellStatus,
      registerDate: new Date(registerMs).toISOString(),
      lastSellStatusChange: sellStatus && rnd() < 0.9 ? new Date(changeMs).toISOString() : null,
      followUpDate: rnd() < 0.6 ? followDay.toISOString().slice(0, 10) : null,
      activityStatus: rnd() < 0.03 ? "CustomerCleaned" : null,
    };
    const wt = pick(worktimes);
    const now = registerMs + Math.floor(rnd() * 8 * 86_400_000);
    const ctx = JSON.stringify({ p, lim: lim[sellStatus ?? "Prospect"], wt, now: new Date(now) });
    const r = activityAt(p, lim, wt, new Date(now));
    assert.equal(r.activityStatusWeigth, ACTIVITY_WEIGHT[r.activityStatus], ctx);
    if (r.nextTransitionAt === null) {
      assert.ok(["Escalated", "Done", "CustomerCleaned"].includes(r.activityStatus), ctx);
      continue;
    }
    transitions++;
    const next = Date.parse(r.nextTransitionAt);
    assert.ok(next > now, ctx);
    const before = activityAt(p, lim, wt, new Date(next - 1));
    const after = activityAt(p, lim, wt, new Date(next));
    // The status holds until just before nextTransitionAt and changes (gets more urgent) at it.
    assert.equal(before.activityStatus, r.activityStatus, ctx);
    assert.equal(before.nextTransitionAt, r.nextTransitionAt, ctx);
    assert.notEqual(after.activityStatus, before.activityStatus, ctx);
    assert.ok(after.activityStatusWeigth < before.activityStatusWeigth, ctx);
    assert.ok(after.nextTransitionAt === null || Date.parse(after.nextTransitionAt) > next, ctx);
  }
  assert.ok(transitions > 150, `only ${transitions} cases with a transition`);
});
