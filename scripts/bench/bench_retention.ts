/**
 * `deno task bench:retention --kv path [--erase]`: the retention rule over a generated store
 * (`deno task bench --n N --generate-only --kv path`), with the cutoff chosen so that 1% of the
 * prospects are due: the time to find them, and with --erase the time to erase them.
 */
import { listRecords } from "@/lib/db/prospect_record.ts";
import { parseArgs } from "node:util";
import { openKv } from "@/lib/db/kv.ts";
import { retentionDue } from "@/lib/services/privacy.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { kv: { type: "string" }, erase: { type: "boolean", default: false } },
});
if (!values.kv) throw new Error("--kv path of a generated store is required");
const kv = await openKv({ kvPath: values.kv, kvUrl: undefined });
const DAY = 24 * 3600 * 1000;
const stamps: string[] = [];
for await (const e of listRecords(kv)) {
  if (!e.value.deleted) stamps.push(e.value.updatedAt);
}
stamps.sort();
const cut = stamps[Math.floor(stamps.length * 0.01)];
const days = 365;
const now = new Date(Date.parse(cut) + days * DAY);
const load = Deno.loadavg().map((x) => x.toFixed(2)).join(" ");
let t0 = performance.now();
const due = await retentionDue(kv, days, now);
const findMs = performance.now() - t0;
console.log(
  `prospects ${stamps.length}, due ${due.length} (${
    (100 * due.length / stamps.length).toFixed(2)
  }%), find ${findMs.toFixed(0)} ms, load ${load}`,
);
if (values.erase) {
  const { runRetention } = await import("@/lib/services/privacy.ts");
  const { getAdminSettings, updateAdminSettings } = await import("@/lib/db/settings.ts");
  const s = await getAdminSettings(kv);
  await updateAdminSettings(kv, s.id, { retentionDays: days });
  t0 = performance.now();
  const out = await runRetention(kv, now, "Europe/Stockholm");
  console.log(`erased ${out.erased} in ${(performance.now() - t0).toFixed(0)} ms`);
}
kv.close();
