/**
 * `deno task test:firebase`: starts the Firebase Auth emulator (scripts/firebase_emulator.ts) and
 * runs tests/firebase against it with AUTH_PROVIDER=firebase's variables set, then stops it.
 */
import { startAuthEmulator } from "@/scripts/firebase_emulator.ts";

const emu = await startAuthEmulator();
let code = 1;
try {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["test", "-A", "tests/firebase/", ...Deno.args],
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: emu.host,
      FIREBASE_PROJECT_ID: emu.projectId,
      FIREBASE_API_KEY: "emulator-api-key",
    },
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  code = out.code;
} finally {
  await emu.stop();
}
Deno.exit(code);
