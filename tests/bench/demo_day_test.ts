/**
 * The demo chain looks like a real working day: today's list (the desk's own read over every club)
 * is mostly ToDo, with a few Notified and a handful Escalated; and the clock's rules are untouched
 * (each open prospect's stored activity status is what the activity clock says now).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { openKv } from "@/lib/db/kv.ts";
import { listClubs } from "@/lib/db/reference.ts";
import { getUserByEmail } from "@/lib/db/users.ts";
import { todayProspects } from "@/lib/services/today.ts";
import { DEMO_LOGINS, seedDemo } from "@/scripts/demo.ts";
import { testConfig } from "@/tests/helpers.ts";
import { toSessionUser } from "@/lib/auth/session.ts";

Deno.test("demo: today's list of the demo chain is mostly ToDo, a few Notified, a handful Escalated", async () => {
  const dir = await Deno.makeTempDir({ prefix: "klubbleads-demo-day-" });
  const path = join(dir, "demo.kv");
  try {
    assert.equal(await seedDemo(path, 800), true);
    const kv = await openKv({ kvPath: path });
    try {
      const admin = await getUserByEmail(kv, DEMO_LOGINS.admin);
      assert.ok(admin, "the demo admin exists");
      const clubs = (await listClubs(kv)).map((c) => c.clubId);
      const config = testConfig();
      const items = await todayProspects({
        kv,
        config,
        now: new Date(),
        user: toSessionUser(admin, null),
      }, clubs);
      const count = (s: string) => items.filter((p) => p.activityStatus === s).length;
      const [todo, notified, escalated] = ["ToDo", "Notified", "Escalated"].map(count);
      const total = todo + notified + escalated;
      assert.ok(total >= 50, `a day's work on the list (${total})`);
      assert.ok(todo / total > 0.6, `mostly ToDo: ${todo} of ${total}`);
      assert.ok(notified >= 1, `a few Notified: ${notified}`);
      assert.ok(escalated >= 1 && escalated / total < 0.2, `a handful Escalated: ${escalated}`);
    } finally {
      kv.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
