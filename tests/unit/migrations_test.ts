/** Migrations run once, in order, and migration 60 removes the old project-wide urgency index. */
import assert from "node:assert/strict";
import { MIGRATIONS, runMigrations } from "@/lib/db/migrations.ts";
import {
  prospectsByProjectClubUrgencyPrefix,
  prospectsByProjectUrgencyPrefix,
} from "@/lib/db/keys.ts";

Deno.test("migration 60 deletes every project-urgency key and nothing else; a re-run is a no-op", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    // A store migrated up to 50, with the index the old code wrote (more than one atomic's worth).
    await runMigrations(kv, MIGRATIONS.filter((m) => m.n < 60));
    for (let i = 0; i < 1_200; i += 400) {
      const op = kv.atomic();
      for (let j = i; j < i + 400; j++) {
        op.set(prospectsByProjectUrgencyPrefix(1, 0, `2|9999-12-31`, `id${j}`), `id${j}`);
      }
      await op.commit();
    }
    const kept = prospectsByProjectClubUrgencyPrefix(1, 101, 0, `2|9999-12-31`, "id0");
    await kv.set(kept, "id0");

    assert.deepEqual(await runMigrations(kv), [60, 61]);
    const left = [];
    for await (const e of kv.list({ prefix: prospectsByProjectUrgencyPrefix() })) left.push(e);
    assert.equal(left.length, 0);
    assert.equal((await kv.get(kept)).value, "id0", "the per-club urgency index stays");
    assert.deepEqual(await runMigrations(kv), [], "nothing runs twice");
  } finally {
    kv.close();
  }
});
