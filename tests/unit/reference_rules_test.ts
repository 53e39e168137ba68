/** Pure rules of reference data and settings (spec §5). */
import assert from "node:assert/strict";
import {
  businessIdSchema,
  clampIntegerInput,
  clubSubscriptionSchema,
  isStartDateAllowed,
  isWorktimeOrdered,
  localDate,
  parseIdList,
  selectAllState,
} from "@/lib/domain/reference_rules.ts";

Deno.test("integer inputs keep the first 3 digits and never go below 0", () => {
  assert.equal(clampIntegerInput("12"), 12);
  assert.equal(clampIntegerInput("1234"), 123);
  assert.equal(clampIntegerInput("999"), 999);
  assert.equal(clampIntegerInput("-5"), 0);
  assert.equal(clampIntegerInput(""), 0);
  assert.equal(clampIntegerInput("abc"), 0);
  assert.equal(clampIntegerInput("4a2"), 42);
  assert.equal(clampIntegerInput("007"), 7);
  assert.equal(clampIntegerInput(-3), 0);
  assert.equal(clampIntegerInput(12.9), 12);
  assert.equal(clampIntegerInput(null), 0);
});

Deno.test("market project dates: dd/MM/yyyy ↔ yyyy-MM-dd, not before today", () => {
  assert.equal(isStartDateAllowed("2026-03-10", "2026-03-10"), true);
  assert.equal(isStartDateAllowed("2026-03-09", "2026-03-10"), false);
  assert.equal(isStartDateAllowed("2027-01-01", "2026-03-10"), true);
  assert.equal(isStartDateAllowed("2026-02-30", "2026-01-01"), false);
});

Deno.test("today is the calendar date in the chain's time zone", () => {
  // 23:30 UTC on 9 March is already 10 March in Stockholm.
  assert.equal(localDate(new Date("2026-03-09T23:30:00Z"), "Europe/Stockholm"), "2026-03-10");
  assert.equal(localDate(new Date("2026-03-09T23:30:00Z"), "UTC"), "2026-03-09");
});

Deno.test("work time must start before it ends", () => {
  assert.equal(isWorktimeOrdered("08:00", "17:00"), true);
  assert.equal(isWorktimeOrdered("17:00", "08:00"), false);
  assert.equal(isWorktimeOrdered("08:00", "08:00"), false);
  assert.equal(isWorktimeOrdered("8:00", "17:00"), false);
});

Deno.test("business ids: numeric strings accepted, others refused with i18n keys", () => {
  assert.equal(businessIdSchema.parse("42"), 42);
  assert.equal(businessIdSchema.parse(7), 7);
  for (
    const [v, key] of [["x", "validation.notANumber"], [0, "validation.invalidValue"]] as const
  ) {
    const r = businessIdSchema.safeParse(v);
    assert.equal(r.success, false);
    assert.equal(r.error!.issues[0].message, key);
  }
});

Deno.test("select-all is on only when no listed club is unchecked", () => {
  assert.equal(selectAllState([]), false);
  assert.equal(selectAllState([{ checked: true }, { checked: true }]), true);
  assert.equal(selectAllState([{ checked: true }, { checked: false }]), false);
  assert.equal(selectAllState([{ checked: true }, {}]), false);
});

Deno.test("district filter lists and the subscription payload", () => {
  assert.deepEqual(parseIdList("1,2, 3"), [1, 2, 3]);
  assert.equal(parseIdList(""), null);
  assert.deepEqual(parseIdList(["1", "2,4"]), [1, 2, 4]);
  assert.ok(clubSubscriptionSchema.safeParse({ clubId: 1, checked: true }).success);
  assert.ok(
    clubSubscriptionSchema.safeParse({ all: true, checked: false, regionIds: [1] }).success,
  );
  assert.ok(
    clubSubscriptionSchema.safeParse({ all: true, checked: true, regionIds: "1,2" }).success,
  );
  assert.equal(clubSubscriptionSchema.safeParse({ all: false, checked: true }).success, false);
  assert.equal(clubSubscriptionSchema.safeParse({ clubId: 1 }).success, false);
});
