/**
 * The prospect model (lib/domain/prospect_schemas.ts PROSPECT_FIELDS): what the services build,
 * erase and export agrees with the one field table, so a field added there reaches them all.
 */
import assert from "node:assert/strict";
import {
  ERASED_VALUES,
  IMPORTED_CSV_COLUMNS,
  PROSPECT_CSV_COLUMNS,
  PROSPECT_FIELDS,
  prospectCreateSchema,
  prospectPatchSchema,
  prospectRecordSchema,
} from "@/lib/domain/prospect_schemas.ts";
import { prospectCsvHeader, prospectCsvRow } from "@/lib/domain/prospect_csv.ts";
import { translate } from "@/lib/i18n/mod.ts";
import type { ProspectCtx } from "@/lib/services/deps.ts";
import { newProspect } from "@/lib/services/prospect_create.ts";
import { erasedRecord } from "@/lib/services/privacy.ts";
import fc from "fast-check";
import {
  decodeRecord,
  encodeRecord,
  STORED_FIELDS,
  type StoredProspect,
} from "@/lib/db/prospect_record.ts";
import {
  diffProspectKeys,
  prospectIndexEntries,
  stateCounterKeys,
} from "@/lib/db/prospect_indexes.ts";
import { reportMutations } from "@/lib/db/report_keys.ts";
import { ACTIVITY_STATUSES, SELL_STATUSES } from "@/lib/domain/statuses.ts";

const now = new Date("2026-03-10T09:00:00Z");
const ctx = { now, user: { id: "u1" } } as unknown as ProspectCtx;
const project = {
  id: "p",
  marketProjectId: 7,
  name: "Vår",
  startDate: "2026-01-01",
  active: true,
  b2b: false,
};

function created(body: Record<string, unknown>) {
  const input = prospectCreateSchema.parse({ marketProjectId: 7, clubId: 3, ...body });
  return newProspect(ctx, input, project, { clubId: 3, name: "Klubb 3" }, null);
}

const filled = {
  firstName: " Anna ",
  lastName: "Berg",
  phoneNumber: "070-123 45 67",
  email: "anna@example.se",
  tag: "vår",
  nominator: "Bo",
  motivationText: "Vill träna",
  followUpDate: "2026-03-12",
};

Deno.test("model: a created record is exactly the model's fields, with the input copied", () => {
  const rec = created(filled);
  // strict: a field the service writes but the model lacks (or the reverse) fails here.
  prospectRecordSchema.strict().parse(rec);
  assert.deepEqual(
    Object.keys(rec).sort(),
    Object.keys(PROSPECT_FIELDS).filter((k) =>
      // optional fields the server sets later (job, delete, merge, the write engine's report marks)
      ![
        "announced",
        "firstEscalatedAt",
        "deletedBy",
        "mergedInto",
        "bookedAt",
        "memberAt",
        "editedAt",
      ].includes(k)
    ).sort(),
  );
  assert.equal(rec.firstName, "Anna");
  assert.equal(rec.nominator, "Bo");
  assert.equal(rec.email, "anna@example.se");
  assert.equal(rec.motivationTextLastChange, now.toISOString());
});

Deno.test("model: blank optional inputs are stored as null, never as empty strings", () => {
  const rec = created({
    firstName: "A",
    lastName: "B",
    phoneNumber: "0701234567",
    tag: " ",
    email: "",
  });
  assert.equal(rec.tag, null);
  assert.equal(rec.email, null);
  assert.equal(rec.nominator, null);
  assert.equal(rec.followUpDate, null);
});

Deno.test("model: a patch takes every editable field, and only those", () => {
  const editable = Object.keys(prospectPatchSchema.shape).filter((k) => k !== "version");
  for (const k of ["firstName", "lastName", "phoneNumber", "email", "tag", "nominator"]) {
    assert.ok(editable.includes(k), k);
  }
  for (const k of ["id", "registerDate", "activityStatus", "assignUserId", "b2b", "deleted"]) {
    assert.ok(!editable.includes(k), `${k} is set by the server only`);
  }
});

