/**
 * A store written before the families' short tags (keys.ts FAMILY_TAGS) migrates at start: every
 * entry moves to its tag unchanged, so its dump equals the dump of the same store written today;
 * two starters at once, a stopped mover and a mover that loses its claim end the same way.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runMigrations, startStore } from "@/lib/db/migrations.ts";
import { rekeyFamilies } from "@/lib/db/rekey.ts";
import { dumpKv } from "@/lib/db/dump.ts";
import { openKv } from "@/lib/db/kv.ts";
import {
  FAMILY_TAGS,
  familyName,
  migrationKey,
  prospectsPrefix,
  rekeyBeatKey,
  rekeyClaimKey,
} from "@/lib/db/keys.ts";
import { generateChain } from "@/scripts/bench/generate.ts";
import { call, makeEnv, signedIn, withDir } from "@/tests/helpers.ts";

const REKEY_STEP = 5;

/** Every entry of a store as dump lines, sorted, the migration records' times left out. */
async function dump(kv: Deno.Kv): Promise<string[]> {
  const lines: string[] = [];
  await dumpKv(kv, (line) => {
    // The migration records' times are when each ran.
    lines.push(line.includes('"_migrations"') ? line.replace(/"at":"[^"]*"/, '"at":"…"') : line);
    return Promise.resolve();
  });
  return lines.sort();
}

/** A store of today's layout with a generated chain's prospects, history, reports and a note. */
async function todaysStore() {
  const env = await makeEnv({}, new Date("2026-03-10T10:00:00Z"));
  await generateChain(env.kv, {
    prospects: 250,
    districts: 2,
    clubs: 5,
    projects: 3,
    users: 6,
    passwordHash: "not-used",
  });
  const { headers } = await signedIn(env, { role: "ROLE_ADMIN" });
  const first =
    (await Array.fromAsync(env.kv.list({ prefix: prospectsPrefix() }, { limit: 1 })))[0];
  const note = await call(env, "POST", `/api/prospects/${String(first.key[1])}/notes`, {
    headers,
    body: { text: "Ringde, vill komma på provträning", noteType: "Note" },
  });
  assert.equal(note.res.status, 201, JSON.stringify(note.json));
  return env;
}

/** The same entries as a version before the tags wrote them: each family under its name. */
async function writeUnderNames(from: Deno.Kv, to: Deno.Kv) {
  let op = to.atomic();
  let n = 0;
  for await (const e of from.list({ prefix: [] })) {
    if (e.key[0] === migrationKey(REKEY_STEP)[0] && e.key[1] === REKEY_STEP) continue;
    op.set([familyName(e.key[0] as string), ...e.key.slice(1)], e.value);
    if (++n % 400 === 0) {
      assert.ok((await op.commit()).ok);
      op = to.atomic();
    }
  }
  assert.ok((await op.commit()).ok);
}

async function entriesUnderNames(kv: Deno.Kv): Promise<number> {
  let n = 0;
  for (const name of Object.keys(FAMILY_TAGS)) {
    for await (const _ of kv.list({ prefix: [name] })) n++;
  }
  return n;
}

/** Runs fn with today's store written under the names into a new store, and today's dump. */
async function withOldStore(fn: (old: Deno.Kv, today: string[]) => Promise<void>) {
  const env = await todaysStore();
  const old = await Deno.openKv(":memory:");
  try {
    const today = await dump(env.kv);
    await writeUnderNames(env.kv, old);
    await fn(old, today);
  } finally {
    old.close();
    env.close();
  }
}

Deno.test("a store written under the families' names migrates at start to the dump of today's store", async () => {
  await withOldStore(async (old, today) => {
    const before = await entriesUnderNames(old);
    assert.ok(before > 250 * 10, `entries under names: ${before}`);
    assert.deepEqual(await startStore(old), [REKEY_STEP]);
    assert.equal(await entriesUnderNames(old), 0);
    assert.deepEqual(await dump(old), today);
    assert.deepEqual(await startStore(old), [], "a second start runs nothing");
  });
});

Deno.test("two starters on one old store at once: the key move is done once, the dump as today's", async () => {
  const env = await todaysStore();
  try {
    const today = await dump(env.kv);
    await withDir(async (dir) => {
      const path = join(dir, "app.kv");
      const seed = await Deno.openKv(path);
      await writeUnderNames(env.kv, seed);
      seed.close();
      const handles = await Promise.all(
        [0, 1].map(() => openKv({ kvPath: path, kvUrl: undefined })),
      );
      try {
        const ran = await Promise.all(handles.map((kv) => runMigrations(kv)));
        assert.deepEqual(ran.flat(), [REKEY_STEP], "recorded once");
        assert.equal(await entriesUnderNames(handles[0]), 0);
        assert.deepEqual(await dump(handles[0]), today);
      } finally {
        handles.forEach((kv) => kv.close());
      }
    });
  } finally {
    env.close();
  }
});

Deno.test("a mover that stopped is taken over, and so is one whose claim another took: each entry moves once", async () => {
  await withOldStore(async (old, today) => {
    const total = await entriesUnderNames(old);
    // A holder that stopped mid-move: its claim stays, its heartbeat no longer moves.
    await old.set(rekeyClaimKey(), "a stopped instance");
    await old.set(rekeyBeatKey(), 1);
    let stolen = false;
    const moved = await rekeyFamilies(old, Object.entries(FAMILY_TAGS), {
      staleMs: 300,
      // After the first batch another instance takes the claim over (and then stops, too).
      onBatch: async () => {
        if (stolen) return;
        stolen = true;
        await old.set(rekeyClaimKey(), "another instance");
      },
    });
    assert.ok(stolen);
    assert.equal(moved, total, "each entry moved once");
    assert.equal((await old.get(rekeyClaimKey())).value, null, "the claim is given up when done");
    assert.equal(await entriesUnderNames(old), 0);
    await old.delete(migrationKey(REKEY_STEP));
    assert.deepEqual(await runMigrations(old), [REKEY_STEP]);
    assert.deepEqual(await dump(old), today);
  });
});

Deno.test("a batch whose values KV stores larger than their JSON says is moved in halves, every entry once", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    // A Map's JSON is "{}", while KV stores every pair of it: 60 entries of ~24 KB each are past
    // one atomic's size limit, though the batch's estimate is a few hundred bytes.
    const value = (i: number) =>
      new Map(Array.from({ length: 800 }, (_, j) => [`${i}-${j}`, "x".repeat(20)]));
    let op = kv.atomic();
    for (let i = 0; i < 60; i++) {
      op.set(["notes", `note${String(i).padStart(2, "0")}`], value(i));
      if (i % 20 === 19) {
        assert.ok((await op.commit()).ok);
        op = kv.atomic();
      }
    }
    const batches: number[] = [];
    const moved = await rekeyFamilies(kv, [["notes", FAMILY_TAGS.notes]], {
      onBatch: (n) => void batches.push(n),
    });
    assert.equal(moved, 60);
    assert.ok(batches.length > 1, `committed in parts: ${batches}`);
    assert.equal((await Array.fromAsync(kv.list({ prefix: ["notes"] }))).length, 0);
    const after = await Array.fromAsync(kv.list<Map<string, string>>({ prefix: ["n"] }));
    assert.equal(after.length, 60);
    after.forEach((e, i) => {
      assert.equal(e.key[1], `note${String(i).padStart(2, "0")}`);
      assert.deepEqual(e.value, value(i));
    });
  } finally {
    kv.close();
  }
});
