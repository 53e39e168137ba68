/** Report rules and keys, pure: reference instant, age buckets, columns, CSV, schemas, mutations. */
import {
  reportChangeAtKey,
  reportCounterKey,
  reportDistrictsFromKey,
  reportFirstInKey,
  reportStintKey,
} from "@/lib/db/keys.ts";
import { BLANK_PROSPECT } from "@/lib/domain/prospect_schemas.ts";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  ageBucket,
  asOfInstant,
  changeTimeKept,
  csvField,
  csvLine,
  csvSeparator,
  daysSince,
  doneOf,
  localDayMs,
  parseCsvRecords,
  STATUS_COLUMNS,
  statusColumns,
  toCsv,
  totalOf,
  unguardCell,
} from "@/lib/domain/reports.ts";
import { parseCsv } from "@/tests/helpers.ts";
import { csvParts } from "@/lib/domain/csv_parts.ts";
import { sellStatusAgeQuerySchema, statusProjectQuerySchema } from "@/lib/domain/report_schemas.ts";
import { reportDay, reportMutations, STINT_END } from "@/lib/db/report_keys.ts";
import { fromVarints, varints } from "@/lib/db/report_store.ts";
import { addDays, localDate, type Prospect } from "@/lib/domain/prospect.ts";

const TZ = "Europe/Stockholm";

Deno.test("asOfInstant: end of the local day, now for today, across DST", () => {
  const now = new Date("2026-03-10T09:00:00Z");
  assert.deepEqual(asOfInstant("2026-03-08", now, TZ), {
    at: new Date("2026-03-08T23:00:00Z"),
    live: false,
    timeZone: TZ,
  });
  assert.deepEqual(asOfInstant("2026-03-10", now, TZ), { at: now, live: true, timeZone: TZ });
  assert.deepEqual(
    asOfInstant("2026-03-11", now, TZ),
    { at: now, live: true, timeZone: TZ },
    "future = now",
  );
  const summer = new Date("2026-07-01T12:00:00Z");
  assert.equal(asOfInstant("2026-03-28", summer, TZ).at.toISOString(), "2026-03-28T23:00:00.000Z");
  assert.equal(
    asOfInstant("2026-03-29", summer, TZ).at.toISOString(),
    "2026-03-29T22:00:00.000Z",
    "the DST day is 23 hours long",
  );
});

Deno.test("reportDay: the local date of any instant, also around changes of offset in odd zones", () => {
  // Zones with half- and quarter-hour offsets, a 30-minute summer time and changes mid-hour.
  const zones = [
    TZ,
    "Asia/Kolkata",
    "Asia/Kathmandu",
    "Australia/Lord_Howe",
    "America/St_Johns",
    "Pacific/Chatham",
    "America/Sao_Paulo",
    "Asia/Tehran",
    "UTC",
  ];
  const dstEdges = [
    "2026-03-29T01:00:00Z",
    "2026-10-25T01:00:00Z",
    "2026-04-05T15:00:00Z",
    "2026-10-04T15:30:00Z",
    "2026-03-08T05:30:00Z",
    "2026-11-01T04:30:00Z",
    // Tehran's summer time ended at its local midnight, 19:30 UTC: half an hour of instants
    // whose date depends on which side of the change they fall.
    "2021-09-21T19:30:00Z",
    "2021-03-20T20:30:00Z",
  ];
  const instants = fc.oneof(
    fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
    fc.tuple(fc.constantFrom(...dstEdges), fc.integer({ min: -7_200_000, max: 7_200_000 }))
      .map(([edge, d]) => Date.parse(edge) + d),
  );
  fc.assert(
    fc.property(instants, fc.constantFrom(...zones), (ms, zone) => {
      const iso = new Date(ms).toISOString();
      assert.equal(reportDay(iso, zone), localDate(new Date(ms), zone), `${iso} in ${zone}`);
    }),
    { numRuns: 3000 },
  );
});

Deno.test("ageBucket: 24 h steps, everything from 120 h on is more than four days", () => {
  const h = 3_600_000;
  assert.equal(ageBucket(0), 0);
  assert.equal(ageBucket(24 * h - 1), 0);
  assert.equal(ageBucket(24 * h), 1);
  assert.equal(ageBucket(119 * h), 4);
  assert.equal(ageBucket(120 * h), 5);
  assert.equal(ageBucket(900 * h), 5);
});

