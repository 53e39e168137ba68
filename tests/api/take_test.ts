/**
 * "Ta" on Idag (POST /today/take, a plain form): the first to take an unassigned prospect becomes
 * its assignee and is sent to it in the grid with its notes open; a colleague who takes it a moment
 * later is sent back to Idag, which says it is taken.
 */
import assert from "node:assert/strict";
import { call, makeEnv, ORIGIN, signedIn } from "@/tests/helpers.ts";
import { createRow, makeChain } from "@/tests/api/prospect_fixtures.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";

Deno.test("Ta: the first taker gets it (notes open in the grid); the next one is told it is taken", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const sara = await signedIn(env, { firstName: "Sara" });
    const olle = await signedIn(env, { firstName: "Olle" });
    for (const u of [sara, olle]) await setClubSubscription(env.kv, u.user.id, 101, true);
    const p = await createRow(env, sara.headers, { firstName: "Tage" });

    const take = (headers: Record<string, string>) =>
      env.app.request(`${ORIGIN}/today/take`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ id: p.id }),
        redirect: "manual",
      });
    const [first, second] = await Promise.all([take(sara.headers), take(olle.headers)]);
    const locations = [first, second].map((r) => [r.status, r.headers.get("location") ?? ""]);
    const won = locations.filter(([, l]) => String(l).startsWith("/prospects?"));
    const lost = locations.filter(([, l]) => String(l).startsWith("/today?takeError="));
    assert.equal(won.length, 1, JSON.stringify(locations));
    assert.equal(lost.length, 1, JSON.stringify(locations));
    assert.ok(locations.every(([s]) => s === 303));
    const to = new URL(String(won[0][1]), ORIGIN).searchParams;
    assert.equal(to.get("notes"), p.id);
    assert.equal(to.get("customerId"), String(p.customerId));
    assert.equal(lost[0][1], "/today?takeError=ALREADY_ASSIGNED");

    const got = await call(env, "GET", `/api/prospects/${p.id}`, { headers: sara.headers });
    const winner = first.headers.get("location")!.startsWith("/prospects") ? "Sara" : "Olle";
    assert.equal(got.json.assignName, winner);

    // The history names the new assignee by name, not by e-mail.
    const winnerUser = winner === "Sara" ? sara : olle;
    const hist = await call(env, "GET", `/api/prospects/${p.id}/history`, {
      headers: winnerUser.headers,
    });
    assert.equal(hist.res.status, 200, JSON.stringify(hist.json));
    const assignEntry = hist.json.find((h: any) => h.type === "assign");
    assert.equal(assignEntry.to, winnerUser.user.email);
    assert.equal(assignEntry.toName, `${winner} Person`);
    assert.equal(assignEntry.fromName, null);

    // The loser's Idag says why, in their language.
    const loser = winner === "Sara" ? olle : sara;
    const page = await env.app.request(`${ORIGIN}/today?takeError=ALREADY_ASSIGNED`, {
      headers: loser.headers,
    });
    const html = await page.text();
    assert.match(html, /Kunde inte ta prospektet: Prospektet är redan tilldelat någon annan/);
    // A made-up id answers a message too, never a 500.
    const none = await env.app.request(`${ORIGIN}/today/take`, {
      method: "POST",
      headers: { ...sara.headers, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: "nope" }),
      redirect: "manual",
    });
    assert.equal(none.status, 303);
    assert.match(none.headers.get("location") ?? "", /^\/today\?takeError=/);
  } finally {
    env.close();
  }
});
