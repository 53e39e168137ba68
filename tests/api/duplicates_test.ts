/**
 * Duplicates at entry (issue #15): the same person (phone in any written form, or e-mail in any
 * case) in the same market project answers 409 DUPLICATE_PROSPECT with the match; allowDuplicate
 * creates anyway; a match in another project is only listed; parallel creates of one person let
 * exactly one through.
 */
import assert from "node:assert/strict";
import { createRow, makeChain, newRow } from "@/tests/api/prospect_fixtures.ts";
import { call, makeEnv, signedIn } from "@/tests/helpers.ts";

Deno.test("duplicates: same phone or e-mail in the project → 409 with the match; allowDuplicate; other projects listed", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const { headers: h } = await signedIn(env);
    const first = await createRow(env, h, {
      firstName: "Stina",
      phoneNumber: "070-123 45 67",
      email: "Stina@Example.se",
    });
    assert.deepEqual(first.possibleDuplicates, []);
    const tries: [Record<string, unknown>, string][] = [
      [{ phoneNumber: "+46701234567" }, "phone in +46 form"],
      [{ phoneNumber: "0046 70 123 45 67" }, "phone in 0046 form"],
      [{ email: " STINA@example.SE " }, "e-mail in another case"],
    ];
    for (const [over, why] of tries) {
      const r = await call(env, "POST", "/api/prospects", {
        headers: h,
        body: newRow(over),
      });
      assert.equal(r.res.status, 409, why);
      assert.equal(r.json.error, "DUPLICATE_PROSPECT");
      assert.match(r.json.message, /finns redan som prospekt/, "in the user's language");
      assert.deepEqual(r.json.data.duplicates.map((d: any) => d.id), [first.id], why);
      assert.equal(r.json.data.duplicates[0].firstName, "Stina");
    }
    const anyway = await call(env, "POST", "/api/prospects", {
      headers: h,
      body: { ...newRow({ phoneNumber: "+46701234567" }), allowDuplicate: true },
    });
    assert.equal(anyway.res.status, 201);
    const other = await call(env, "POST", "/api/prospects", {
      headers: h,
      body: newRow({ phoneNumber: "0701234567", marketProjectId: 2 }),
    });
    assert.equal(other.res.status, 201, "another project does not block");
    assert.deepEqual(
      other.json.possibleDuplicates.map((d: any) => d.id).sort(),
      [first.id, anyway.json.id].sort(),
    );
    // A deleted prospect does not block.
    await call(env, "DELETE", `/api/prospects/${other.json.id}`, { headers: h });
    const again = await call(env, "POST", "/api/prospects", {
      headers: h,
      body: newRow({ phoneNumber: "0701234567", marketProjectId: 2 }),
    });
    assert.equal(again.res.status, 201);
  } finally {
    env.close();
  }
});

Deno.test("duplicates: 12 parallel creates of one person — exactly one 201, the rest 409", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const { headers: h } = await signedIn(env);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(env, "POST", "/api/prospects", {
          headers: h,
          body: newRow({
            firstName: `Kopia${i}`,
            phoneNumber: i % 2 ? "0709876543" : "+46 70 987 65 43",
          }),
        })),
    );
    const statuses = answers.map((a) => a.res.status).sort();
    assert.deepEqual(statuses, [201, ...Array(11).fill(409)]);
    const r = await call(env, "GET", "/api/prospects?marketProjectId=1&search=0709876543", {
      headers: h,
    });
    assert.equal(r.res.headers.get("x-total-elements"), "1");
  } finally {
    env.close();
  }
});

Deno.test("export: every matching row as CSV Excel opens (BOM, ;, å/ä/ö, formula-safe), not one page", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const { headers: h } = await signedIn(env);
    for (let i = 0; i < 13; i++) {
      await createRow(env, h, {
        firstName: i === 0 ? "=HYPERLINK(1)" : `Åsa${i}`,
        lastName: "Öberg",
      });
    }
    const other = await createRow(env, h, { firstName: "Norr", clubId: 102 });
    const done = await createRow(env, h, { firstName: "Klar" });
    await call(env, "PUT", `/api/prospects/${done.id}`, {
      headers: h,
      body: { ...newRow(), firstName: "Klar", sellStatus: "Member", version: done.version },
    });
    const get = async (qs: string) => {
      const res = await env.app.request(`http://localhost:8000/api/prospects?${qs}`, {
        headers: h,
      });
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { res, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
    };
    const all = await get("marketProjectId=1&format=csv&size=5");
    assert.equal(all.res.status, 200);
    assert.match(all.res.headers.get("content-type") ?? "", /text\/csv; charset=utf-8/);
    assert.match(
      all.res.headers.get("content-disposition") ?? "",
      /attachment; filename="prospects-1-/,
    );
    assert.ok(
      all.text.startsWith("\uFEFFKund-ID;Förnamn;Efternamn;Telefon"),
      all.text.slice(0, 80),
    );
    const lines = all.text.trim().split("\r\n");
    assert.equal(lines.length, 1 + 14, "every open row, not a page of 5");
    assert.ok(lines.some((l) => l.includes(";Åsa1;Öberg;")), "å/ä/ö intact");
    assert.ok(lines.some((l) => l.includes(";'=HYPERLINK(1);")), "formulas are neutralised");
    assert.ok(!lines.some((l) => l.includes(";Klar;")), "completed hidden by default");
    const withDone = await get("marketProjectId=1&format=csv&showCompleted=true");
    assert.ok(withDone.text.includes(";Klar;"));
    const club = await get("marketProjectId=1&format=csv&clubId=102");
    assert.deepEqual(club.text.trim().split("\r\n").slice(1).map((l) => l.split(";")[1]), [
      other.firstName,
    ]);
    const noProject = await get("format=csv");
    assert.equal(noProject.res.status, 400);
  } finally {
    env.close();
  }
});

Deno.test("duplicates: a B2B user creating the phone or e-mail of someone in a project they may not see learns only that it is registered elsewhere", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const { headers: staff } = await signedIn(env);
    const { headers: b2b } = await signedIn(env, { role: "ROLE_B2B_USER" });
    const hidden = await createRow(env, staff, {
      firstName: "Hemlig",
      lastName: "Person",
      phoneNumber: "070-555 12 34",
      email: "hemlig@example.se",
      customerId: 77001,
    });
    for (const over of [{ phoneNumber: "+46705551234" }, { email: "HEMLIG@example.se" }]) {
      const r = await call(env, "POST", "/api/prospects", {
        headers: { ...b2b, "Accept-Language": "sv" },
        body: newRow({ ...over, marketProjectId: 2 }),
      });
      assert.equal(r.res.status, 201, JSON.stringify(r.json));
      assert.deepEqual(r.json.possibleDuplicates, []);
      assert.equal(r.json.registeredElsewhere, true);
      const text = JSON.stringify(r.json);
      for (const secret of [hidden.id, "Hemlig", "77001"]) {
        assert.ok(!text.includes(secret), `the answer names ${secret}`);
      }
    }
    // Staff see both projects: the B2B records are listed to them by name.
    const again = await call(env, "POST", "/api/prospects", {
      headers: staff,
      body: newRow({ phoneNumber: "0705551234", marketProjectId: 1, allowDuplicate: true }),
    });
    assert.equal(again.res.status, 201, JSON.stringify(again.json));
    assert.equal(again.json.registeredElsewhere, false);
    assert.equal(again.json.possibleDuplicates[0]?.marketProjectId, 2, "staff see the B2B record");
  } finally {
    env.close();
  }
});