Deno.test("daysSince: calendar days, 0 before the start", () => {
  assert.equal(daysSince("2026-01-01", "2026-01-01"), 0);
  assert.equal(daysSince("2026-01-01", "2026-03-10"), 68);
  assert.equal(daysSince("2026-03-28", "2026-03-30"), 2, "DST does not matter");
  assert.equal(daysSince("2026-05-01", "2026-03-10"), 0);
});

Deno.test("statusColumns: spec column names, no status counts as prospect, totals", () => {
  // Spec §2's status columns, in its order (a status added later may add a column).
  const spec = [
    "alreadyInBRP",
    "prospect",
    "noAnswer1",
    "noAnswer2",
    "noAnswer3",
    "noAnswer4",
    "noAnswer",
    "waitingCustomerCall",
    "waitingCustomer",
    "noThanks",
    "booked",
    "member",
    "noMember",
    "alreadyMember",
    "regretMeeting",
    "didNotShowUp",
    "guestMember",
    "projectMember",
    "jumpedOff",
    "lowPrio",
  ];
  assert.deepEqual(STATUS_COLUMNS.filter((c) => spec.includes(c)), spec);
  const counts = { "": 2, Prospect: 1, Member: 3, NoThanks: 1, Booked: 4 };
  const cols = statusColumns(counts);
  assert.equal(cols.prospect, 3);
  assert.equal(cols.member, 3);
  assert.equal(cols.lowPrio, 0);
  assert.equal(totalOf(counts), 11);
  assert.equal(doneOf(counts), 4);
});

Deno.test("CSV: BOM, ';', quoting, no formulas, parsed back", () => {
  assert.equal(csvField("a;b"), '"a;b"');
  assert.equal(csvField('sa "hej"'), '"sa ""hej"""');
  assert.equal(csvField(null), "");
  const csv = toCsv(["Klubb", "Summa"], [["Söder; Väst", 3], ["=HYPERLINK()", 0], ["-1", -1]]);
  assert.ok(csv.startsWith("\uFEFFKlubb;Summa\r\n"));
  assert.deepEqual(parseCsv(csv), [
    ["Klubb", "Summa"],
    ["Söder; Väst", "3"],
    ["'=HYPERLINK()", "0"],
    ["'-1", "-1"],
  ]);
});

Deno.test("schemas: required fields, comma lists, at most 10 projects, group variant", () => {
  const age = sellStatusAgeQuerySchema.safeParse({
    marketProjectId: "7",
    referenceDate: "2026-03-01",
  });
  assert.ok(age.success);
  assert.equal(age.data.marketProjectId, 7);
  assert.equal(age.data.format, "json");
  assert.equal(sellStatusAgeQuerySchema.safeParse({ referenceDate: "2026-03-01" }).success, false);
  const p = statusProjectQuerySchema.parse({
    referenceDate: "2026-03-01",
    marketProjectIds: ["1,2", "3"],
  });
  assert.deepEqual(p.marketProjectIds, [1, 2, 3]);
  const many = statusProjectQuerySchema.safeParse({
    referenceDate: "2026-03-01",
    marketProjectIds: "1,2,3,4,5,6,7,8,9,10,11",
  });
  assert.equal(many.success, false);
  const ten = statusProjectQuerySchema.safeParse({
    referenceDate: "2026-03-01",
    marketProjectIds: "1,2,3,4,5,6,7,8,9,10,11",
    prospectFieldKey: "clubId",
    collection: "clubs",
    ids: "5",
  });
  assert.ok(ten.success, "the club report has no project limit");
  assert.equal(
    statusProjectQuerySchema.safeParse({ referenceDate: "2026-03-01", ids: "5" }).success,
    false,
  );
});

function prospect(over: Partial<Prospect> = {}): Prospect {
  return {
    ...BLANK_PROSPECT,
    id: "P1",
    customerId: 1,
    firstName: "A",
    lastName: "B",
    noteType: "Note",
    phoneNumber: "070",
    marketProjectId: 1,
    marketProjectName: "P",
    clubId: 101,
    clubName: "C",
    registerDate: "2026-03-01T08:00:00.000Z",
    updatedAt: "2026-03-01T08:00:00.000Z",
    ...over,
  };
}

/** Clubs 101 and 102 are in district 7, 103 in district 8. */
const DISTRICTS = new Map([[101, 7], [102, 7], [103, 8]]);

