/** The pure prospect rules: folding, follow-up rules, local dates, validation, the key diff. */
import {
  familyPart,
  prospectByCustomerIdKey,
  prospectByEmailKey,
  prospectByPhoneKey,
  prospectCountByClubKey,
  prospectCountByProjectKey,
  prospectsByFirstNamePrefix,
  prospectsByNextTransitionPrefix,
  prospectsByProjectClubStatusPrefix,
  prospectsByProjectPrefix,
  prospectsByUpdatedPrefix,
  prospectsDeletedPrefix,
  prospectTotalKey,
} from "@/lib/db/keys.ts";
import { BLANK_PROSPECT } from "@/lib/domain/prospect_schemas.ts";
import assert from "node:assert/strict";
import {
  foldName,
  followUpAllowed,
  followUpFor,
  isCompleted,
  localDate,
  minFollowUpDate,
  motivationMissing,
  motivationNoteMissing,
  normalizePhone,
  type Prospect,
  prospectAge,
  startOfLocalDay,
  validateRow,
} from "@/lib/domain/prospect.ts";
import {
  diffProspectKeys,
  prospectEvents,
  prospectIndexEntries,
} from "@/lib/db/prospect_indexes.ts";

const TZ = "Europe/Stockholm";

Deno.test("foldName: lower case, å < ä < ö after z, other diacritics folded", () => {
  assert.equal(foldName("  ÅSA "), "{sa");
  assert.equal(foldName("Émile"), "emile");
  assert.equal(foldName("Müller"), "muller");
  assert.equal(foldName("Ørjan"), "}rjan", "ø sorts as ö");
  assert.equal(foldName("Æsa"), "|sa", "æ sorts as ä");
  assert.equal(foldName("a{b|c}"), "abc", "the marker characters cannot be typed in");
  const names = ["Östen", "Zelda", "Ängel", "Åsa", "Anna", "Émile", "Olle"];
  const sorted = [...names].sort((a, b) => (foldName(a) < foldName(b) ? -1 : 1));
  assert.deepEqual(sorted, ["Anna", "Émile", "Olle", "Zelda", "Åsa", "Ängel", "Östen"]);
  assert.ok(!foldName("Åsa").startsWith(foldName("a")), "a is not a prefix of å");
});

Deno.test("normalizePhone: every way a Swedish number is written gives one form", () => {
  for (
    const p of [
      "070-123 45 67",
      "+46701234567",
      "0046 70 123 45 67",
      "46701234567",
      "'+46701234567",
    ]
  ) {
    assert.equal(normalizePhone(p), "0701234567", p);
  }
  assert.equal(normalizePhone("+47 912 34 567"), "004791234567");
  assert.equal(normalizePhone("0047 912 34 567"), "004791234567");
  assert.equal(normalizePhone("+4670"), "070", "prefixes too");
  assert.equal(normalizePhone("004670"), "070");
  assert.equal(normalizePhone("0701"), "0701");
  assert.equal(normalizePhone(""), "");
});

Deno.test("follow-up rule: picker for empty and follow-up statuses, cleared otherwise", () => {
  assert.equal(followUpAllowed(null), true);
  for (
    const s of ["WaitingCustomer", "WaitingCustomerCall", "Booked", "GuestMember", "ProjectMember"]
  ) {
    assert.equal(followUpAllowed(s), true, s);
    assert.equal(followUpFor(s, "2026-03-10"), "2026-03-10");
  }
  assert.equal(followUpAllowed("NoAnswer1"), false);
  assert.equal(followUpFor("NoAnswer1", "2026-03-10"), null);
  assert.equal(followUpFor(null, ""), null);
});

Deno.test("not before yesterday, in the configured time zone", () => {
  // 23:30 UTC on 10 March is 00:30 on 11 March in Stockholm: yesterday is the 10th.
  assert.equal(localDate(new Date("2026-03-10T23:30:00Z"), TZ), "2026-03-11");
  assert.equal(minFollowUpDate(new Date("2026-03-10T23:30:00Z"), TZ), "2026-03-10");
  assert.equal(minFollowUpDate(new Date("2026-03-10T22:30:00Z"), TZ), "2026-03-09");
  assert.equal(minFollowUpDate(new Date("2026-03-01T10:00:00Z"), TZ), "2026-02-28");
  assert.equal(minFollowUpDate(new Date("2026-03-01T10:00:00Z"), "UTC"), "2026-02-28");
});

