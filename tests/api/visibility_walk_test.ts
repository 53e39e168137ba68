/**
 * One visibility rule over every answer: walks every operation of /api/openapi.json (and every
 * registered API route and page) as a B2B user and as staff, with inputs that would match people
 * they may not see or open (phone, e-mail, names, customer id, id), and fails if an answer names
 * them. New routes are walked without editing this file.
 *
 * - The B2B user may not see the two prospects of the non-B2B project: no answer may carry their
 *   name, phone, e-mail, customer id or id unless the request itself sent that value.
 * - Staff may see every prospect but open the notes of their own only, and may not edit a disabled
 *   one: no answer to staff carries the locked prospect's note, and after the walk it is unchanged.
 */
import assert from "node:assert/strict";
import {
  call,
  createTestUser,
  makeEnv,
  ORIGIN,
  sessionHeaders,
  type TestEnv,
} from "@/tests/helpers.ts";
import { makeChain } from "@/tests/api/prospect_fixtures.ts";
import type { UserRecord } from "@/lib/domain/user.ts";

interface Person {
  id: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  customerId: number;
}

const HIDDEN_A = {
  firstName: "Zebulon",
  lastName: "Quarrington",
  phoneNumber: "0739517364",
  email: "zebulon.q@dold.example",
  customerId: 918273,
};
const HIDDEN_B = {
  firstName: "Ottilie",
  lastName: "Vandermeer",
  phoneNumber: "0768204913",
  email: "ottilie.v@dold.example",
  customerId: 918274,
};
const LOCKED = {
  firstName: "Leopold",
  lastName: "Brannigan",
  phoneNumber: "0725580146",
  email: "leopold.b@las.example",
  customerId: 918275,
};
const LOCKED_NOTE = "Privat anteckning 7f3a9c";

/** The values that must not appear in an answer, with the forms a phone may take. */
function needles(p: Person): string[] {
  const digits = p.phoneNumber.replace(/\D/g, "");
  return [
    p.id,
    p.firstName,
    p.lastName,
    p.email,
    String(p.customerId),
    p.phoneNumber,
    digits,
    `+46${digits.slice(1)}`,
  ];
}

async function create(env: TestEnv, headers: Record<string, string>, body: object) {
  const { res, json } = await call(env, "POST", "/api/prospects", { headers, body });
  assert.equal(res.status, 201, `fixture not created: ${JSON.stringify(json)}`);
  return json;
}

/** A sample value for a JSON schema (enough to pass the shape check where the name is unknown). */
function sample(schema: any, depth = 0): unknown {
  if (!schema || depth > 4) return undefined;
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return sample(alt.find((s: any) => s.type !== "null") ?? alt[0], depth + 1);
  const type = Array.isArray(schema.type)
    ? schema.type.find((t: string) => t !== "null")
    : schema.type;
  switch (type) {
    case "string":
      return schema.format === "date" ? "2030-01-01" : "x";
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return false;
    case "array": {
      const v = sample(schema.items, depth + 1);
      return v === undefined ? [] : [v];
    }
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {})) {
        const v = sample(s, depth + 1);
        if (v !== undefined) out[k] = v;
      }
      return out;
    }
  }
  return undefined;
}

/** A person nobody is hidden from: the values of the fields a variant does not aim at. */
const NEUTRAL = { firstName: "Nils", lastName: "Neutral" };

/**
 * The inputs of one variant, by field name: the field family `by` (and the search fields) carry
 * the target's value, the other person fields neutral ones, so a create is valid and only the
 * aimed-at value can make it match the target.
 */
let neutralCount = 0;
function matching(target: Person, projectId: number, clubId: number, by: keyof Person) {
  // Fresh neutral contact data per call, so an earlier call's record never answers as a duplicate.
  const n = ++neutralCount;
  const neutralPhone = `0701${String(n).padStart(6, "0")}`;
  const neutralEmail = `nils.neutral${n}@example.se`;
  const aim = (field: keyof Person, neutral: unknown) => by === field ? target[field] : neutral;
  const byName: Record<string, unknown> = {
    id: target.id,
    prospectid: target.id,
    duplicateid: target.id,
    ids: [target.id],
    firstname: aim("firstName", NEUTRAL.firstName),
    lastname: by === "firstName" ? target.lastName : NEUTRAL.lastName,
    phonenumber: aim("phoneNumber", neutralPhone),
    phone: aim("phoneNumber", neutralPhone),
    mobile: aim("phoneNumber", undefined),
    email: aim("email", neutralEmail),
    customerid: aim("customerId", undefined),
    search: String(target[by]),
    term: String(target[by]),
    q: String(target[by]),
    marketprojectid: projectId,
    selectedmarketprojectid: projectId,
    clubid: clubId,
  };
  return (name: string): unknown => byName[name.toLowerCase()];
}

