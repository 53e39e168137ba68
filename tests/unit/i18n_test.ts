import assert from "node:assert/strict";
import { ACTIVITY_STATUSES, REPORT_SELL_STATUSES } from "@/lib/domain/statuses.ts";
import {
  DEFAULT_LANG,
  dictionary,
  isLang,
  LANGS,
  makeT,
  pickLang,
  translate,
} from "@/lib/i18n/mod.ts";

const ROOT = new URL("../../", import.meta.url);

/** Every leaf of a resource object as [dotted key, value]. */
function leaves(obj: Record<string, unknown>, prefix = ""): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === "object" && !Array.isArray(v)) {
      out.push(...leaves(v as Record<string, unknown>, key));
    } else out.push([key, v]);
  }
  return out;
}

function lookup(obj: Record<string, unknown>, key: string): unknown {
  let cur: unknown = obj;
  for (const part of key.split(".")) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

const sv = dictionary("sv");
const en = dictionary("en");

Deno.test("i18n: sv and en have the same keys", () => {
  const svKeys = new Set(leaves(sv).map(([k]) => k));
  const enKeys = new Set(leaves(en).map(([k]) => k));
  const onlySv = [...svKeys].filter((k) => !enKeys.has(k));
  const onlyEn = [...enKeys].filter((k) => !svKeys.has(k));
  assert.deepEqual(
    { onlySv, onlyEn },
    { onlySv: [], onlyEn: [] },
    `keys missing in one language:\n only in sv: ${onlySv.join(", ")}\n only in en: ${
      onlyEn.join(", ")
    }`,
  );
});

Deno.test("i18n: every text is a non-empty string", () => {
  for (const lang of LANGS) {
    const bad = leaves(dictionary(lang))
      .filter(([, v]) => typeof v !== "string" || v.trim() === "")
      .map(([k]) => k);
    assert.deepEqual(bad, [], `${lang}: empty or non-string texts: ${bad.join(", ")}`);
  }
});

Deno.test("i18n: placeholders agree between sv and en", () => {
  const vars = (s: unknown) =>
    [...String(s).matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)].map((m) => m[1]).sort();
  const diff: string[] = [];
  for (const [k, v] of leaves(sv)) {
    const other = lookup(en, k);
    if (typeof other !== "string") continue;
    if (vars(v).join(",") !== vars(other).join(",")) diff.push(k);
  }
  assert.deepEqual(diff, [], `placeholders differ: ${diff.join(", ")}`);
});

async function* sourceFiles(dir: URL): AsyncGenerator<URL> {
  let entries: Deno.DirEntry[];
  try {
    entries = [];
    for await (const e of Deno.readDir(dir)) entries.push(e);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return;
    throw e;
  }
  for (const e of entries) {
    const url = new URL(e.name + (e.isDirectory ? "/" : ""), dir);
    if (e.isDirectory) yield* sourceFiles(url);
    else if (/\.(ts|tsx)$/.test(e.name)) yield url;
  }
}

