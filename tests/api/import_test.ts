/**
 * CSV import (issue #15 point 4): the export's file imports back as nothing new, a partner list
 * in English with "," and guarded phones creates what is valid and reports the rest by file line,
 * a dry run writes nothing, parallel imports of one file create each person once.
 */
import { reportCounterKey, reportPendingPrefix } from "@/lib/db/keys.ts";
import assert from "node:assert/strict";
import fc from "fast-check";
import { csvLine } from "@/lib/domain/reports.ts";
import { createRow, makeChain } from "@/tests/api/prospect_fixtures.ts";
import { call, makeEnv, ORIGIN, signedIn, type TestEnv } from "@/tests/helpers.ts";

async function importCsv(
  env: TestEnv,
  headers: Record<string, string>,
  qs: string,
  body: string | Uint8Array<ArrayBuffer>,
) {
  const res = await env.app.request(`${ORIGIN}/api/prospects/import?${qs}`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "text/csv" },
    body,
  });
  return { res, json: await res.json() };
}

async function total(env: TestEnv, h: Record<string, string>, qs = "marketProjectId=1") {
  const r = await call(env, "GET", `/api/prospects?${qs}&showCompleted=true`, { headers: h });
  return Number(r.res.headers.get("x-total-elements"));
}

Deno.test("import: the export's own file imports back as 0 new rows, all duplicates; into another project it creates them", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const { headers: h } = await signedIn(env, { role: "ROLE_ADMIN" });
    for (let i = 0; i < 6; i++) {
      await createRow(env, h, { firstName: `Åsa${i}`, phoneNumber: `+46 70 555 00 0${i}` });
    }
    const exported = await (await env.app.request(
      `${ORIGIN}/api/prospects?marketProjectId=1&format=csv`,
      { headers: h },
    )).text();
    assert.match(exported, /'\+46 70 555 00 00/, "the export guards the phone");
    const back = await importCsv(env, h, "marketProjectId=1", exported);
    assert.equal(back.res.status, 200, JSON.stringify(back.json));
    assert.equal(back.json.created, 0);
    assert.deepEqual(back.json.duplicates.map((d: any) => d.line), [2, 3, 4, 5, 6, 7]);
    assert.ok(back.json.duplicates.every((d: any) => typeof d.id === "string"));
    assert.deepEqual(back.json.errors, []);
    assert.equal(await total(env, h), 6);

    const count = reportCounterKey("sv", 2);
    assert.equal((await env.kv.get(count)).versionstamp, null, "project 2 has no prospects yet");
    const moved = await importCsv(env, h, "marketProjectId=2", exported);
    assert.equal(moved.json.created, 6, JSON.stringify(moved.json));
    const pending = await Array.fromAsync(env.kv.list({ prefix: reportPendingPrefix(2) }));
    assert.equal(pending.length, 1, "the import's atomic set one pending entry for project 2");
    const report = await call(
      env,
      "GET",
      "/api/reports/status-project?referenceDate=2030-01-01&marketProjectIds=2",
      { headers: h },
    );
    assert.equal(report.json.rows[0].totalProspects, 6, JSON.stringify(report.json));
    assert.deepEqual(
      await Array.fromAsync(env.kv.list({ prefix: reportPendingPrefix(2) })),
      [],
      "the report folded project 2's pending entries before reading",
    );
    const touched = await env.kv.get<Deno.KvU64>(count);
    assert.ok(
      touched.versionstamp,
      "the import moved project 2's status buckets: the fold touched its count",
    );
    assert.equal(touched.value?.value, 0n, "and no status changed");
    const r = await call(env, "GET", "/api/prospects?marketProjectId=2&search=0046705550003", {
      headers: h,
    });
    assert.equal(r.json.length, 1, "the guarded phone imported as the same phone");
    assert.equal(r.json[0].phoneNumber, "+46 70 555 00 03");
    assert.equal(r.json[0].firstName, "Åsa3");
    assert.equal(r.json[0].sellStatus, null, "an import starts as a new prospect");
  } finally {
    env.close();
  }
});