const deltas = (m: ReturnType<typeof reportMutations>) =>
  Object.fromEntries(m.counterDeltas.map((c) => [JSON.stringify(c.key), c.delta]));

Deno.test("reportMutations: creation, status change, escalation, move, deletion", () => {
  const created = reportMutations(null, prospect(), "2026-03-01T08:00:00Z", TZ, DISTRICTS);
  const c = deltas(created);
  assert.equal(c[JSON.stringify(reportCounterKey("scd", 1, "2026-03-01", 101, ""))], 1);
  assert.equal(
    c[JSON.stringify(reportCounterKey("sdd", 1, "2026-03-01", 7, ""))],
    1,
    "the same bucket per district, by the club's district",
  );
  assert.ok(
    !Object.keys(c).some((k) => /"(sd|cd)"/.test(k)),
    "no project-wide day buckets: a project's past counts are the sum of its clubs'",
  );
  assert.ok(
    !Object.keys(c).some((k) => /"(sh|sch|ch|cch|eh)"/.test(k)),
    "no hour buckets of counts: a past report instant is a local midnight",
  );
  // The day of a bucket is the local date: 23:30 UTC on 03-01 is 00:30 on 03-02 in Stockholm.
  const late = deltas(reportMutations(null, prospect(), "2026-03-01T23:30:00Z", TZ, DISTRICTS));
  assert.equal(late[JSON.stringify(reportCounterKey("scd", 1, "2026-03-02", 101, ""))], 1);
  assert.equal(
    c[JSON.stringify(reportCounterKey("s", 1, ""))],
    undefined,
    "current counts come from the search totals",
  );
  assert.equal(c[JSON.stringify(reportCounterKey("scd", 1, "2026-03-01", 101, ""))], 1);
  assert.equal(
    c[JSON.stringify(reportCounterKey("sv", 1))],
    undefined,
    "creation is no change (the fold of its pending entry rewrites the count: report_pending.ts)",
  );
  assert.deepEqual(created.sets, [
    {
      key: reportFirstInKey(1, "2026-03-01T08:00:00.000Z", "P1"), // entered at registration
      value: 1,
    },
    {
      key: reportStintKey(1, 101, "2026-03-01T08:00:00.000Z", "P1"),
      value: { s: "" }, // `from` is the key's start: left out
    },
  ]);

  const before = prospect();
  const at = "2026-03-02T10:30:00.000Z";
  const after = prospect({
    sellStatus: "NoAnswer1",
    lastSellStatusChange: at,
    activityStatus: "Escalated",
    firstEscalatedAt: at,
  });
  const changed = reportMutations(before, after, at, TZ, DISTRICTS);
  const d = deltas(changed);
  assert.equal(d[JSON.stringify(reportCounterKey("scd", 1, "2026-03-02", 101, ""))], -1);
  assert.equal(
    d[JSON.stringify(reportCounterKey("scd", 1, "2026-03-02", 101, "NoAnswer1"))],
    1,
  );
  assert.equal(d[JSON.stringify(reportCounterKey("sdd", 1, "2026-03-02", 7, ""))], -1);
  assert.equal(d[JSON.stringify(reportCounterKey("sdd", 1, "2026-03-02", 7, "NoAnswer1"))], 1);
  assert.equal(
    d[JSON.stringify(reportCounterKey("sv", 1))],
    1,
    "the project's changes ever: the count whose versionstamp names its buckets' state",
  );
  assert.ok(!Object.keys(d).some((k) => k.includes('"c"')), "no separate project counter");
  assert.equal(d[JSON.stringify(reportCounterKey("dcd", 1, "2026-03-02", 7))], 1);
  assert.equal(
    d[JSON.stringify(reportCounterKey("dch", 1, "2026-03-02T10", 7))],
    1,
    "changes per district and UTC hour: the district report's current hour",
  );
  assert.equal(
    changed.counterDeltas.length,
    12,
    "6 change counters (sv, cc, ccd, cch, dcd, dch), 2 club and 2 district buckets, 2 escalation counters",
  );
  assert.equal(
    d[JSON.stringify(reportCounterKey("cch", 1, "2026-03-02T10", 101))],
    1,
    "changes per club and UTC hour: today's 24 h window",
  );
  assert.equal(d[JSON.stringify(reportCounterKey("ccd", 1, "2026-03-02", 101))], 1);
  assert.equal(d[JSON.stringify(reportCounterKey("e", 1))], 1);
  const keys = changed.sets.map((s) => JSON.stringify(s.key));
  assert.ok(keys.includes(JSON.stringify(reportChangeAtKey(1, at, "P1"))));
  assert.ok(
    !keys.includes(
      JSON.stringify(reportStintKey(1, 101, "2026-03-01T08:00:00.000Z", "P1", STINT_END)),
    ),
    "a status change writes no end key: the next stint in the club ends the old one",
  );
  assert.ok(keys.includes(JSON.stringify(reportStintKey(1, 101, at, "P1"))));

  const still = reportMutations(
    after,
    prospect({ ...after, firstName: "X" }),
    "2026-03-03T10:00:00Z",
    TZ,
    DISTRICTS,
  );
  assert.deepEqual(
    still,
    { sets: [], deletes: [], counterDeltas: [] },
    "other fields: nothing",
  );

  const moved = reportMutations(
    after,
    prospect({ ...after, clubId: 102 }),
    "2026-03-04T10:00:00Z",
    TZ,
    DISTRICTS,
  );
  const m = deltas(moved);
  assert.equal(
    m[JSON.stringify(reportCounterKey("scd", 1, "2026-03-04", 101, "NoAnswer1"))],
    -1,
  );
  assert.equal(m[JSON.stringify(reportCounterKey("scd", 1, "2026-03-04", 102, "NoAnswer1"))], 1);
  assert.ok(
    !Object.keys(m).some((k) => k.includes('"sdd"')),
    "a move within a district leaves its buckets alone",
  );
  assert.equal(m[JSON.stringify(reportCounterKey("sv", 1))], undefined, "a move is no change");
  assert.ok(
    moved.sets.some((s) =>
      JSON.stringify(s.key) === JSON.stringify(reportStintKey(1, 102, at, "P1"))
    ),
  );
  assert.deepEqual(moved.deletes, [reportStintKey(1, 102, at, "P1", STINT_END)]);
  assert.ok(
    moved.sets.some((s) =>
      JSON.stringify(s.key) === JSON.stringify(reportStintKey(1, 101, at, "P1", STINT_END))
    ),
    "a move ends the stint it leaves with an end key",
  );

  const gone = reportMutations(
    after,
    prospect({ ...after, deleted: true }),
    "2026-03-05T10:00:00Z",
    TZ,
    DISTRICTS,
  );
  const g = deltas(gone);
  assert.equal(
    g[JSON.stringify(reportCounterKey("scd", 1, "2026-03-05", 101, "NoAnswer1"))],
    -1,
  );
  assert.equal(
    g[JSON.stringify(reportCounterKey("sdd", 1, "2026-03-05", 7, "NoAnswer1"))],
    -1,
  );
  assert.equal(Object.entries(g).filter(([, v]) => v > 0).length, 0);
});

