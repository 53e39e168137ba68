/**
 * Personal data (issue #14): erasing leaves no trace of the person in a dump of the whole store
 * (record, indexes, notes, events, report data, mail copies, queued notifications, audit) and
 * changes no report; delete records who and when, admins restore, an erased prospect never comes
 * back; the history; finding a person by e-mail or any written form of the phone.
 */
import { getRecord } from "@/lib/db/prospect_record.ts";
import assert from "node:assert/strict";
import { join } from "node:path";
import { dumpKv, restoreKv } from "@/lib/db/dump.ts";
import { runActivityJob } from "@/lib/services/activity_pass.ts";
import { listOutbox } from "@/lib/notify/mod.ts";
import { createRow, makeChain, rowOf } from "@/tests/api/prospect_fixtures.ts";
import { call, makeEnv, signedIn, type TestEnv } from "@/tests/helpers.ts";
import { createApp } from "@/routes/mod.ts";

const START = "2026-03-10T08:00:00Z"; // Tuesday 09:00 local

async function dumpText(kv: Deno.Kv): Promise<string> {
  const lines: string[] = [];
  await dumpKv(kv, (l) => Promise.resolve(void lines.push(l)));
  return lines.join("");
}

const TRACES = [
  "Zebulon",
  "Quixotesson",
  // The folded name and its first letters, as the search indexes and name-prefix counters hold them.
  "zebu",
  "quix",
  "zebulon.q@example",
  "ZEBULON.Q",
  "705551234",
  "555 12 34",
  "ZQ-kampanjtagg",
  "Nominee Zed",
  "vill träna på morgonen",
];

async function reports(env: TestEnv, h: Record<string, string>) {
  const out: unknown[] = [];
  for (const date of ["2026-03-09", "2026-03-10", "2026-03-11"]) {
    for (
      const path of [
        `/api/reports/status-project?referenceDate=${date}&marketProjectIds=1`,
        `/api/reports/status-project?referenceDate=${date}&marketProjectIds=1&prospectFieldKey=clubId&collection=clubs&ids=101,102`,
        `/api/reports/sell-status-age?referenceDate=${date}&marketProjectId=1`,
      ]
    ) {
      const r = await call(env, "GET", path, { headers: h });
      assert.equal(r.res.status, 200, `${path}: ${JSON.stringify(r.json)}`);
      out.push(r.json);
    }
  }
  return out;
}

