/**
 * `deno task auth:export-firebase [--out users.json]`: every user of the store (the server's
 * KV_PATH / KV_URL) in the Firebase Auth import format, for `firebase auth:import users.json
 * --project <id>` (no --hash-algo: no password hashes go along — see docs/identity.md).
 */
import { parseArgs } from "node:util";
import { loadConfig } from "@/lib/config.ts";
import { listAll, openKv } from "@/lib/db/kv.ts";
import { usersPrefix } from "@/lib/db/keys.ts";
import { firebaseImportUsers } from "@/lib/domain/firebase_export.ts";
import type { UserRecord } from "@/lib/domain/user.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { out: { type: "string", default: "firebase-users.json" } },
});
const kv = await openKv(loadConfig());
try {
  const users = (await listAll<UserRecord>(kv, usersPrefix())).map((e) => e.value);
  await Deno.writeTextFile(values.out, JSON.stringify(firebaseImportUsers(users), null, 2) + "\n");
  console.log(
    `${users.length} users written to ${values.out}. Import them with:\n` +
      `  firebase auth:import ${values.out} --project <FIREBASE_PROJECT_ID>\n` +
      `Passwords do not move (argon2id cannot be imported): each user sets a new one with ` +
      `"Glömt lösenord" on the sign-in page.`,
  );
} finally {
  kv.close();
}