Deno.test("model: erasing leaves none of the person's data in a personal field", () => {
  const erased = erasedRecord(created(filled), now.toISOString());
  for (const [k, v] of Object.entries(ERASED_VALUES)) {
    assert.equal(erased[k as keyof typeof erased], v, k);
  }
  const text = JSON.stringify(erased);
  for (const v of ["Anna", "Berg", "123 45", "anna@example", "vår", "Bo", "träna"]) {
    assert.ok(!text.includes(v), `${v} left in the erased record`);
  }
});

Deno.test("model: every CSV column has a header in both languages and is imported or shown", () => {
  for (const lang of ["sv", "en"] as const) {
    for (const c of PROSPECT_CSV_COLUMNS) {
      const text = translate(lang, `prospectCsv.${c}`);
      assert.ok(text && text !== `prospectCsv.${c}`, `${lang} prospectCsv.${c}`);
    }
  }
  for (const c of IMPORTED_CSV_COLUMNS) {
    assert.ok(c in prospectCreateSchema.shape, `${c} is imported, so create must take it`);
  }
  const t = (k: string) => translate("en", k);
  const header = prospectCsvHeader(t).replace(/^\uFEFF/, "").trim().split(";");
  const row = prospectCsvRow(created(filled), t, (iso) => iso.slice(0, 10)).trim().split(";");
  assert.equal(header.length, PROSPECT_CSV_COLUMNS.length);
  assert.equal(row.length, header.length);
  assert.equal(row[PROSPECT_CSV_COLUMNS.indexOf("nominator")], "Bo");
});

Deno.test("the stored form: every field has its place, and any record reads back as it was written", () => {
  // A field added to PROSPECT_FIELDS must get a place at the end of STORED_FIELDS (until then it
  // is kept in the record's `extra`), and no place is ever reused.
  assert.deepEqual([...STORED_FIELDS].sort(), Object.keys(PROSPECT_FIELDS).sort());
  assert.equal(new Set(STORED_FIELDS).size, STORED_FIELDS.length);
  const base = created(filled) as Record<string, unknown>;
  const value = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.string(),
    fc.array(fc.string(), { maxLength: 3 }),
  );
  fc.assert(
    fc.property(
      fc.dictionary(fc.constantFrom(...STORED_FIELDS), value),
      fc.option(fc.string({ minLength: 1 }).filter((k) => !(k in base) && k !== "__proto__")),
      (changes, newField) => {
        const rec: Record<string, unknown> = { ...base, ...changes };
        for (const k of Object.keys(rec)) if (rec[k] === undefined) delete rec[k];
        if (newField) rec[newField] = "kept";
        const stored = encodeRecord(rec as StoredProspect);
        assert.ok(Array.isArray(stored));
        assert.deepEqual(decodeRecord(stored), rec);
      },
    ),
    { seed: 17, numRuns: 300 },
  );
  // Without the field names it is less than half the size.
  const stored = encodeRecord(base as StoredProspect);
  assert.ok(JSON.stringify(stored).length < JSON.stringify(base).length / 2);
  assert.ok(!JSON.stringify(stored).includes("marketProjectName"));
  // The API's version and rights are never stored.
  const answered = {
    ...base,
    version: "00000001",
    may: { edit: true },
  } as unknown as StoredProspect;
  assert.deepEqual(decodeRecord(encodeRecord(answered)), base);
});

