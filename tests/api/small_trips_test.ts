/** The web form's note on a repeated lead follows the UI language of the admin who set it up. */
import assert from "node:assert/strict";
import { call, makeEnv, signedIn } from "@/tests/helpers.ts";
import { makeChain, postWebLead, search } from "@/tests/api/prospect_fixtures.ts";
import { updateUserSettings } from "@/lib/db/users.ts";

Deno.test("web form: the note on a repeated lead is in the form owner's UI language", async () => {
  const env = await makeEnv();
  try {
    const chain = await makeChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    await updateUserSettings(env.kv, admin.user.id, { language: "en" });
    const fk = await call(env, "POST", `/api/marketprojects/${chain.project.id}/form-keys`, {
      headers: admin.headers,
      body: { allowedOrigins: ["https://kampanj.example.se"] },
    });
    await postWebLead(env, fk.json.key, { phoneNumber: "0701234599" });
    const again = { phoneNumber: "070-123 45 99", firstName: "Igen" };
    const res = await env.app.request(`http://localhost:8000/api/intake/${fk.json.key}`, {
      method: "POST",
      headers: { Origin: "https://kampanj.example.se", "Content-Type": "application/json" },
      body: JSON.stringify({ lastName: "L", clubId: 101, ...again }),
    }, { remoteAddr: { hostname: "203.0.113.77" } });
    assert.equal(res.status, 201, await res.text()); // as for a new person: no enumeration
    const [p] = (await search(env, admin.headers, { marketProjectId: 1, search: "0701234599" }))
      .rows;
    const notes = await call(env, "GET", `/api/prospects/${p.id}/notes`, {
      headers: admin.headers,
    });
    assert.ok(
      notes.json.some((n: any) => /^Web form: the same person sent the form again/.test(n.text)),
      JSON.stringify(notes.json),
    );
  } finally {
    env.close();
  }
});
