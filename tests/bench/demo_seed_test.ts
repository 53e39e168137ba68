/** `deno task demo` seeds its file once, and seeds afresh a file of an older layout. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { seedDemo } from "@/scripts/demo.ts";
import { migrationKey, usersPrefix } from "@/lib/db/keys.ts";
import { listAll } from "@/lib/db/kv.ts";

Deno.test("demo: seeded once; a file of an older layout is seeded afresh", async () => {
  const dir = await Deno.makeTempDir({ prefix: "klubbleads-demo-" });
  const path = join(dir, "demo.kv");
  try {
    assert.equal(await seedDemo(path, 40), true);
    assert.equal(await seedDemo(path, 40), false, "a second run reuses the data");

    let kv = await Deno.openKv(path);
    await kv.set(migrationKey(85), { name: "an older layout's step", at: "2026-11-25" });
    await kv.set(["report_current", 1], "left by the older layout");
    kv.close();
    assert.equal(await seedDemo(path, 40), true);

    kv = await Deno.openKv(path);
    try {
      assert.equal((await kv.get(migrationKey(85))).value, null);
      assert.equal((await kv.get(["report_current", 1])).value, null);
      assert.ok((await listAll(kv, usersPrefix())).length > 0);
    } finally {
      kv.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
