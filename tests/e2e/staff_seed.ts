/**
 * The smallest chain a browser test of the grid needs: a staff member (Anna) subscribed to club 101
 * (Söder, district Stockholm) and market project 7 (Vårkampanj, from today), a context to create
 * prospects as her, and her session on the browser.
 */
import type { BrowserContext } from "playwright-core";
import { createTestUser } from "@/tests/helpers.ts";
import { createSession, type IssuedTokens, toSessionUser } from "@/lib/auth/session.ts";
import { createClub, createDistrict, createMarketProject } from "@/lib/db/reference.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { localDate } from "@/lib/domain/prospect.ts";

export const SEED_TZ = "Europe/Stockholm";

export async function seedStaffChain(kv: Deno.Kv, secret: string) {
  const anna = await createTestUser(kv, { email: "anna@klubb.se", firstName: "Anna" });
  await createDistrict(kv, { districtId: 1, name: "Stockholm" });
  await createClub(kv, { clubId: 101, name: "Söder", districtId: 1 });
  await setClubSubscription(kv, anna.id, 101, true);
  const today = localDate(new Date(), SEED_TZ);
  await createMarketProject(
    kv,
    { name: "Vårkampanj", startDate: today, marketProjectId: 7 },
    today,
  );
  const ctx = {
    kv,
    config: { timeZone: SEED_TZ },
    now: new Date(),
    user: toSessionUser(anna, null),
  };
  return { anna, ctx, tokens: await createSession(kv, secret, anna.id) };
}

/** Signs the browser in with a session's cookies (as the server sets them on 127.0.0.1). */
export async function useSession(context: BrowserContext, tokens: IssuedTokens) {
  await context.addCookies([
    { name: "kl_at", value: tokens.accessToken, domain: "127.0.0.1", path: "/" },
    { name: "kl_rt", value: tokens.refreshToken, domain: "127.0.0.1", path: "/" },
  ]);
}