Deno.test("erase: no trace of the person in a dump of the store, reports unchanged, final", async () => {
  const env = await makeEnv({}, new Date(START));
  try {
    await makeChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const staff = await signedIn(env, { firstName: "Anna" });
    await call(env, "PUT", `/api/users/${staff.user.id}/clubs`, {
      headers: staff.headers,
      body: { clubId: 101, checked: true },
    });
    const p = await createRow(env, staff.headers, {
      firstName: "Zebulon",
      lastName: "Quixotesson",
      phoneNumber: "070-555 12 34",
      email: "Zebulon.Q@example.se",
      tag: "ZQ-kampanjtagg",
      nominator: "Nominee Zed",
      assignId: staff.user.email,
    });
    const note = await call(env, "POST", `/api/prospects/${p.id}/notes`, {
      headers: staff.headers,
      body: { text: "Zebulon vill träna på morgonen", noteType: "Note" },
    });
    assert.equal(note.res.status, 201, JSON.stringify(note.json));
    // A reminder mail about him lands in the outbox (a copy of personal data).
    env.clock.set("2026-03-10T14:00:00Z");
    await runActivityJob({ kv: env.kv, config: env.config, now: () => env.clock.now });
    const mails = await listOutbox(env.kv, { now: env.clock.now });
    assert.ok(mails.some((m) => m.text.includes("Zebulon")), "a mail copy mentions him");
    const saved = await call(env, "PUT", `/api/prospects/${p.id}`, {
      headers: staff.headers,
      body: rowOf(
        await (await call(env, "GET", `/api/prospects/${p.id}`, { headers: staff.headers })).json,
        { sellStatus: "NoAnswer1" },
      ),
    });
    assert.equal(saved.res.status, 200, JSON.stringify(saved.json));
    assert.ok((await dumpText(env.kv)).includes("Zebulon"), "the dump holds him before");
    env.clock.set("2026-03-11T10:00:00Z");
    const before = await reports(env, admin.headers);

    // Only admins erase, however many try at once.
    const tries = await Promise.all(
      Array.from(
        { length: 6 },
        () => call(env, "POST", `/api/prospects/${p.id}/erase`, { headers: staff.headers }),
      ),
    );
    assert.deepEqual(tries.map((t) => t.res.status), Array(6).fill(403));
    const erased = await call(env, "POST", `/api/prospects/${p.id}/erase`, {
      headers: admin.headers,
    });
    assert.equal(erased.res.status, 200, JSON.stringify(erased.json));
    const e = erased.json;
    assert.equal(e.activityStatus, "CustomerCleaned");
    assert.equal(e.activityStatusWeigth, 5);
    assert.equal(e.disabled, true);
    assert.equal(e.assignId, null);
    assert.equal(e.customerId, p.customerId, "the customer id stays");
    assert.equal(e.sellStatus, "NoAnswer1", "the sell status stays");
    assert.equal(e.registerDate, p.registerDate);

    const dump = await dumpText(env.kv);
    for (const t of TRACES) assert.ok(!dump.includes(t), `the dump still holds "${t}"`);
    assert.deepEqual(await reports(env, admin.headers), before, "every report is unchanged");

    // The same through the real task, on a file holding the same entries.
    const dir = await Deno.makeTempDir({ prefix: "klubbleads-erase-" });
    try {
      const file = await Deno.openKv(join(dir, "app.kv"));
      await restoreKv(
        file,
        (async function* () {
          yield* dump.split("\n").filter(Boolean);
        })(),
      );
      file.close();
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["task", "db:dump", "--kv", join(dir, "app.kv")],
        cwd: new URL("../../", import.meta.url),
        stdout: "piped",
        stderr: "piped",
      }).output();
      assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
      const text = new TextDecoder().decode(out.stdout);
      assert.ok(text.includes(p.id), "the task dumped the store");
      for (const t of TRACES) assert.ok(!text.includes(t), `deno task db:dump holds "${t}"`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }

    // Erased is final: no edit, note, assignment or restore brings data back.
    const edits = await Promise.all([
      call(env, "PUT", `/api/prospects/${p.id}`, {
        headers: admin.headers,
        body: rowOf(p, { firstName: "Zebulon" }),
      }),
      call(env, "PATCH", `/api/prospects/${p.id}`, {
        headers: admin.headers,
        body: { lastName: "Quixotesson" },
      }),
      call(env, "POST", `/api/prospects/${p.id}/notes`, {
        headers: admin.headers,
        body: { text: "Zebulon igen", noteType: "Note" },
      }),
      call(env, "PUT", `/api/prospects/restore/${p.id}`, { headers: admin.headers }),
    ]);
    assert.deepEqual(edits.map((r) => r.res.status), [409, 409, 409, 409]);
    assert.equal(edits[0].json.error, "PROSPECT_ERASED");
    assert.ok(!(await dumpText(env.kv)).includes("Zebulon"));
  } finally {
    env.close();
  }
});

