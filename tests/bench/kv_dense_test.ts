/**
 * Values are stored as densely as when they were built in place: V8 deserialises an array (read
 * from KV, or received from the generator's worker) as holey, and KV's serialiser writes a holey
 * array in its sparse form, an index beside every element (lib/db/kv.ts, packed). Sizes are read
 * from the SQLite file itself.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { ulid } from "@/lib/db/kv.ts";
import { kvFileKey } from "@/scripts/bench/kv_load.ts";
import {
  HISTORY_MAX_CHARS,
  historyEntries,
  historyPacks,
  historyText,
  type ProspectEvent,
  type StoredHistory,
} from "@/lib/db/prospect_indexes.ts";
import { decodeRecord, encodeRecord } from "@/lib/db/prospect_record.ts";
import { generateChain } from "@/scripts/bench/generate.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import {
  prospectEventsFamily,
  prospectHistoryKey,
  prospectKey,
  prospectsPrefix,
} from "@/lib/db/keys.ts";

/** Stored value bytes by key, read from the file once the store is closed. */
function valueBytes(path: string, keys: Deno.KvKey[]): number[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const q = db.prepare("SELECT length(v) AS n FROM kv WHERE k = ?");
    return keys.map((k) => (q.get(kvFileKey(k)) as { n: number }).n);
  } finally {
    db.close();
  }
}

async function withFile(fn: (path: string) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "klubbleads-dense-" });
  try {
    await fn(join(dir, "app.kv"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const event = (id: string, at: string, to: string): ProspectEvent => ({
  id,
  prospectId: "p1",
  at,
  type: "sellStatus",
  from: null,
  to,
  userId: "u1",
  marketProjectId: 1,
  clubId: 101,
});

Deno.test("a history appended to after it was read back is stored as densely as a new one", async () => {
  await withFile(async (path) => {
    const kv = await Deno.openKv(path);
    const key = prospectHistoryKey("p1");
    const first = historyEntries(
      "p1",
      "",
      [event("e1", "2026-03-01T08:00:00.000Z", "Call1")],
      ulid,
    );
    await kv.set(key, first[0].value);
    for (let i = 2; i <= 4; i++) {
      // What a save does: the stored value, read back, with this write's pack appended.
      const prior = (await kv.get<StoredHistory>(key)).value!;
      const at = `2026-03-0${i}T08:00:00.000Z`;
      const next = historyEntries("p1", prior, [event(`e${i}`, at, `Call${i}`)], ulid);
      await kv.set(next[0].key, next[0].value);
    }
    const stored = (await kv.get<StoredHistory>(key)).value!;
    assert.equal(typeof stored, "string", "appended to, it is stored as its JSON text");
    assert.equal(historyPacks(stored).length, 4);
    // The same text, and the same packs, built in place.
    await kv.set(["built"], historyText(historyPacks(stored)));
    await kv.set(["packs"], historyPacks(stored));
    kv.close();
    const [appended, built, packs] = valueBytes(path, [key, ["built"], ["packs"]]);
    assert.equal(appended, built, "the appended history takes no more bytes than a new one");
    assert.ok(appended <= packs, `as text ${appended} B, as packs ${packs} B`);
  });
});

Deno.test("a generated chain's records and histories are stored as densely as values built in place", async () => {
  await withFile(async (path) => {
    const kv = await Deno.openKv(path);
    await runMigrations(kv);
    await generateChain(kv, {
      prospects: 40,
      clubs: 4,
      districts: 2,
      projects: 3,
      users: 8,
      passwordHash: "x",
      keepMidnights: false,
    });
    const ids: string[] = [];
    for await (const e of kv.list({ prefix: prospectsPrefix() })) ids.push(e.key[1] as string);
    assert.equal(ids.length, 40);
    // Each value written again as the app builds it: a record encoded from its fields, a history
    // from JSON (strings, numbers, null).
    for (const id of ids) {
      const record = (await kv.get(prospectKey(id))).value;
      await kv.set(["built_record", id], encodeRecord(decodeRecord(record)));
      const history = (await kv.get(prospectHistoryKey(id))).value;
      await kv.set(["built_history", id], JSON.parse(JSON.stringify(history)));
    }
    kv.close();
    const sizes = (keys: Deno.KvKey[]) => valueBytes(path, keys);
    assert.deepEqual(
      sizes(ids.map((id) => prospectKey(id))),
      sizes(ids.map((id) => ["built_record", id])),
      "records",
    );
    assert.deepEqual(
      sizes(ids.map((id) => prospectHistoryKey(id))),
      sizes(ids.map((id) => ["built_history", id])),
      "histories",
    );
  });
});

Deno.test("a history text with a character past Latin-1 still stays under the page limit: it splits at half as many characters", async () => {
  await withFile(async (path) => {
    const kv = await Deno.openKv(path);
    const key = prospectHistoryKey("p1");
    let longest = 0;
    for (const to of ["anna@example.se", "łukasz@example.pl"]) {
      for (let i = 1; i <= 40; i++) {
        const prior = (await kv.get<StoredHistory>(key)).value ?? "";
        const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
        const next = historyEntries("p1", prior, [event(`e${i}`, at, to)], ulid);
        for (const e of next) await kv.set(e.key, e.value);
        longest = Math.max(longest, ((await kv.get<string>(key)).value ?? "").length);
      }
      await kv.delete(key);
    }
    const archives = await Array.fromAsync(kv.list<string>({ prefix: prospectEventsFamily() }));
    kv.close();
    assert.ok(longest > HISTORY_MAX_CHARS / 2, "Latin-1 texts use the whole limit");
    const bytes = valueBytes(path, archives.map((e) => e.key));
    for (const [i, e] of archives.entries()) {
      // The stored bytes (a V8 string: a header of a few bytes, then one or two bytes a character).
      assert.ok(bytes[i] <= HISTORY_MAX_CHARS + 8, `${bytes[i]} B: ${e.value.slice(0, 60)}`);
    }
    assert.ok(archives.some((e) => /ł/.test(e.value)), "the wide ones were archived too");
  });
});
