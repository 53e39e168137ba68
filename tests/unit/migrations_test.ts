/** Migrations run once, in order, and migration 60 removes the old project-wide urgency index. */
import assert from "node:assert/strict";
import { MIGRATIONS, runMigrations } from "@/lib/db/migrations.ts";
import { prospectIndexEntries } from "@/lib/db/prospect_indexes.ts";
import type { Prospect } from "@/lib/domain/prospect.ts";
import {
  clubDistrictsKey,
  prospectByPhoneKey,
  prospectKey,
  prospectsByProjectClubUrgencyPrefix,
  prospectsByProjectUrgencyPrefix,
  reportDistrictsFromKey,
} from "@/lib/db/keys.ts";

/** The numbers of every migration from `n` on: what a store that has run those before `n` runs. */
const migrationsFrom = (n: number) => MIGRATIONS.map((m) => m.n).filter((x) => x >= n);

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

    assert.deepEqual(await runMigrations(kv), migrationsFrom(60));
    const left = [];
    for await (const e of kv.list({ prefix: prospectsByProjectUrgencyPrefix() })) left.push(e);
    assert.equal(left.length, 0);
    assert.equal((await kv.get(kept)).value, "id0", "the per-club urgency index stays");
    assert.deepEqual(await runMigrations(kv), [], "nothing runs twice");
  } finally {
    kv.close();
  }
});

Deno.test("migration 62 re-keys 0046… and +47… phones so every written form finds them", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    await runMigrations(kv, MIGRATIONS.filter((m) => m.n < 62));
    const phones = { a: "0046 70 123 45 67", b: "+47 912 34 567", c: "070-765 43 21" };
    const old = { a: "0046701234567", b: "4791234567", c: "0707654321" };
    for (const [id, phoneNumber] of Object.entries(phones)) {
      await kv.set(prospectKey(id), { id, phoneNumber, deleted: false } as Partial<Prospect>);
      await kv.set(prospectByPhoneKey(old[id as keyof typeof old], id), id);
    }
    assert.deepEqual(await runMigrations(kv), migrationsFrom(62));
    const keys = [];
    for await (const e of kv.list({ prefix: prospectByPhoneKey("", "").slice(0, 1) })) {
      keys.push(e.key.slice(1).join(" "));
    }
    assert.deepEqual(keys.sort(), ["004791234567 b", "0701234567 a", "0707654321 c"]);
    const entries = prospectIndexEntries(
      { id: "a", phoneNumber: phones.a, firstName: "A", lastName: "B" } as Prospect,
    );
    assert.ok(entries.some((e) => e.key[0] === "prospects_by_phone" && e.key[1] === "0701234567"));
  } finally {
    kv.close();
  }
});

Deno.test("migration 86: the club→district map from the clubs; district buckets trusted from now on a store with prospects", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    // Clubs written before the map existed (as an older version stored them), and one prospect.
    await runMigrations(kv, MIGRATIONS.filter((m) => m.n < 86));
    await kv.atomic()
      .set(["clubs", "A"], { id: "A", clubId: 102, name: "B", districtId: 3 })
      .set(["clubs", "B"], { id: "B", clubId: 101, name: "A", districtId: 1 })
      .set(prospectKey("P1"), { id: "P1" })
      .commit();
    const before = Date.now();
    assert.deepEqual(await runMigrations(kv), migrationsFrom(86));
    assert.deepEqual((await kv.get(clubDistrictsKey())).value, [[101, 1], [102, 3]]);
    const from = (await kv.get<string>(reportDistrictsFromKey())).value!;
    assert.ok(Date.parse(from) >= before, "buckets written before it are not trusted");

    // An empty store: every bucket it will hold is written with the map.
    const fresh = await Deno.openKv(":memory:");
    await runMigrations(fresh);
    assert.equal((await fresh.get(reportDistrictsFromKey())).value, new Date(0).toISOString());
    fresh.close();

    // Migration 90 on a store with prospects whose buckets were trusted from the beginning (a
    // generated one): its current hour had no district hour buckets, so trust starts again now.
    await kv.set(reportDistrictsFromKey(), new Date(0).toISOString());
    await kv.delete(["_migrations", 90]);
    const at90 = Date.now();
    assert.deepEqual(await runMigrations(kv), [90]);
    const from90 = (await kv.get<string>(reportDistrictsFromKey())).value!;
    assert.ok(Date.parse(from90) >= at90, "the hour buckets are not trusted before migration 90");
  } finally {
    kv.close();
  }
});

Deno.test("migration 91: a project's changes move into its bucket-moves count, also with a status change landing between its read and its commit; --undo 91 copies them back", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    await runMigrations(kv, MIGRATIONS.filter((m) => m.n < 91));
    const rc = (...p: (string | number)[]) => ["report_counters", ...p];
    const u64 = (n: number) => new Deno.KvU64(BigInt(n));
    // As the code before wrote them: "c" counts the changes, "sv" every bucket move.
    await kv.atomic()
      .set(rc("c", 1), u64(5)).set(rc("cc", 1, 101), u64(3)).set(rc("cc", 1, 102), u64(2))
      .set(rc("sv", 1), u64(17))
      .set(rc("sv", 2), u64(4)) // creations only: no change yet
      .set(rc("c", 3), u64(2)).set(rc("cc", 3, 101), u64(2))
      .commit();
    const value = async (k: Deno.KvKey) => (await kv.get<Deno.KvU64>(k)).value?.value;
    // A status change of project 1 (as this code writes it) lands between the migration's reading
    // of the project's per-club counts and its commit, three times over.
    const change = () => kv.atomic().sum(rc("sv", 1), 1n).sum(rc("cc", 1, 101), 1n).commit();
    let landed = 0;
    const racing = new Proxy(kv, {
      get(target, prop) {
        const v = Reflect.get(target, prop, target);
        if (prop !== "list") return typeof v === "function" ? v.bind(target) : v;
        return (sel: Deno.KvListSelector, opts?: Deno.KvListOptions) => {
          const it = target.list(sel, opts);
          if (!("prefix" in sel) || JSON.stringify(sel.prefix) !== JSON.stringify(rc("cc", 1))) {
            return it;
          }
          return (async function* () {
            yield* it;
            if (landed < 3 && (await change()).ok) landed++;
          })();
        };
      },
    });
    const { changesIntoBucketsMoved, changesOutOfBucketsMoved } = await import(
      "@/lib/db/lean_migration.ts"
    );
    assert.equal(await changesIntoBucketsMoved(racing), 3);
    assert.equal(await value(rc("sv", 1)), 8n, "5 before and 3 meanwhile: none lost");
    assert.equal(landed, 3, "each landing made the migration read again");
    assert.deepEqual(
      await runMigrations(kv),
      [91, 92],
      "recorded (its run again changes nothing; 92 converts nothing)",
    );
    assert.equal(await value(rc("sv", 1)), 8n);
    assert.equal(await value(rc("sv", 2)), 0n);
    assert.equal(await value(rc("sv", 3)), 2n);
    for (const mp of [1, 2, 3]) assert.equal(await value(rc("c", mp)), undefined);

    assert.equal(await changesOutOfBucketsMoved(kv), 3);
    assert.equal(await value(rc("c", 1)), 8n, "the code before reads its changes again");
    assert.equal(await value(rc("c", 3)), 2n);
  } finally {
    kv.close();
  }
});