function bodyFor(schema: any, value: (name: string) => unknown): unknown {
  if (!schema || schema.type !== "object") return sample(schema) ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, s] of Object.entries<any>(schema.properties ?? {})) {
    const v = value(k);
    if (v !== undefined) {
      out[k] = Array.isArray(v) || s?.type !== "array" ? v : [v];
    } else if ((schema.required ?? []).includes(k)) out[k] = sample(s);
  }
  return out;
}

function resolve(doc: any, schema: any): any {
  if (schema?.$ref) return resolve(doc, doc.components.schemas[schema.$ref.split("/").pop()]);
  return schema;
}

interface Op {
  method: string;
  path: string;
  query: { name: string; schema: any }[];
  body: any;
  form: boolean;
}

/** Every operation: the OpenAPI document's, then registered routes it leaves out, then pages. */
function operations(env: TestEnv, doc: any): Op[] {
  const ops: Op[] = [];
  const seen = new Set<string>();
  for (const [p, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      const content = op.requestBody?.content ?? {};
      const media = Object.keys(content)[0];
      const path = p.replace(/\{([^}]+)\}/g, ":$1");
      seen.add(`${method.toUpperCase()} ${path.replace(/\/$/, "")}`);
      ops.push({
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? []).filter((x: any) => x.in === "query"),
        body: media ? resolve(doc, content[media].schema) : undefined,
        form: media === "application/x-www-form-urlencoded",
      });
    }
  }
  for (const r of env.app.api.routes) {
    const key = `${r.method.toUpperCase()} ${r.path.replace(/\/$/, "")}`;
    if (seen.has(key)) continue;
    seen.add(key);
    ops.push({ method: r.method.toUpperCase(), path: r.path, query: [], body: {}, form: false });
  }
  for (const r of env.app.app.routes) {
    if (r.method !== "GET" || r.path.startsWith("/api") || r.path.includes("*")) continue;
    const key = `GET ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const query = ["marketProjectId", "search", "clubId", "customerId", "firstName", "email"]
      .map((name) => ({ name, schema: { type: "string" } }));
    ops.push({ method: "GET", path: r.path, query, body: undefined, form: false });
  }
  return ops;
}

/** Calls every operation in every input variant; answers each call with what went out and back. */
async function walk(
  env: TestEnv,
  caller: UserRecord,
  targets: Person[],
  projects: number[],
  clubId: number,
  onAnswer: (what: string, sent: string, got: string) => void,
) {
  const { json: doc } = await call(env, "GET", "/api/openapi.json");
  const ops = operations(env, doc);
  assert.ok(ops.length > 40, `the walk found only ${ops.length} operations`);
  const searchBys: (keyof Person)[] = ["phoneNumber", "email", "firstName", "customerId", "id"];
  for (const op of ops) {
    for (const target of targets) {
      for (const projectId of projects) {
        for (const searchBy of searchBys) {
          const value = matching(target, projectId, clubId, searchBy);
          const path = op.path.replace(/:([A-Za-z0-9_]+)/g, (_, n) => {
            const v = value(n);
            return encodeURIComponent(String(v ?? target.id));
          });
          const qs = new URLSearchParams();
          for (const q of op.query) {
            const v = value(q.name);
            if (v !== undefined) qs.set(q.name, String(Array.isArray(v) ? v[0] : v));
          }
          const url = `${path}${qs.size ? `?${qs}` : ""}`;
          const headers = { ...(await sessionHeaders(env, caller)), "Accept-Language": "sv" };
          let sent = url;
          let res: Response;
          if (op.method === "GET" || op.method === "DELETE" || op.body === undefined) {
            res = await env.app.request(`${ORIGIN}${url}`, { method: op.method, headers });
          } else {
            const b = bodyFor(op.body, value);
            const body = op.form
              ? new URLSearchParams(
                Object.entries(b as object).map(([k, v]) => [k, String(v)]),
              ).toString()
              : JSON.stringify(b);
            sent += ` ${body}`;
            res = await env.app.request(`${ORIGIN}${url}`, {
              method: op.method,
              headers: {
                ...headers,
                "Content-Type": op.form ? "application/x-www-form-urlencoded" : "application/json",
              },
              body,
            });
          }
          const got = await res.text();
          // The error page shows the 500 page on purpose; every other answer is below 500.
          if (op.path !== "/error") {
            assert.ok(
              res.status < 500,
              `${op.method} ${url} answered ${res.status}: ${got.slice(0, 300)}`,
            );
          }
          onAnswer(
            `${op.method} ${url}`,
            decodeURIComponent(sent.replaceAll("+", " ")),
            `${[...res.headers].join(" ")} ${got}`,
          );
          // Inputs that do not reach the operation need not be varied further.
          if (!op.query.length && op.body === undefined && !op.path.includes(":")) break;
        }
      }
    }
  }
}

Deno.test("no answer to a B2B user or staff names a person they may not see or open", async () => {
  const env = await makeEnv();
  try {
    const chain = await makeChain(env);
    const admin = await createTestUser(env.kv, { role: "ROLE_ADMIN" });
    const owner = await createTestUser(env.kv, { role: "ROLE_USER" });
    const b2b = await createTestUser(env.kv, { role: "ROLE_B2B_USER" });
    const staff = await createTestUser(env.kv, { role: "ROLE_USER" });
    const adminH = await sessionHeaders(env, admin);
    const ownerH = await sessionHeaders(env, owner);

    const a = await create(env, adminH, { ...HIDDEN_A, marketProjectId: 1, clubId: 101 });
    const b = await create(env, adminH, {
      ...HIDDEN_B,
      marketProjectId: 1,
      clubId: 102,
      assignId: admin.email,
    });
    const note = await call(env, "POST", `/api/prospects/${b.id}/notes`, {
      headers: adminH,
      body: { text: "Ringde, vill boka", noteType: "Note", prospectId: b.id },
    });
    assert.equal(note.res.status, 201, JSON.stringify(note.json));
    const locked = await create(env, ownerH, {
      ...LOCKED,
      marketProjectId: 1,
      clubId: 103,
      assignId: owner.email,
    });
    const lockedNote = await call(env, "POST", `/api/prospects/${locked.id}/notes`, {
      headers: ownerH,
      body: { text: LOCKED_NOTE, noteType: "Note", prospectId: locked.id },
    });
    assert.equal(lockedNote.res.status, 201, JSON.stringify(lockedNote.json));
    // The note wrote the prospect too: its current state is what the admin saves.
    const current = await call(env, "GET", `/api/prospects/${locked.id}`, { headers: adminH });
    const disable = await call(env, "PUT", `/api/prospects/${locked.id}`, {
      headers: adminH,
      body: { ...current.json, disabled: true },
    });
    assert.equal(disable.res.status, 200, JSON.stringify(disable.json));
    const lockedBefore = await call(env, "GET", `/api/prospects/${locked.id}`, { headers: adminH });
    assert.equal(lockedBefore.json.disabled, true);

    const hidden: Person[] = [a, b];
    const b2bLeaks: string[] = [];
    await walk(
      env,
      b2b,
      hidden,
      [chain.project.marketProjectId, chain.b2bProject.marketProjectId],
      101,
      (what, sent, got) => {
        for (const p of hidden) {
          for (const n of needles(p)) {
            if (got.includes(n) && !sent.includes(n)) b2bLeaks.push(`${what}: ${n}`);
          }
        }
      },
    );
    assert.deepEqual([...new Set(b2bLeaks)], [], "answers to the B2B user name hidden people");

    const staffLeaks: string[] = [];
    const lockedPerson: Person = locked;
    await walk(
      env,
      staff,
      [lockedPerson],
      [chain.project.marketProjectId],
      103,
      (what, _sent, got) => {
        if (got.includes(LOCKED_NOTE)) staffLeaks.push(what);
      },
    );
    assert.deepEqual(staffLeaks, [], "answers to staff carry another assignee's note");
    const lockedAfter = await call(env, "GET", `/api/prospects/${locked.id}`, { headers: adminH });
    assert.equal(
      lockedAfter.json.version,
      lockedBefore.json.version,
      "staff changed a disabled prospect",
    );
    assert.equal(lockedAfter.json.deleted, false);
  } finally {
    env.close();
  }
});