Deno.test("delete records who and when; admins restore; history and data-subject find it all", async () => {
  const env = await makeEnv({}, new Date(START));
  try {
    await makeChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const staff = await signedIn(env, { firstName: "Anna" });
    const other = await signedIn(env, { firstName: "Olle" });
    const p = await createRow(env, staff.headers, {
      firstName: "Dora",
      phoneNumber: "+46 70 777 66 55",
      email: "dora@example.se",
      assignId: staff.user.email,
    });
    const q = await createRow(env, staff.headers, {
      firstName: "Dora",
      phoneNumber: "0046707776655",
      email: "other@example.se",
      marketProjectId: 2,
    });
    const del = await call(env, "DELETE", `/api/prospects/${q.id}`, { headers: staff.headers });
    assert.equal(del.res.status, 200);
    assert.equal(del.json.deletedBy, staff.user.id);
    assert.ok(del.json.deletedAt);

    // Everything about Dora, by any written form of her phone, deleted prospects included.
    for (const phone of ["070-777 66 55", "+46707776655", "0046 70 777 66 55"]) {
      const r = await call(
        env,
        "GET",
        `/api/admin/data-subject?phone=${encodeURIComponent(phone)}`,
        {
          headers: admin.headers,
        },
      );
      assert.equal(r.res.status, 200, JSON.stringify(r.json));
      assert.deepEqual(r.json.map((x: any) => x.prospect.id).sort(), [p.id, q.id].sort(), phone);
      assert.ok(r.json.every((x: any) => Array.isArray(x.notes) && Array.isArray(x.history)));
    }
    const byMail = await call(env, "GET", "/api/admin/data-subject?email=DORA@example.se", {
      headers: admin.headers,
    });
    assert.deepEqual(byMail.json.map((x: any) => x.prospect.id), [p.id]);
    const none = await call(env, "GET", "/api/admin/data-subject", { headers: admin.headers });
    assert.equal(none.res.status, 400);
    const notAdmin = await call(env, "GET", "/api/admin/data-subject?email=dora@example.se", {
      headers: staff.headers,
    });
    assert.equal(notAdmin.res.status, 403);

    // Restore: admins only, in parallel; the history shows delete and restore with who.
    const staffTries = await Promise.all(
      Array.from(
        { length: 4 },
        () => call(env, "PUT", `/api/prospects/restore/${q.id}`, { headers: staff.headers }),
      ),
    );
    assert.deepEqual(staffTries.map((t) => t.res.status), [403, 403, 403, 403]);
    const restored = await call(env, "PUT", `/api/prospects/restore/${q.id}`, {
      headers: admin.headers,
    });
    assert.equal(restored.res.status, 200);
    assert.equal(restored.json.deleted, false);
    const hist = await call(env, "GET", `/api/prospects/${q.id}/history`, {
      headers: admin.headers,
    });
    assert.equal(hist.res.status, 200);
    const types = hist.json.map((h: any) => h.type);
    assert.equal(types[0], "restore", "newest first");
    assert.ok(types.includes("delete") && types.includes("create"));
    const delEntry = hist.json.find((h: any) => h.type === "delete");
    assert.equal(delEntry.userId, staff.user.id);
    assert.match(delEntry.userName, /Anna/);

    // The assignee and admins read a prospect's history; others get 404.
    assert.equal(
      (await call(env, "GET", `/api/prospects/${p.id}/history`, { headers: staff.headers })).res
        .status,
      200,
    );
    assert.equal(
      (await call(env, "GET", `/api/prospects/${p.id}/history`, { headers: other.headers })).res
        .status,
      404,
    );
  } finally {
    env.close();
  }
});

Deno.test("retention: unchanged prospects and long-deleted ones are erased; notes count as change", async () => {
  const env = await makeEnv({}, new Date(START));
  try {
    await makeChain(env);
    const admin = await signedIn(env, { role: "ROLE_ADMIN" });
    const staff = await signedIn(env);
    const old = await createRow(env, staff.headers, {
      firstName: "Oldie",
      assignId: staff.user.email,
    });
    const noted = await createRow(env, staff.headers, {
      firstName: "Anteckning",
      assignId: staff.user.email,
    });
    const gone = await createRow(env, staff.headers, { firstName: "Borta" });
    await call(env, "DELETE", `/api/prospects/${gone.id}`, { headers: staff.headers });

    env.clock.set("2026-04-20T10:00:00Z"); // 41 days later
    const note = await call(env, "POST", `/api/prospects/${noted.id}/notes`, {
      headers: staff.headers,
      body: { text: "ringde", noteType: "Note" },
    });
    assert.equal(note.res.status, 201);
    const fresh = await createRow(env, staff.headers, { firstName: "Ny" });
    // The activity engine's own transitions are no change by a person.
    await runActivityJob({ kv: env.kv, config: env.config, now: () => env.clock.now });

    const settings = await call(env, "GET", "/api/admin-settings", { headers: admin.headers });
    assert.equal(settings.json.retentionDays, 365, "a year by default");
    const preview = async (days: number) =>
      (await call(env, "GET", `/api/admin/retention/preview?days=${days}`, {
        headers: admin.headers,
      })).json.count;
    assert.equal(await preview(365), 1, "only the one deleted 41 days ago");
    assert.equal(await preview(30), 2, "+ Oldie (unchanged 41 days); not the noted or new ones");
    assert.equal(await preview(0), 0, "0 turns retention off");

    const put = await call(env, "PUT", `/api/admin-settings/${settings.json.id}`, {
      headers: admin.headers,
      body: { retentionDays: 30 },
    });
    assert.equal(put.res.status, 200, JSON.stringify(put.json));
    assert.equal(put.json.retentionDays, 30);
    assert.equal(put.json.worktimeFrom, settings.json.worktimeFrom, "work time kept");
    const bad = await call(env, "PUT", `/api/admin-settings/${settings.json.id}`, {
      headers: admin.headers,
      body: { retentionDays: -1 },
    });
    assert.equal(bad.res.status, 400);

    const notAdmin = await call(env, "POST", "/api/admin/retention/run", {
      headers: staff.headers,
    });
    assert.equal(notAdmin.res.status, 403);
    const run = await call(env, "POST", "/api/admin/retention/run", { headers: admin.headers });
    assert.deepEqual(run.json, { erased: 2 });
    const again = await call(env, "POST", "/api/admin/retention/run", { headers: admin.headers });
    assert.deepEqual(again.json, { erased: 0 }, "a cleaned prospect is not counted again");
    const status = async (id: string) => (await getRecord(env.kv, id)).value!.activityStatus;
    assert.equal(await status(old.id), "CustomerCleaned");
    assert.equal(await status(gone.id), "CustomerCleaned");
    assert.notEqual(await status(noted.id), "CustomerCleaned");
    assert.notEqual(await status(fresh.id), "CustomerCleaned");
    const dump = await dumpText(env.kv);
    for (const name of ["Oldie", "Borta"]) {
      const at = dump.indexOf(name);
      assert.equal(at, -1, dump.slice(Math.max(0, at - 300), at + 100));
    }
    assert.ok(dump.includes("Anteckning"));
  } finally {
    env.close();
  }
});