Deno.test("import: English headers with ',', errors and duplicates by file line; dry run writes nothing; the same file again creates nothing", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const { headers: h } = await signedIn(env);
    const existing = await createRow(env, h, { phoneNumber: "0701112233", email: "bo@example.se" });
    const csv = [
      "First name,Last name,Phone,E-mail,Club id,Tag,Unknown column",
      "Eva,Ek,'+46702223344,eva@example.se,101,web,x", // 2: ok
      'Per,"Lind, Jr",0046 70 333 44 55,,102,,', // 3: ok, quoted comma
      "Bo,Berg,+46 70 111 22 33,,101,,", // 4: duplicate of the stored prospect (phone)
      "Eva,Ek2,070-222 33 44,,101,,", // 5: duplicate of line 2 (phone)
      "Ann,,0704445566,ann@,101,,", // 6: last name missing, bad e-mail
      "Ola,Ny,0705556677,,999,,", // 7: unknown club
      "Kim,Kort,12ab,,101,,", // 8: not a phone number
      '"Multi\nline",Name,0706667788,,103,,', // 9-10: ok, a name over two lines
      "Lo,Sist,0707778899,BO@EXAMPLE.SE,101,,", // 11: duplicate of the stored prospect (e-mail)
    ].join("\r\n");
    const dry = await importCsv(env, h, "marketProjectId=1&dryRun=true", csv);
    assert.equal(dry.res.status, 200, JSON.stringify(dry.json));
    assert.equal(dry.json.created, 3);
    assert.deepEqual(dry.json.duplicates, [
      { line: 4, id: existing.id },
      { line: 5, id: null },
      { line: 11, id: existing.id },
    ]);
    assert.deepEqual(
      dry.json.errors.map((e: any) => [e.line, e.field, e.code]),
      [
        [6, "lastName", "VALIDATION"],
        [6, "email", "VALIDATION"],
        [7, "clubId", "CLUB_NOT_FOUND"],
        [8, "phoneNumber", "VALIDATION"],
      ],
    );
    assert.deepEqual(dry.json.createdIds, [], "a dry run creates nothing");
    assert.ok(dry.json.errors.every((e: any) => typeof e.message === "string" && e.message));
    assert.deepEqual(dry.json.ignoredColumns, ["Unknown column"]);
    assert.equal(await total(env, h), 1, "a dry run writes nothing");

    const real = await importCsv(env, h, "marketProjectId=1", csv);
    assert.equal(real.json.created, 3);
    assert.deepEqual(real.json.createdIds.map((c: any) => c.line), [2, 3, 9]);
    for (const c of real.json.createdIds) {
      const got = await call(env, "GET", `/api/prospects/${c.id}`, { headers: h });
      assert.equal(got.res.status, 200, `the id of line ${c.line} is a prospect`);
    }
    const line2 = real.json.duplicates.find((d: any) => d.line === 5);
    assert.ok(line2.id, "a duplicate of an imported line names the prospect it became");
    assert.equal(await total(env, h), 4);
    const per = await call(env, "GET", "/api/prospects?marketProjectId=1&lastName=Lind", {
      headers: h,
    });
    assert.equal(per.json[0].lastName, "Lind, Jr");
    assert.equal(per.json[0].clubId, 102);
    assert.equal(per.json[0].createdBy !== null, true);

    const again = await importCsv(env, h, "marketProjectId=1", csv);
    assert.equal(again.json.created, 0, "importing the same file again creates nothing");
    assert.equal(await total(env, h), 4);
  } finally {
    env.close();
  }
});

