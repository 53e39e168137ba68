/** Times shown are in the configured TZ_NAME, not UTC: the outbox's time of each entry. */
import assert from "node:assert/strict";
import { makeEnv, ORIGIN, signedIn } from "@/tests/helpers.ts";
import { storeOutbox } from "@/lib/notify/outbox.ts";

Deno.test("the outbox shows each entry's time in TZ_NAME (Stockholm: UTC+1 in November)", async () => {
  const env = await makeEnv({ TZ_NAME: "Europe/Stockholm" }, new Date("2026-11-27T12:40:00Z"));
  try {
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    await storeOutbox(env.kv, {
      channel: "email",
      to: "anna@example.se",
      subject: "Hej",
      text: "Text",
      html: null,
      createdAt: "2026-11-27T12:32:39.000Z",
      delivery: "outbox",
    });
    const res = await env.app.request(`${ORIGIN}/outbox`, { headers: admin.headers });
    const html = await res.text();
    assert.equal(res.status, 200);
    assert.match(html, /2026-11-27 13:32:39/);
    assert.doesNotMatch(html, /12:32:39/);
  } finally {
    env.close();
  }
});