Deno.test("model: a write moves the state counters both records' keys give, also when it skips them, and carries the report deltas apart", () => {
  const base = created(filled);
  const side = fc.record({
    marketProjectId: fc.constantFrom(7, 8),
    clubId: fc.constantFrom(3, 4),
    sellStatus: fc.constantFrom(null, ...SELL_STATUSES),
    activityStatus: fc.constantFrom(...ACTIVITY_STATUSES),
    assignId: fc.constantFrom(null, "Bo@Example.se", "bo@example.se", "eva@example.se"),
    firstName: fc.constantFrom("Anna", "anna", "Åsa"),
    lastName: fc.constantFrom("Berg", "Ek"),
    deleted: fc.boolean(),
  });
  const at = "2026-03-10T09:30:00.000Z";
  const tz = "Europe/Stockholm";
  const keyOf = (k: Deno.KvKey) => JSON.stringify(k);
  fc.assert(
    fc.property(side, side, (x, y) => {
      const a = { ...base, ...x }, b = { ...base, ...y };
      const expected = new Map<string, number>();
      const add = (k: Deno.KvKey, d: number) =>
        expected.set(keyOf(k), (expected.get(keyOf(k)) ?? 0) + d);
      for (const k of stateCounterKeys(a)) add(k, -1);
      for (const k of stateCounterKeys(b)) add(k, 1);
      const diff = diffProspectKeys(a, b, at, tz, new Map());
      assert.deepEqual(
        new Map(diff.counters.map((c) => [keyOf(c.key), c.delta])),
        new Map([...expected].filter(([, d]) => d !== 0)),
      );
      // The report counters' deltas go to the write's pending entry (lib/db/report_pending.ts).
      const report = reportMutations(a, b, at, tz, new Map()).counterDeltas;
      assert.deepEqual(
        new Map(diff.report.map((c) => [keyOf(c.key), c.delta])),
        new Map(report.filter((c) => c.delta !== 0).map((c) => [keyOf(c.key), c.delta])),
      );
    }),
    { seed: 17, numRuns: 2000 },
  );
});

Deno.test("model: a write sets and deletes the index entries both records' whole entries give, also when it builds only the clock's", () => {
  const base = created(filled);
  // Two values for every field an index entry reads, the clock's among them (Done changes the
  // segment; an old-style record without the clock's fields too).
  const fields = {
    customerId: fc.constantFrom(1, 2),
    marketProjectId: fc.constantFrom(7, 8),
    clubId: fc.constantFrom(3, 4),
    sellStatus: fc.constantFrom(null, "NoAnswer1", "Member"),
    activityStatus: fc.constantFrom("ToDo", "Notified", "Done"),
    activityStatusWeigth: fc.constantFrom(1, 3),
    nextTransitionAt: fc.constantFrom(null, "2026-03-10T12:00:00.000Z", "2026-03-11T08:00:00.000Z"),
    followUpDate: fc.constantFrom(null, "2026-03-12"),
    assignId: fc.constantFrom(null, "bo@example.se", "Bo@Example.se"),
    firstName: fc.constantFrom("Anna", "Åsa"),
    lastName: fc.constantFrom("Berg", "Ek"),
    phoneNumber: fc.constantFrom("070-123 45 67", "0701234567", ""),
    email: fc.constantFrom(null, "anna@example.se"),
    deleted: fc.boolean(),
  };
  const side = fc.record(fields);
  const at = "2026-03-10T09:30:00.000Z";
  const tz = "Europe/Stockholm";
  const keyOf = (k: Deno.KvKey) => JSON.stringify(k);
  fc.assert(
    // The second record differs from the first in a few fields (a write changes a few).
    fc.property(side, side, fc.subarray(Object.keys(fields)), (x, z, changed) => {
      const y = { ...x, ...Object.fromEntries(changed.map((f) => [f, z[f as keyof typeof z]])) };
      const a = { ...base, ...x } as StoredProspect, b = { ...base, ...y } as StoredProspect;
      const old = new Map(prospectIndexEntries(a).map((e) => [keyOf(e.key), e.value]));
      const next = new Map(prospectIndexEntries(b).map((e) => [keyOf(e.key), e.value]));
      const report = reportMutations(a, b, at, tz, new Map());
      const sets = [...next].filter(([k, v]) =>
        !old.has(k) || JSON.stringify(old.get(k)) !== JSON.stringify(v)
      ).map(([k, v]) => keyOf(JSON.parse(k)) + JSON.stringify(v));
      sets.push(...report.sets.map((e) => keyOf(e.key) + JSON.stringify(e.value)));
      const deletes = [...old.keys()].filter((k) => !next.has(k));
      deletes.push(...report.deletes.map(keyOf));
      const got = diffProspectKeys(a, b, at, tz, new Map());
      assert.deepEqual(
        got.sets.map((e) => keyOf(e.key) + JSON.stringify(e.value)).sort(),
        sets.sort(),
      );
      assert.deepEqual(got.deletes.map(keyOf).sort(), deletes.sort());
    }),
    { seed: 19, numRuns: 3000 },
  );
});
