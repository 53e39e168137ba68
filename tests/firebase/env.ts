/** The Auth emulator `deno task test:firebase` started, as AUTH_PROVIDER=firebase's variables. */
export const HOST = Deno.env.get("FIREBASE_AUTH_EMULATOR_HOST");
export const PROJECT = Deno.env.get("FIREBASE_PROJECT_ID") ?? "demo-klubbleads";
export const FIREBASE = {
  AUTH_PROVIDER: "firebase",
  FIREBASE_PROJECT_ID: PROJECT,
  FIREBASE_API_KEY: "emulator-api-key",
  FIREBASE_AUTH_EMULATOR_HOST: HOST ?? "",
};

/** The last SMS code the emulator "sent" to a phone. */
export async function smsCode(phone: string): Promise<string> {
  const res = await fetch(`http://${HOST}/emulator/v1/projects/${PROJECT}/verificationCodes`);
  const { verificationCodes } = await res.json();
  const mine = verificationCodes.filter((c: { phoneNumber: string }) => c.phoneNumber === phone);
  if (!mine.length) throw new Error(`no SMS to ${phone}`);
  return mine[mine.length - 1].code;
}
