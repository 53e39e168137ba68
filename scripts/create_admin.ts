/**
 * deno task create-admin --email E --password P --first-name F --last-name L --mobile M
 *   creates a verified admin non-interactively (the same rules as the register form).
 * deno task create-admin   (no arguments)
 *   prints a one-time /setup?token=… link when the database has no users yet.
 * --password-stdin reads the password from standard input instead: `deno task` echoes its command
 * line, arguments included, so prefer it (or `deno run -A scripts/create_admin.ts …`) on shared
 * terminals. The script itself never prints the password. It reads the server's environment.
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "@/lib/config.ts";
import { openKv } from "@/lib/db/kv.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { adminSetupSchema } from "@/lib/domain/user.ts";
import { DomainError } from "@/lib/domain/errors.ts";
import { translate } from "@/lib/i18n/mod.ts";
import { createSetupLink, createVerifiedAdmin, hasUsers } from "@/lib/services/auth.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    email: { type: "string" },
    password: { type: "string" },
    "password-stdin": { type: "boolean" },
    "first-name": { type: "string" },
    "last-name": { type: "string" },
    mobile: { type: "string" },
  },
});

let config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    Deno.exit(1);
  }
  throw e;
}
const kv = await openKv(config);
await runMigrations(kv);
const deps = { kv, config, now: () => new Date() };

try {
  if (Object.keys(values).length === 0) {
    const link = await createSetupLink(deps);
    if (link) {
      console.log(`Open this one-time link to create the first admin (valid 24 h):\n  ${link}`);
    } else {
      console.log(
        "The database already has users. To add an admin, pass --email, --password, " +
          "--first-name, --last-name and --mobile.",
      );
    }
  } else {
    if (values["password-stdin"]) {
      const text = await new Response(Deno.stdin.readable).text();
      values.password = text.replace(/\r?\n$/, "");
    }
    const parsed = adminSetupSchema.safeParse({
      email: values.email ?? "",
      password: values.password ?? "",
      repeatPassword: values.password ?? "",
      firstName: values["first-name"] ?? "",
      lastName: values["last-name"] ?? "",
      mobile: values.mobile ?? "",
    });
    if (!parsed.success) {
      const flag: Record<string, string> = { firstName: "first-name", lastName: "last-name" };
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        if (seen.has(field) || field === "repeatPassword") continue;
        seen.add(field);
        console.error(`--${flag[field] ?? field}: ${translate("en", issue.message)}`);
      }
      Deno.exit(2);
    }
    const first = !(await hasUsers(kv));
    const { repeatPassword: _r, ...input } = parsed.data;
    const user = await createVerifiedAdmin(deps, input);
    console.log(`Created admin ${user.email} (id ${user.id})${first ? " — the first user" : ""}.`);
  }
} catch (e) {
  if (e instanceof DomainError) {
    console.error(translate("en", e.messageKey));
    Deno.exit(1);
  }
  throw e;
} finally {
  kv.close();
}