Deno.test("reportMutations: a move between districts, and a club without a district", () => {
  const before = prospect({ sellStatus: "Member" });
  const at = "2026-03-04T10:00:00.000Z";
  const moved = deltas(reportMutations(before, { ...before, clubId: 103 }, at, TZ, DISTRICTS));
  assert.equal(moved[JSON.stringify(reportCounterKey("sdd", 1, "2026-03-04", 7, "Member"))], -1);
  assert.equal(moved[JSON.stringify(reportCounterKey("sdd", 1, "2026-03-04", 8, "Member"))], 1);

  // A club the map does not know (it cannot be placed): no district bucket is guessed, and the
  // district buckets are marked untrusted from this write on.
  const lost = reportMutations(null, prospect({ clubId: 999 }), at, TZ, DISTRICTS);
  assert.ok(!lost.counterDeltas.some((c) => c.key[1] === "sdd"));
  assert.ok(lost.counterDeltas.some((c) => c.key[1] === "scd"));
  assert.deepEqual(lost.sets.find((s) => s.key[0] === reportDistrictsFromKey()[0]), {
    key: reportDistrictsFromKey(),
    value: at,
  });
  const known = reportMutations(null, prospect(), at, TZ, DISTRICTS);
  assert.ok(!known.sets.some((s) => s.key[0] === "report_districts"));
});