Deno.test("startOfLocalDay: midnight local time, also on DST change days", () => {
  assert.equal(startOfLocalDay("2026-01-15", TZ).toISOString(), "2026-01-14T23:00:00.000Z");
  assert.equal(startOfLocalDay("2026-07-15", TZ).toISOString(), "2026-07-14T22:00:00.000Z");
  assert.equal(startOfLocalDay("2026-03-29", TZ).toISOString(), "2026-03-28T23:00:00.000Z");
  assert.equal(startOfLocalDay("2026-10-25", TZ).toISOString(), "2026-10-24T22:00:00.000Z");
});

Deno.test("validateRow: the §5 create and save rules as field → i18n key", () => {
  const now = new Date("2026-03-10T10:00:00Z");
  const ok = {
    firstName: "A",
    lastName: "B",
    phoneNumber: "+46 70 123",
    clubId: 1,
    marketProjectId: 1,
  };
  assert.deepEqual(validateRow(ok, { now, timeZone: TZ }), {});
  assert.deepEqual(validateRow({}, { now, timeZone: TZ }), {
    firstName: "validation.required",
    lastName: "validation.required",
    clubId: "validation.required",
    marketProjectId: "validation.required",
    phoneNumber: "validation.required",
  });
  assert.equal(
    validateRow({ ...ok, phoneNumber: "abc" }, { now, timeZone: TZ }).phoneNumber,
    "validation.notANumber",
  );
  assert.equal(
    validateRow({ ...ok, email: "x@" }, { now, timeZone: TZ }).email,
    "validation.email",
  );
  assert.equal(
    validateRow({ ...ok, sellStatus: "Booked" }, { now, timeZone: TZ }).followUpDate,
    "validation.followUpDateRequired",
  );
  assert.equal(
    validateRow({ ...ok, followUpDate: "2026-03-08" }, { now, timeZone: TZ }).followUpDate,
    "validation.futureDate",
  );
  assert.deepEqual(validateRow({ ...ok, followUpDate: "2026-03-09" }, { now, timeZone: TZ }), {});
  assert.deepEqual(
    validateRow({ ...ok, sellStatus: "Booked", followUpDate: "2026-03-01" }, {
      now,
      timeZone: TZ,
      previousFollowUpDate: "2026-03-01",
    }),
    {},
    "an unchanged stored date is not re-checked",
  );
  assert.equal(
    validateRow({ ...ok, followUpDate: "2026-02-30" }, { now, timeZone: TZ }).followUpDate,
    "validation.invalidDate",
  );
  assert.equal(motivationMissing("Motivation", " "), true);
  assert.equal(motivationMissing("Note", ""), false);
});

Deno.test("motivationNoteMissing: the pre-filled header alone is not a motivation", () => {
  const header = "Marknadsprojekt: Vår\nNominerad av: –\n\n";
  assert.equal(motivationNoteMissing("Motivation", header, header), true);
  assert.equal(motivationNoteMissing("Motivation", header.trimEnd() + "\n  ", header), true);
  assert.equal(motivationNoteMissing("Motivation", "", header), true);
  assert.equal(motivationNoteMissing("Motivation", header + "Vill träna.", header), false);
  assert.equal(motivationNoteMissing("Motivation", "Vill träna.", header), false);
  assert.equal(motivationNoteMissing("Note", header, header), false, "a Note has no such rule");
});

Deno.test("prospectAge: days and hours since registration", () => {
  assert.deepEqual(
    prospectAge("2026-03-08T09:30:00Z", new Date("2026-03-10T12:00:00Z")),
    { days: 2, hours: 2 },
  );
  assert.deepEqual(prospectAge("2026-03-10T12:00:00Z", new Date("2026-03-10T11:00:00Z")), {
    days: 0,
    hours: 0,
  });
});

