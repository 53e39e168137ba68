/** The desk's browser-test data: clubs 101 (the receptionist's) and 102, a web lead, callbacks. */
import { createTestUser } from "@/tests/helpers.ts";
import { createClub, createDistrict, createMarketProject } from "@/lib/db/reference.ts";
import { setClubSubscription } from "@/lib/db/settings.ts";
import { createProspect } from "@/lib/services/prospect_create.ts";
import { patchProspect } from "@/lib/services/prospects.ts";
import { createFormKey, receiveWebLead } from "@/lib/services/intake.ts";
import { addDays, localDate } from "@/lib/domain/prospect.ts";
import { testConfig } from "@/tests/helpers.ts";
import { toSessionUser } from "@/lib/auth/session.ts";

const TZ = "Europe/Stockholm";

/** Club 101 (the staff member's) with a web lead, an overdue callback and a fresh one; club 102. */
export async function seedDesk(kvPath: string) {
  const kv = await Deno.openKv(kvPath);
  try {
    const admin = await createTestUser(kv, { role: "ROLE_ADMIN", email: "admin@klubb.se" });
    const staff = await createTestUser(kv, { email: "reception@klubb.se", firstName: "Rut" });
    await createDistrict(kv, { districtId: 1, name: "Stockholm" });
    await createClub(kv, { clubId: 101, name: "Söder", districtId: 1 });
    await createClub(kv, { clubId: 102, name: "Norr", districtId: 1 });
    await setClubSubscription(kv, staff.id, 101, true);
    const today = localDate(new Date(), TZ);
    const project = await createMarketProject(
      kv,
      { name: "Vårkampanj", startDate: today, marketProjectId: 7 },
      today,
    );
    const ctx = { kv, config: { timeZone: TZ }, now: new Date(), user: toSessionUser(admin, null) };
    const row = (firstName: string, clubId: number, phoneNumber: string) =>
      createProspect(ctx, {
        firstName,
        lastName: "Kund",
        clubId,
        marketProjectId: 7,
        phoneNumber,
      } as never);
    const late = await row("Olof", 101, "070-111 22 01");
    await patchProspect(ctx, late.id, {
      sellStatus: "WaitingCustomerCall",
      followUpDate: addDays(today, -1),
    } as never, ["sellStatus", "followUpDate"]);
    await row("Ebba", 101, "070-111 22 02");
    const paused = await row("Paula", 101, "070-111 22 05");
    await patchProspect(ctx, paused.id, {
      sellStatus: "Booked",
      followUpDate: addDays(today, 10),
    } as never, ["sellStatus", "followUpDate"]);
    await row("Norrlund", 102, "070-111 22 03");
    const deps = { kv, config: testConfig({}), now: () => new Date(Date.now() - 7 * 60_000) };
    const fk = await createFormKey(deps, toSessionUser(admin, null), project.id, [
      "https://kampanj.example.se",
    ]);
    await receiveWebLead(deps, fk, {
      firstName: "Wilma",
      lastName: "Webb",
      phoneNumber: "+46 70 111 22 04",
      clubId: 101,
    } as never, "203.0.113.9");
    return { staff, admin, formKey: fk.key };
  } finally {
    kv.close();
  }
}
