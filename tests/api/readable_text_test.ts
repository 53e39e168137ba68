/**
 * Names a person can read: first and last name, tag and note text refuse a value with nothing
 * visible in it (only spaces, zero-width or format characters) with 400 and a message in the
 * user's language; bidirectional controls are removed from every text before it is stored.
 */
import assert from "node:assert/strict";
import { call, signedIn, withEnv } from "@/tests/helpers.ts";
import { makeChain, newRow } from "@/tests/api/prospect_fixtures.ts";

const INVISIBLE = ["\u200B\u200B", " \u2060 ", "\uFEFF\u200B", "\u3164", "\u00AD\u200D", "\u2800"];

Deno.test("readable text: names, tag and notes of nothing visible answer 400 in the user's language and store nothing", async () => {
  await withEnv(async (env) => {
    await makeChain(env);
    const { user, headers } = await signedIn(env);
    for (
      const [field, value] of INVISIBLE.flatMap((
        v,
      ) => [["firstName", v], ["lastName", v], ["tag", v]])
    ) {
      const r = await call(env, "POST", "/api/prospects", {
        headers,
        body: newRow({ [field]: value }),
      });
      assert.equal(
        r.res.status,
        400,
        `${field}=${JSON.stringify(value)}: ${JSON.stringify(r.json)}`,
      );
      assert.match(r.json.fields[field], /syns/, JSON.stringify(r.json));
    }
    const list = await call(env, "GET", "/api/prospects?marketProjectId=1", { headers });
    assert.deepEqual(list.json, [], "nothing was created");

    const p = await call(env, "POST", "/api/prospects", {
      headers,
      body: newRow({ assignId: user.email }),
    });
    assert.equal(p.res.status, 201);
    const lang = await call(env, "PATCH", `/api/users/${user.id}/settings/language`, {
      headers,
      body: { language: "en" },
    });
    assert.equal(lang.res.status, 200, JSON.stringify(lang.json));
    for (const text of INVISIBLE) {
      const n = await call(env, "POST", `/api/prospects/${p.json.id}/notes`, {
        headers,
        body: { text, noteType: "Note" },
      });
      assert.equal(n.res.status, 400, JSON.stringify(n.json));
      assert.match(n.json.fields.text, /visible/);
    }
    const notes = await call(env, "GET", `/api/prospects/${p.json.id}/notes`, { headers });
    assert.equal(notes.json.length, 0);
    // A real name in another script is visible.
    const ok = await call(env, "POST", "/api/prospects", {
      headers,
      body: newRow({ firstName: "Ōlafr", lastName: "نور", tag: "VIP" }),
    });
    assert.equal(ok.res.status, 201, JSON.stringify(ok.json));
  });
});

Deno.test("readable text: bidi controls are removed from names, notes and profiles before they are stored", async () => {
  await withEnv(async (env) => {
    await makeChain(env);
    const { user, headers } = await signedIn(env);
    const r = await call(env, "POST", "/api/prospects", {
      headers,
      body: newRow({
        firstName: "Anna\u202Egnp.exe",
        lastName: "\u2066Berg\u2069",
        tag: "\u202AVIP\u202C",
        assignId: user.email,
      }),
    });
    assert.equal(r.res.status, 201, JSON.stringify(r.json));
    assert.equal(r.json.firstName, "Annagnp.exe");
    assert.equal(r.json.lastName, "Berg");
    assert.equal(r.json.tag, "VIP");
    // Only controls: nothing visible is left, so it is refused.
    const only = await call(env, "POST", "/api/prospects", {
      headers,
      body: newRow({ firstName: "\u202E\u2067" }),
    });
    assert.equal(only.res.status, 400);
    const note = await call(env, "POST", `/api/prospects/${r.json.id}/notes`, {
      headers,
      body: { text: "Ring \u2067imorgon\u2069 kl 10", noteType: "Note" },
    });
    assert.equal(note.res.status, 201, JSON.stringify(note.json));
    const notes = await call(env, "GET", `/api/prospects/${r.json.id}/notes`, { headers });
    assert.equal(notes.json[0].text, "Ring imorgon kl 10");
    const profile = await call(env, "PUT", `/api/users/${user.id}`, {
      headers,
      body: { firstName: "Ei\u202Erik" },
    });
    assert.equal(profile.res.status, 200, JSON.stringify(profile.json));
    const me = await call(env, "GET", `/api/users/${user.id}`, { headers });
    assert.equal(me.json.firstName, "Eirik");
    const csv = "Förnamn;Efternamn;Telefon\nLi\u202Esa;Lund;0701239876\n";
    const imp = await env.app.request(
      "http://localhost:8000/api/prospects/import?marketProjectId=1&clubId=101",
      {
        method: "POST",
        headers: { ...headers, "Content-Type": "text/csv" },
        body: csv,
      },
    );
    assert.equal(imp.status, 200, await imp.clone().text());
    const found = await call(env, "GET", "/api/prospects?marketProjectId=1&search=Lund", {
      headers,
    });
    assert.equal(found.json[0]?.firstName, "Lisa");
  });
});