Deno.test("import: the clubId parameter, Swedish messages, missing columns, empty and non-UTF-8 files, an inactive project", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const { headers: h } = await signedIn(env);
    const sv = { ...h, "Accept-Language": "sv" };
    const noClub = "Förnamn;Efternamn;Telefon\r\nKarin;Å;0708889900\r\nNils;;0709990011\r\n";
    const missing = await importCsv(env, sv, "marketProjectId=1", noClub);
    assert.equal(missing.res.status, 400);
    assert.equal(missing.json.error, "IMPORT_MISSING_COLUMNS");
    assert.match(missing.json.message, /Klubb-ID/);
    const withParam = await importCsv(env, sv, "marketProjectId=1&clubId=103", noClub);
    assert.equal(withParam.json.created, 1);
    assert.deepEqual(withParam.json.errors.map((e: any) => [e.line, e.field]), [[3, "lastName"]]);
    assert.match(withParam.json.errors[0].message, /obligatori/i, "in the user's language");
    const karin = await call(env, "GET", "/api/prospects?marketProjectId=1&firstName=Karin", {
      headers: h,
    });
    assert.equal(karin.json[0].clubId, 103);

    const empty = await importCsv(env, sv, "marketProjectId=1&clubId=101", "\uFEFF");
    assert.equal(empty.json.error, "IMPORT_EMPTY");
    const latin1 = new Uint8Array([0x46, 0xf6, 0x72, 0x6e, 0x61, 0x6d, 0x6e]); // "Förnamn" in Latin-1
    const bad = await importCsv(env, sv, "marketProjectId=1&clubId=101", latin1);
    assert.equal(bad.res.status, 400);
    assert.equal(bad.json.error, "BAD_ENCODING");
    const inactive = await importCsv(env, sv, "marketProjectId=3&clubId=101", noClub);
    assert.equal(inactive.json.error, "MARKET_PROJECT_INACTIVE");
    const { headers: b2bUser } = await signedIn(env, { role: "ROLE_B2B_USER" });
    const b2b = await importCsv(env, b2bUser, "marketProjectId=1&clubId=101", noClub);
    assert.equal(b2b.res.status, 403, "a B2B user cannot import into a project they cannot see");
    const anon = await importCsv(env, {}, "marketProjectId=1&clubId=101", noClub);
    assert.equal(anon.res.status, 401);
    assert.equal(await total(env, h), 1);
  } finally {
    env.close();
  }
});

Deno.test("import: the same file sent 4 times in parallel creates each person once", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const { headers: h } = await signedIn(env);
    const lines = ["firstName;lastName;phoneNumber;clubId"];
    for (let i = 0; i < 60; i++) {
      lines.push(`P${i};Parallell;0731${String(i).padStart(6, "0")};101`);
    }
    const csv = lines.join("\n");
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => importCsv(env, h, "marketProjectId=1", csv)),
    );
    const created = answers.reduce((s, a) => s + a.json.created, 0);
    assert.equal(created, 60, JSON.stringify(answers.map((a) => a.json.created)));
    const dups = answers.reduce((s, a) => s + a.json.duplicates.length, 0);
    assert.equal(dups, 180);
    assert.equal(await total(env, h), 60);
  } finally {
    env.close();
  }
});

Deno.test("import: an unterminated quote is MALFORMED_QUOTE on its own line; the next person's row is still imported", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const { headers: h } = await signedIn(env);
    const csv = [
      "First name,Last name,Phone,Club id",
      'Anna,"Ek,0701112233,101', // 2: the quote never closes
      "Bo,Lind,0702223344,101", // 3
      'Cia,Berg"son,0703334455,101', // 4: a quote inside an unquoted cell
      '"Dan"x,Holm,0704445566,101', // 5: text after a closing quote
      "Eva,Ek,0705556677,102", // 6
    ].join("\n");
    const r = await importCsv(env, h, "marketProjectId=1", csv);
    assert.equal(r.res.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.rows, 5);
    assert.equal(r.json.created, 2, JSON.stringify(r.json));
    assert.deepEqual(
      r.json.errors.map((e: any) => [e.line, e.code]),
      [[2, "MALFORMED_QUOTE"], [4, "MALFORMED_QUOTE"], [5, "MALFORMED_QUOTE"]],
    );
    assert.match(r.json.errors[0].message, /Rad 2/);
    const created = await call(env, "GET", "/api/prospects?marketProjectId=1", { headers: h });
    assert.deepEqual(created.json.map((p: any) => p.firstName).sort(), ["Bo", "Eva"]);

    // A header that cannot be read refuses the file, naming line 1.
    const bad = await importCsv(env, h, "marketProjectId=1", 'First name,"Last name\nBo,Lind');
    assert.equal(bad.res.status, 400);
    assert.equal(bad.json.error, "MALFORMED_QUOTE");
    assert.deepEqual(bad.json.data, { line: 1 });
    assert.match(bad.json.message, /Rad 1 \(rubrikraden\)/);
  } finally {
    env.close();
  }
});

