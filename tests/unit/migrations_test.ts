/**
 * The store's layout: a new store gets today's layout from the baseline, concurrent starters end
 * in the state one starter makes, a later migration runs once on a store that has the baseline, and
 * a store of an older layout is recognised (the demo seeds afresh then).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  isKnownLayout,
  type Migration,
  MIGRATIONS,
  runMigrations,
  startStore,
} from "@/lib/db/migrations.ts";
import { listSellStatuses } from "@/lib/db/settings.ts";
import { dumpKv } from "@/lib/db/dump.ts";
import { openKv } from "@/lib/db/kv.ts";
import {
  adminSettingsKey,
  clubDistrictsKey,
  migrationKey,
  reportZoneKey,
  sellStatusKey,
  timeSettingKey,
} from "@/lib/db/keys.ts";
import { SELL_STATUSES } from "@/lib/domain/statuses.ts";
import { ADMIN_SETTINGS_ID } from "@/lib/domain/reference_rules.ts";

/** Every entry of a store as dump lines, the migration records' times left out. */
async function state(kv: Deno.Kv): Promise<string[]> {
  const lines: string[] = [];
  await dumpKv(kv, (line) => {
    lines.push(line.replace(/"at":"[^"]*"/, '"at":"…"'));
    return Promise.resolve();
  });
  return lines.sort();
}

Deno.test("a new store: the baseline writes today's layout once; a second start runs nothing", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    // A step that moves keys to new first parts runs before the others; the rest in order.
    assert.deepEqual(await runMigrations(kv, MIGRATIONS, "Europe/Stockholm"), [
      ...MIGRATIONS.filter((m) => m.first).map((m) => m.n),
      ...MIGRATIONS.filter((m) => !m.first).map((m) => m.n),
    ]);
    for (const s of SELL_STATUSES) assert.ok((await kv.get(sellStatusKey(s))).value, s);
    assert.ok((await kv.get(adminSettingsKey(ADMIN_SETTINGS_ID))).value);
    assert.deepEqual((await kv.get(clubDistrictsKey())).value, []);
    assert.equal((await kv.get(reportZoneKey())).value, "Europe/Stockholm");
    const once = await state(kv);
    assert.deepEqual(await runMigrations(kv), []);
    assert.deepEqual(await state(kv), once);
    assert.equal(await isKnownLayout(kv), true);
  } finally {
    kv.close();
  }
});

Deno.test("four starters on one new store at once end in the state one starter makes", async () => {
  const dir = await Deno.makeTempDir({ prefix: "klubbleads-migrate-" });
  try {
    const handles = await Promise.all(
      // Opened as each server opens its file (commits that meet a busy file are retried).
      Array.from({ length: 4 }, () => openKv({ kvPath: join(dir, "app.kv"), kvUrl: undefined })),
    );
    const ran = await Promise.all(handles.map((kv) => runMigrations(kv)));
    assert.deepEqual(
      ran.flat().sort(),
      MIGRATIONS.map((m) => m.n),
      "each migration is recorded once",
    );
    const together = await state(handles[0]);
    handles.forEach((kv) => kv.close());

    const single = await Deno.openKv(":memory:");
    await runMigrations(single);
    assert.deepEqual(together, await state(single));
    single.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a later migration runs once, after the baseline, on a store that has it", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    await runMigrations(kv);
    let runs = 0;
    const n = MIGRATIONS.length + 1;
    const next: Migration = {
      n,
      name: "a test step",
      async up(kv) {
        runs++;
        await kv.atomic().check({ key: ["test_marker"], versionstamp: null })
          .set(["test_marker"], true).commit();
      },
    };
    assert.deepEqual(await runMigrations(kv, [...MIGRATIONS, next]), [n]);
    assert.deepEqual(await runMigrations(kv, [...MIGRATIONS, next]), []);
    assert.equal(runs, 1);
    assert.equal(await isKnownLayout(kv, [...MIGRATIONS, next]), true);
  } finally {
    kv.close();
  }
});

Deno.test("a store of an older layout (a migration this code does not know) is recognised", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    await runMigrations(kv);
    await kv.set(migrationKey(92), { name: "an older layout's step", at: "2026-11-26" });
    assert.equal(await isKnownLayout(kv), false);
  } finally {
    kv.close();
  }
});

Deno.test("a start gives a store made before a sell status was added that status's rows", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    await startStore(kv);
    // The store of a version without LowPrio (its rows absent), with an edited Booked limit.
    await kv.delete(sellStatusKey("LowPrio"));
    await kv.delete(timeSettingKey("LowPrio"));
    const booked = await kv.get<Record<string, unknown>>(timeSettingKey("Booked"));
    await kv.set(timeSettingKey("Booked"), { ...booked.value, hoursLeftBeforeNotified: 99 });
    assert.deepEqual(await startStore(kv), [], "no migration runs");
    assert.ok((await kv.get(sellStatusKey("LowPrio"))).value);
    assert.ok((await kv.get(timeSettingKey("LowPrio"))).value);
    assert.equal(
      (await kv.get<{ hoursLeftBeforeNotified: number }>(timeSettingKey("Booked"))).value
        ?.hoursLeftBeforeNotified,
      99,
    );
    // Listed in the table's order, which is the weight.
    const listed = await listSellStatuses(kv);
    assert.deepEqual(listed.map((s) => s.id), [...SELL_STATUSES]);
    assert.deepEqual(listed.map((s) => s.weight), SELL_STATUSES.map((_, i) => i));
  } finally {
    kv.close();
  }
});