function prospect(over: Partial<Prospect> = {}): Prospect {
  return {
    ...BLANK_PROSPECT,
    id: "01P",
    customerId: 7,
    firstName: "Åsa",
    lastName: "Berg",
    phoneNumber: "+46701234567",
    email: "Asa@Example.se",
    marketProjectId: 1,
    marketProjectName: "P",
    clubId: 101,
    clubName: "C",
    activityStatus: "ToDo",
    activityStatusWeigth: 2,
    nextTransitionAt: "2026-03-10T12:00:00.000Z",
    registerDate: "2026-03-10T10:00:00.000Z",
    updatedAt: "2026-03-10T10:00:00.000Z",
    ...over,
  };
}

Deno.test("index entries: ordered tails, folded names, national phone form, lower-cased e-mail", () => {
  const keys = prospectIndexEntries(prospect()).map((e) => JSON.stringify(e.key));
  assert.ok(keys.includes(JSON.stringify(prospectsByProjectPrefix(1, 0, "9999-12-31", "01P"))));
  assert.ok(
    keys.includes(
      JSON.stringify(prospectsByProjectClubStatusPrefix(1, 101, "", 0, "9999-12-31", "01P")),
    ),
  );
  assert.ok(keys.includes(JSON.stringify(prospectsByFirstNamePrefix(1, 101, 0, "{sa", "01P"))));
  assert.ok(keys.includes(JSON.stringify(prospectByPhoneKey("0701234567", "01P"))));
  assert.ok(keys.includes(JSON.stringify(prospectByEmailKey("asa@example.se", "01P"))));
  assert.ok(
    keys.includes(
      JSON.stringify(prospectsByNextTransitionPrefix("2026-03-10T12:00:00.000Z", "01P")),
    ),
  );
  const deleted = prospectIndexEntries(prospect({ deleted: true, deletedAt: "X" }));
  assert.deepEqual(deleted.map((e) => e.key), [
    prospectByCustomerIdKey(7),
    prospectsByUpdatedPrefix("2026-03-10T10:00:00.000Z", "01P"),
    prospectsDeletedPrefix(1, "X", "01P"),
  ]);
});

const NOW_ISO = "2026-03-10T10:00:00.000Z";
/** The clubs' districts: 101 and 102 in district 1. */
const DISTRICTS = new Map([[101, 1], [102, 1]]);

Deno.test("diffProspectKeys: a status change moves keys and counters, nothing else", () => {
  const before = prospect();
  const after = prospect({ sellStatus: "Member", activityStatus: "Done", nextTransitionAt: null });
  assert.ok(isCompleted(after));
  const d = diffProspectKeys(before, after, NOW_ISO, "Europe/Stockholm", DISTRICTS);
  const del = d.deletes.map((k) => JSON.stringify(k));
  assert.ok(del.includes(JSON.stringify(prospectsByProjectPrefix(1, 0, "9999-12-31", "01P"))));
  assert.ok(
    del.includes(
      JSON.stringify(prospectsByNextTransitionPrefix("2026-03-10T12:00:00.000Z", "01P")),
    ),
  );
  assert.ok(
    !d.sets.some((e) => e.key[0] === familyPart("prospects_by_phone")),
    "unchanged keys are not rewritten",
  );
  const counters = Object.fromEntries(d.counters.map((c) => [JSON.stringify(c.key), c.delta]));
  assert.equal(counters[JSON.stringify(prospectTotalKey("p", 1, 0))], -1);
  assert.equal(counters[JSON.stringify(prospectTotalKey("p", 1, 1))], 1);
  assert.equal(counters[JSON.stringify(prospectTotalKey("ps", 1, "Member", 1))], 1);
  assert.equal(counters[JSON.stringify(prospectCountByProjectKey(1))], undefined, "net zero");
  const created = diffProspectKeys(null, before, NOW_ISO, "Europe/Stockholm", DISTRICTS);
  assert.equal(created.deletes.length, 0);
  assert.ok(created.counters.some((c) => c.key[0] === "prospect_count_by_club" && c.delta === 1));
  const moved = diffProspectKeys(
    before,
    prospect({ clubId: 102 }),
    NOW_ISO,
    "Europe/Stockholm",
    DISTRICTS,
  );
  const mc = Object.fromEntries(moved.counters.map((c) => [JSON.stringify(c.key), c.delta]));
  assert.equal(mc[JSON.stringify(prospectCountByClubKey(101))], -1);
  assert.equal(mc[JSON.stringify(prospectCountByClubKey(102))], 1);
});