Deno.test("import property: created + duplicates + lines with errors = rows, for files with quotes, separators and line breaks", async () => {
  const env = await makeEnv();
  try {
    await makeChain(env);
    const { headers: h } = await signedIn(env, { role: "ROLE_ADMIN" });
    const rich = fc.string({
      unit: fc.constantFrom("a", "Å", "b", " ", '"', ",", ";", "\n", "\r\n", "'", "="),
      maxLength: 8,
    });
    const plain = fc.string({ unit: fc.constantFrom("a", "Å", "b", " ", "-"), maxLength: 8 });
    const row = (name: fc.Arbitrary<string>) =>
      fc.record({
        firstName: name,
        lastName: name,
        phone: fc.constantFrom("0701234560", "0701234561", "0701234562", "+46 70 123 45 63", "x1"),
        club: fc.constantFrom("101", "102", "999", ""),
      });
    const file = fc.oneof(
      // Well-formed files: every cell as a spreadsheet writes it.
      fc.record({
        sep: fc.constantFrom(",", ";"),
        rows: fc.array(row(rich), { minLength: 1, maxLength: 8 }),
        broken: fc.constant(-1),
      }),
      // One row whose quote never closes, among rows of plain cells.
      fc.record({
        sep: fc.constantFrom(",", ";"),
        rows: fc.array(row(plain), { minLength: 1, maxLength: 8 }),
        broken: fc.nat(7),
      }),
    );
    let project = 0;
    await fc.assert(
      fc.asyncProperty(file, fc.constantFrom("\n", "\r\n"), async ({ sep, rows, broken }, eol) => {
        const header = csvLine(["First name", "Last name", "Phone", "Club id"], sep);
        let line = 2;
        let brokenLine = -1;
        const body = rows.map((r, i) => {
          const cells = [r.firstName, r.lastName, r.phone, r.club];
          let text = csvLine(cells, sep).replace(/\r\n$/, eol);
          if (i === broken % rows.length && broken >= 0) {
            text = `"${cells.join(sep)}${eol}`;
            brokenLine = line;
          }
          line += text.split(/\r\n|\r|\n/).length - 1;
          return text;
        });
        const csv = header + body.join("");
        project = project % 2 + 1;
        const r = await importCsv(env, h, `marketProjectId=${project}&dryRun=true`, csv);
        assert.equal(r.res.status, 200, JSON.stringify(r.json));
        const errorLines = new Set(r.json.errors.map((e: any) => e.line));
        assert.equal(
          r.json.created + r.json.duplicates.length + errorLines.size,
          r.json.rows,
          JSON.stringify({ csv, json: r.json }),
        );
        if (brokenLine < 0) {
          assert.equal(r.json.rows, rows.length, csv);
        } else {
          assert.equal(r.json.rows, rows.length, "the broken row is one row; none is swallowed");
          const malformed = r.json.errors.filter((e: any) => e.code === "MALFORMED_QUOTE");
          assert.deepEqual(malformed.map((e: any) => e.line), [brokenLine], csv);
        }
        // Lines reported twice across categories would count a row twice.
        const dupLines = new Set(r.json.duplicates.map((d: any) => d.line));
        for (const l of errorLines) assert.ok(!dupLines.has(l), `line ${l} in both`);
      }),
      { seed: 44, numRuns: 150 },
    );
  } finally {
    env.close();
  }
});
