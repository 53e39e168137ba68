/**
 * A browser signs in through the Firebase JS SDK against the Auth emulator: e-mail and
 * password, SMS MFA enrolment with the emulator's code, the ID token exchanged for our cookies,
 * the Prospects screen; then a second sign-in resolves the enrolled factor.
 */
import assert from "node:assert/strict";
import { FIREBASE, HOST, smsCode } from "@/tests/firebase/env.ts";
import { join } from "node:path";
import { hydrated, openBrowser, screenshot, startServer } from "@/tests/e2e/harness.ts";
import { testConfig } from "@/tests/helpers.ts";
import { runMigrations } from "@/lib/db/migrations.ts";
import { createVerifiedAdmin } from "@/lib/services/auth.ts";

const SECRET = "e2e-firebase-secret-0123456789abcdef0123456789";

Deno.test({
  name:
    "firebase e2e: sign in with the SDK, enrol SMS MFA, land on the Prospects screen; the next sign-in asks for the code",
  ignore: !HOST,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "klubbleads-fb-e2e-" });
    const kvPath = join(dir, "app.kv");
    const email = `browser.${Date.now()}@example.se`;
    const kv = await Deno.openKv(kvPath);
    await runMigrations(kv);
    await createVerifiedAdmin(
      { kv, config: testConfig({ ...FIREBASE, KV_PATH: kvPath }), now: () => new Date() },
      { email, password: "Secret123", firstName: "Fia", lastName: "Fire", mobile: "+46701234567" },
    );
    kv.close();
    const server = await startServer({
      ...FIREBASE,
      KV_PATH: kvPath,
      SECRET_KEY: SECRET,
      MFA_MODE: "required",
    });
    const b = await openBrowser({ width: 390, height: 844 });
    const logs: string[] = [];
    try {
      const { page } = b;
      page.on("console", (m) => logs.push(`${m.type()}: ${m.text()}`));
      page.on("pageerror", (e) => logs.push(`pageerror: ${e.message}`));
      const signIn = async (password: string) => {
        await page.goto(`${server.url}/login`);
        await hydrated(page);
        await page.fill("input[name=email]", email);
        await page.fill("input[name=password]", password);
        await page.click("[data-testid=login-submit]");
      };
      await signIn("Wrong123");
      await page.waitForSelector("text=/Lösenordet är fel/", { timeout: 15_000 });

      await signIn("Secret123");
      await page.waitForSelector("[data-testid=mfa-enroll]", { timeout: 15_000 });
      const phone = "+46709990001";
      await page.fill("input[name=phone]", phone);
      await page.click("[data-testid=mfa-send]");
      await page.waitForSelector("[data-testid=mfa-code]", { timeout: 15_000 });
      await screenshot(page, "firebase-mfa-code-390");
      await page.fill("input[name=code]", await smsCode(phone));
      await page.click("[data-testid=mfa-verify]");
      // An admin lands on the chain overview (staff go on to /today).
      await page.waitForURL((u) => u.pathname === "/overview", { timeout: 15_000 });
      await page.waitForSelector("[data-testid=overview-page]");

      // Signed in with our cookies: the server renders the page for this user.
      const cookies = await b.context.cookies();
      assert.ok(cookies.some((c) => c.name === "kl_at"), "our session cookie is set");
      await b.context.clearCookies();

      await signIn("Secret123");
      await page.waitForSelector("[data-testid=mfa-code]", { timeout: 15_000 });
      assert.match(await page.textContent("[data-testid=mfa-sent]") ?? "", /\S/);
      await page.fill("input[name=code]", "123456");
      await page.click("[data-testid=mfa-verify]");
      await page.waitForSelector("text=/Fel verifieringskod/", { timeout: 15_000 });
      await page.fill("input[name=code]", await smsCode(phone));
      await page.click("[data-testid=mfa-verify]");
      // An admin lands on the chain overview (staff go on to /today).
      await page.waitForURL((u) => u.pathname === "/overview", { timeout: 15_000 });
      await page.waitForSelector("[data-testid=overview-page]");
    } catch (e) {
      console.error(server.output().slice(-3000));
      console.error(logs.join("\n"));
      throw e;
    } finally {
      await b.close();
      await server.stop();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});