Deno.test("prospectEvents: one event per changed aspect", () => {
  let n = 0;
  const meta = { at: "T", userId: "u", newId: () => String(++n) };
  const before = prospect();
  const after = prospect({
    sellStatus: "Booked",
    followUpDate: "2026-03-12",
    assignId: "a@b.se",
    activityStatus: "Paused",
  });
  const types = prospectEvents(before, after, meta).map((e) => `${e.type}:${e.from}>${e.to}`);
  assert.deepEqual(types, [
    "sellStatus:null>Booked",
    "activity:ToDo>Paused",
    "assign:null>a@b.se",
    "followUp:null>2026-03-12",
  ]);
  assert.deepEqual(prospectEvents(before, prospect(), meta), []);
});

/** Spec §3's sell statuses, in its order (the grid offers them; reports also show JumpedOff). */
const SPEC_SELL_STATUSES = [
  "AlreadyInBRP",
  "Prospect",
  "NoAnswer1",
  "NoAnswer2",
  "NoAnswer3",
  "NoAnswer4",
  "NoAnswer",
  "WaitingCustomerCall",
  "WaitingCustomer",
  "NoThanks",
  "Booked",
  "Member",
  "NoMember",
  "AlreadyMember",
  "RegretMeeting",
  "DidNotShowUp",
  "GuestMember",
  "ProjectMember",
  "LowPrio",
];

Deno.test("sell-status table: the spec's statuses in its order, the report order, done and follow-up sets, seeded limits", async () => {
  const s = await import("@/lib/domain/statuses.ts");
  const { DEFAULT_TIME_LIMITS } = await import("@/lib/domain/reference_rules.ts");
  // A status added to the table keeps these: the spec's are all offered, in the spec's order.
  const offered = s.SELL_STATUSES as readonly string[];
  assert.deepEqual(offered.filter((x) => SPEC_SELL_STATUSES.includes(x)), SPEC_SELL_STATUSES);
  assert.ok(!offered.includes("JumpedOff"), "JumpedOff is not offered");
  const report = s.REPORT_STATUS_ORDER as readonly string[];
  assert.deepEqual(
    report.filter((x) => [...SPEC_SELL_STATUSES, "JumpedOff"].includes(x)),
    [...SPEC_SELL_STATUSES.slice(0, -1), "JumpedOff", "LowPrio"],
    "spec §2's report columns: jumpedOff before lowPrio",
  );
  assert.equal(new Set(report).size, offered.length + 1, "every status once, JumpedOff too");
  const spec = [...SPEC_SELL_STATUSES, "JumpedOff"];
  assert.deepEqual(spec.filter((x) => s.FOLLOW_UP_SELL_STATUSES.has(x)).sort(), [
    "Booked",
    "GuestMember",
    "ProjectMember",
    "WaitingCustomer",
    "WaitingCustomerCall",
  ]);
  assert.deepEqual(spec.filter((x) => s.DONE_SELL_STATUSES.has(x)).sort(), [
    "AlreadyInBRP",
    "AlreadyMember",
    "JumpedOff",
    "Member",
    "NoMember",
    "NoThanks",
  ]);
  assert.deepEqual(DEFAULT_TIME_LIMITS.NoAnswer, {
    hoursLeftBeforePaused: 40,
    hoursLeftBeforeNotified: 8,
    hoursLeftBeforeEscalated: 16,
  });
  assert.deepEqual(
    Object.keys(DEFAULT_TIME_LIMITS).sort(),
    [...offered].sort(),
    "every offered status has a clock",
  );
});