Deno.test("CSV import parsing: what csvLine writes parses back, with each record's first line", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(";", ","),
      fc.array(
        fc.array(fc.string({ maxLength: 12 }).filter((s) => !s.startsWith("'")), {
          minLength: 2,
          maxLength: 4,
        }),
        {
          minLength: 1,
          maxLength: 6,
        },
      ),
      (sep, rows) => {
        const csv = "\uFEFF" + rows.map((r) => csvLine(r, sep)).join("");
        const parsed = parseCsvRecords(csv, sep);
        assert.deepEqual(parsed.map((r) => r.cells.map(unguardCell)), rows);
        // Each record starts on the line after the previous record's last line.
        let line = 1;
        parsed.forEach((r, i) => {
          assert.equal(r.line, line);
          line += csvLine(rows[i], sep).split(/\r\n|\r|\n/).length - 1;
        });
      },
    ),
    { seed: 15, numRuns: 300 },
  );
  assert.equal(csvSeparator('"a;b",c,d\r\n1;2'), ",");
  assert.equal(csvSeparator("Förnamn;Efternamn;Telefon"), ";");
  assert.deepEqual(parseCsvRecords('a;b\n\n"x\ny";z\nq;r'), [
    { line: 1, cells: ["a", "b"] },
    { line: 3, cells: ["x\ny", "z"] },
    { line: 5, cells: ["q", "r"] },
  ]);
});

Deno.test("CSV import parts: each part has the header; lines map back to the file's", () => {
  const file = 'a;b\r\n1;"x\ny"\r\n2;z\r\n\r\n3;w\r\n4;v';
  const parts = csvParts(file, 2);
  assert.deepEqual(parts.map((p) => p.rows), [2, 2, 1]);
  for (const p of parts) assert.ok(p.text.startsWith("a;b\r\n"));
  // The server's lines inside each part, mapped back, are the file's lines of those records.
  const fileLines = parts.flatMap((p) =>
    parseCsvRecords(p.text).slice(1).map((r) => r.line - p.partLine + p.firstLine)
  );
  const direct = parseCsvRecords(file).slice(1).map((r) => r.line);
  assert.deepEqual(fileLines, direct);
  assert.deepEqual(direct, [2, 4, 6, 7]);
  assert.deepEqual(csvParts("", 5), []);
});

Deno.test("CSV parts: a malformed quote is one line in its part, as the server reads it; no row is swallowed", () => {
  const file = 'a;b\n1;"x\n2;y\n3;"p\nq";z\n4;w"v\n5;u';
  const direct = parseCsvRecords(file).slice(1);
  assert.deepEqual(direct.map((r) => [r.line, r.malformed ?? false]), [
    [2, true],
    [3, false],
    [4, false],
    [6, true],
    [7, false],
  ]);
  for (const size of [1, 2, 3, 10]) {
    const parts = csvParts(file, size);
    assert.equal(parts.reduce((n, p) => n + p.rows, 0), 5, `size ${size}`);
    const mapped = parts.flatMap((p) =>
      parseCsvRecords(p.text).slice(1).map((r) => [
        r.line - p.partLine + p.firstLine,
        r.malformed ?? false,
      ])
    );
    assert.deepEqual(mapped, direct.map((r) => [r.line, r.malformed ?? false]), `size ${size}`);
  }
});

Deno.test("changeTimeKept: the days that are, or come before, a clock change", () => {
  const tz = "Europe/Stockholm";
  assert.equal(localDayMs("2026-03-10", tz), 24 * 3_600_000);
  assert.equal(localDayMs("2026-03-29", tz), 23 * 3_600_000, "spring forward");
  assert.equal(localDayMs("2026-10-25", tz), 25 * 3_600_000, "fall back");
  const kept = (from: string, to: string) => {
    const out: string[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) if (changeTimeKept(d, tz)) out.push(d);
    return out;
  };
  assert.deepEqual(kept("2026-01-01", "2026-12-31"), [
    "2026-03-28",
    "2026-03-29",
    "2026-10-24",
    "2026-10-25",
  ]);
  for (let d = "2026-01-01"; d <= "2026-12-31"; d = addDays(d, 1)) {
    assert.equal(changeTimeKept(d, "UTC"), false, d);
  }
});

Deno.test("kept report values: integers survive the varint form, each in as few bytes as it needs", () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: -(2 ** 40), max: 2 ** 40 })), (ns) => {
      assert.deepEqual(fromVarints(varints(ns)), ns);
    }),
  );
  assert.equal(varints([0, 1, -1, 63, -64]).length, 5, "small counts: one byte each");
  assert.equal(varints([64, 8191]).length, 4);
});