/** The env's app on a KV whose commits all fail after the first one writing `marker` (a crash). */
function dyingAfter(env: TestEnv, marker: string): TestEnv {
  let dead = false;
  const kv = new Proxy(env.kv, {
    get(t, p) {
      if (p === "atomic") {
        return () => {
          const op = t.atomic();
          const set = op.set.bind(op);
          const commit = op.commit.bind(op);
          let marks = false;
          op.set = (key, value, o) => {
            if (key[0] === marker) marks = true;
            return set(key, value, o);
          };
          op.commit = async () => {
            if (dead) throw new Error("the process died");
            const res = await commit();
            if (marks && res.ok) dead = true;
            return res;
          };
          return op;
        };
      }
      const v = Reflect.get(t, p, t);
      return typeof v === "function" ? v.bind(t) : v;
    },
  });
  return { ...env, kv, app: createApp({ kv, config: env.config, now: () => env.clock.now }) };
}

Deno.test("erase: a cleanup cut short by a crash shows in the data-subject search and completes on a repeated erase or a retention run", async () => {
  for (const finish of ["erase again", "retention"] as const) {
    const env = await makeEnv({}, new Date(START));
    try {
      await makeChain(env);
      const admin = await signedIn(env, { role: "ROLE_ADMIN" });
      const p = await createRow(env, admin.headers, {
        firstName: "Crashy",
        lastName: "Halvraderad",
        phoneNumber: "070-555 98 76",
        email: "crashy.h@example.se",
      });
      // The record's erase commits, then every write fails: the guards and indexes stay.
      const dying = dyingAfter(env, "erase_pending");
      const cut = await call(dying, "POST", `/api/prospects/${p.id}/erase`, {
        headers: admin.headers,
      });
      assert.equal(cut.res.status, 500, finish);
      assert.equal((await getRecord(env.kv, p.id)).value!.activityStatus, "CustomerCleaned");
      assert.ok((await dumpText(env.kv)).includes("crashy.h@example.se"), "left behind");

      const search = async () =>
        (await call(env, "GET", "/api/admin/data-subject?email=Crashy.H@example.se", {
          headers: admin.headers,
        })).json;
      const seen = await search();
      assert.equal(seen.length, 1, "what is left can be seen");
      assert.equal(seen[0].prospect.id, p.id);
      assert.equal(seen[0].pendingCleanup, true);
      const byPhone = await call(env, "GET", "/api/admin/data-subject?phone=%2B46705559876", {
        headers: admin.headers,
      });
      assert.equal(byPhone.json[0]?.pendingCleanup, true);

      if (finish === "erase again") {
        const r = await call(env, "POST", `/api/prospects/${p.id}/erase`, {
          headers: admin.headers,
        });
        assert.equal(r.res.status, 200);
      } else {
        const r = await call(env, "POST", "/api/admin/retention/run", { headers: admin.headers });
        assert.equal(r.res.status, 200);
      }
      const dump = await dumpText(env.kv);
      for (const t of ["Crashy", "Halvraderad", "crashy.h@example", "705559876", "555 98 76"]) {
        const at = dump.toLowerCase().indexOf(t.toLowerCase());
        assert.equal(at, -1, `${finish}: ${t} in ${dump.slice(Math.max(0, at - 200), at + 80)}`);
      }
      const after = await search();
      assert.ok(after.every((r: any) => r.pendingCleanup === false), finish);
    } finally {
      env.close();
    }
  }
});