Deno.test("i18n: every key used in code exists in both languages", async () => {
  const T_CALL = /\bt\(\s*["'`]([A-Za-z0-9_.]+)["'`]/g;
  const KEY_LITERAL = /["']((?:prospects\.)?(?:validation|errors)\.[A-Za-z0-9_.]+)["']/g;
  const used = new Map<string, Set<string>>();
  for (const dir of ["routes/", "islands/", "components/", "lib/"]) {
    for await (const file of sourceFiles(new URL(dir, ROOT))) {
      const rel = file.pathname.slice(ROOT.pathname.length);
      const text = await Deno.readTextFile(file);
      for (const re of [T_CALL, KEY_LITERAL]) {
        for (const m of text.matchAll(re)) {
          const key = m[1];
          if (key.endsWith(".") || key.includes("..")) continue;
          if (!used.has(key)) used.set(key, new Set());
          used.get(key)!.add(rel);
        }
      }
    }
  }
  const missing: string[] = [];
  for (const [key, files] of used) {
    for (const lang of LANGS) {
      if (typeof lookup(dictionary(lang), key) !== "string") {
        missing.push(`${lang}: ${key} (used in ${[...files].join(", ")})`);
      }
    }
  }
  assert.deepEqual(missing, [], `keys used in code but missing:\n${missing.join("\n")}`);
});

Deno.test("i18n: status, role and category names exist", () => {
  for (const lang of LANGS) {
    const t = makeT(lang);
    for (const s of REPORT_SELL_STATUSES) {
      assert.notEqual(t(`sellStatus.${s}`), `sellStatus.${s}`, `${lang} sellStatus.${s}`);
    }
    for (const s of ACTIVITY_STATUSES) {
      assert.notEqual(
        t(`activityStatus.${s}`),
        `activityStatus.${s}`,
        `${lang} activityStatus.${s}`,
      );
    }
    for (const k of ["roles.ROLE_ADMIN", "roles.ROLE_USER", "roles.ROLE_B2B_USER"]) {
      assert.notEqual(t(k), k);
    }
    for (const k of ["all", "escalationsOnly", "none"]) {
      assert.notEqual(t(`notificationCategory.${k}`), `notificationCategory.${k}`);
    }
    for (const k of ["Note", "Motivation"]) assert.notEqual(t(`noteType.${k}`), `noteType.${k}`);
  }
  assert.equal(translate("en", "roles.ROLE_B2B_USER"), "B2B USER");
  assert.equal(translate("sv", "sellStatus.Prospect"), "Prospekt");
  assert.equal(translate("sv", "sellStatus.WaitingCustomerCall"), "Väntar på kundens samtal");
});

Deno.test("i18n: Swedish shows ToDo, Notified and Escalated as 'Att göra' (spec §4)", () => {
  for (const s of ["ToDo", "Notified", "Escalated"]) {
    assert.equal(translate("sv", `activityStatus.${s}`), "Att göra");
  }
  const en3 = ["ToDo", "Notified", "Escalated"].map((s) => translate("en", `activityStatus.${s}`));
  assert.equal(new Set(en3).size, 3, "English activity statuses are distinct");
  assert.deepEqual(en3, ["To do", "Notified", "Escalated"]);
});

Deno.test("i18n: spec wording of validation and error texts", () => {
  assert.equal(translate("en", "validation.required"), "This field is required");
  assert.equal(translate("sv", "validation.required"), "Fältet är obligatoriskt");
  assert.notEqual(translate("sv", "validation.required"), translate("en", "validation.required"));
  assert.equal(translate("en", "validation.email"), "Please enter valid email");
  assert.equal(translate("en", "validation.futureDate"), "Please choose future date");
  assert.equal(
    translate("en", "validation.mobile"),
    "Invalid mobile number. Use +46 followed by 7–12 digits.",
  );
  assert.equal(
    translate("en", "prospects.errors.MOTIVATION_TEXT_REQUIRED"),
    "Please enter motivation text",
  );
  assert.equal(translate("en", "prospects.createError"), "Prospect has not been created");
  assert.equal(translate("en", "prospects.selectProspectFirst"), "Select prospect first!");
  assert.equal(translate("en", "users.deleted"), "User deleted");
  assert.equal(translate("en", "errors.unauthorized"), "Not signed in");
  assert.equal(
    translate("en", "errors.conflict"),
    "Someone else changed this record. The current values are shown.",
  );
  assert.equal(translate("en", "login.errors.wrongCredentials"), "Wrong Credentials");
});

Deno.test("i18n: makeT interpolates, plural-resolves and falls back to the key", () => {
  const en = makeT("en");
  const sv = makeT("sv");
  assert.equal(en("validation.minLength", { n: 6 }), "Minimal length is 6");
  assert.equal(en("validation.maxLength", { n: 20 }), "Maximal length is 20");
  assert.equal(sv("validation.minLength", { n: 6 }), "Minsta längd är 6");
  assert.equal(en("errors.inUse.district", { count: 3 }), "District is still used by 3 clubs");
  assert.equal(en("errors.inUse.district", { count: 1 }), "District is still used by 1 club");
  assert.equal(
    sv("errors.inUse.district", { count: 2 }),
    "Distriktet används fortfarande av 2 klubbar",
  );
  // No HTML escaping: Preact escapes when rendering.
  assert.equal(en("shell.signedInAs", { email: "a&b<c>@x.se" }), "Signed in as a&b<c>@x.se");
  const msg = sv("register.copyMessage", { email: "e@x.se", password: "Pw1abc", url: "https://k" });
  assert.match(msg, /e@x\.se/);
  assert.match(msg, /Pw1abc/);
  assert.match(msg, /https:\/\/k/);
  // Missing keys and subtree keys answer the key itself.
  assert.equal(en("no.such.key"), "no.such.key");
  assert.equal(en("validation"), "validation");
  assert.equal(en("weird:key"), "weird:key");
  // Cached per language, and synchronous.
  assert.equal(makeT("en"), en);
  // A shipped dictionary (browser) is used as the resource.
  const browserT = makeT("sv", { a: { b: "Hej {{name}}" } });
  assert.equal(browserT("a.b", { name: "Anna" }), "Hej Anna");
  assert.equal(browserT("validation.required"), "validation.required");
  assert.equal(makeT("sv", dictionary("sv"))("validation.required"), "Fältet är obligatoriskt");
});

Deno.test("i18n: isLang and pickLang", () => {
  assert.deepEqual(LANGS, ["sv", "en"]);
  assert.equal(DEFAULT_LANG, "sv");
  assert.ok(isLang("sv") && isLang("en"));
  assert.ok(!isLang("de") && !isLang(undefined) && !isLang("SV") && !isLang(1));
  assert.equal(pickLang(), "sv");
  assert.equal(pickLang(undefined, null, ""), "sv");
  assert.equal(pickLang("en"), "en");
  assert.equal(pickLang("de", "en", "sv"), "en");
  assert.equal(pickLang(null, "sv"), "sv");
  assert.equal(pickLang("en-US,en;q=0.9"), "en");
  assert.equal(pickLang("sv-SE"), "sv");
  assert.equal(pickLang("EN_gb"), "en");
  assert.equal(pickLang("de-DE,de;q=0.9,en;q=0.8,sv;q=0.7"), "en");
  assert.equal(pickLang("en;q=0.3,sv;q=0.8"), "sv");
  assert.equal(pickLang("fr,de"), "sv");
  assert.equal(pickLang("fr", "en-US"), "en");
  assert.equal(pickLang("en;q=0"), "sv");
});

Deno.test("i18n: t() answers what i18next answers for every key of both dictionaries", async () => {
  const { default: i18next } = await import("i18next");
  const vars = [
    undefined,
    { n: 6, name: "Anna", email: "a&b<c>@x.se", url: "https://k", count: 1 },
    { count: 0 },
    { count: 2, n: "x" },
    { count: 21, customerName: "Öberg" },
  ];
  for (const lang of LANGS) {
    const dict = dictionary(lang);
    const reference = i18next.createInstance();
    await reference.init({
      lng: lang,
      fallbackLng: false,
      resources: { [lang]: { translation: dict } },
      nsSeparator: false,
      keySeparator: ".",
      interpolation: { escapeValue: false },
      returnNull: false,
      returnEmptyString: false,
      returnObjects: false,
      returnedObjectHandler: (key: string) => key,
    });
    const ours = makeT(lang);
    const keys = [
      ...leaves(dict).map(([k]) => k.replace(/_(one|other|zero|few|many)$/, "")),
      "x.y",
    ];
    for (const key of new Set([...keys, "validation", "weird:key"])) {
      for (const v of vars) {
        const want = reference.t(key, (v ?? {}) as never) as unknown;
        assert.equal(ours(key, v), typeof want === "string" ? want : key, `${lang} ${key}`);
      }
    }
  }
});
