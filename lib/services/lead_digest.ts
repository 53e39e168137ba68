/**
 * The web-lead summary: a user who opted in (their `webLead` e-mail or SMS choice) gets the
 * unassigned web leads of their clubs as at most one summary per 15-minute window, sent after the
 * window ends. The drain of the notification queue puts each unassigned web lead into the waiting
 * summaries; this job sends the windows that ended. Each window's mail (and SMS) is claimed in one
 * atomic per user before it goes out, so callers running at once send it once.
 */
import { maySee } from "@/lib/auth/permissions.ts";
import { toSessionUser } from "@/lib/auth/session.ts";
import { leadDigestSentKey } from "@/lib/db/keys.ts";
import { dropDigest, dueDigests } from "@/lib/db/notifications.ts";
import { getRecords, type StoredProspect } from "@/lib/db/prospect_record.ts";
import { absent, commitIfUnchanged, put } from "@/lib/db/records.ts";
import { getUser, getUserSettings } from "@/lib/db/users.ts";
import { digestWindow, prospectMailVars } from "@/lib/domain/notifications.ts";
import { channelsOf, type UserRecord } from "@/lib/domain/user.ts";
import { isLang, type Lang, translate } from "@/lib/i18n/mod.ts";
import { sendClaimedMail, sendSms } from "@/lib/notify/mod.ts";
import type { ServiceDeps } from "@/lib/services/deps.ts";

/** A sent window's claim is kept this long (well past any retry of the window). */
const CLAIM_TTL_MS = 2 * 24 * 3600 * 1000;

/** The summary mail of some web leads for one user. */
export function digestMail(
  leads: StoredProspect[],
  user: Pick<UserRecord, "email" | "firstName">,
  lang: Lang,
  appUrl: string,
): { to: string; subject: string; text: string } {
  const lines = leads.map((p) => {
    const status = translate(
      lang,
      p.sellStatus ? `sellStatus.${p.sellStatus}` : "mail.sellStatusNone",
    );
    return "- " + translate(lang, "mail.leadDigest.item", prospectMailVars(p, appUrl, status));
  });
  return {
    to: user.email,
    subject: translate(lang, "mail.leadDigest.subject", { count: leads.length }),
    text: [
      translate(lang, "mail.leadDigest.intro", { name: user.firstName }),
      "",
      ...lines,
      "",
      translate(lang, "mail.leadDigest.outro"),
      "",
      translate(lang, "mail.footer"),
    ].join("\n"),
  };
}

/**
 * Sends every waiting summary whose window has ended: the leads still unassigned that the user
 * may see, by the channels they chose; a summary left with no lead is dropped unsent.
 */
export async function sendLeadDigests(deps: ServiceDeps): Promise<{ sent: number }> {
  const { kv, config } = deps;
  const now = deps.now();
  let sent = 0;
  for (const d of await dueDigests(kv, digestWindow(now.getTime()))) {
    const user = await getUser(kv, d.userId);
    const settings = await getUserSettings(kv, d.userId);
    const choice = channelsOf(settings.notifications).webLead;
    if (!user || !user.enabled || (!choice.email && !choice.sms)) {
      await dropDigest(kv, d);
      continue;
    }
    const reader = toSessionUser(user, null);
    const leads = (await getRecords(kv, d.prospectIds))
      .map((e) => e.value)
      .filter((p): p is StoredProspect =>
        !!p && !p.assignId && p.activityStatus !== "CustomerCleaned" &&
        maySee(reader, { b2b: !!p.b2b, deleted: !!p.deleted })
      )
      .sort((a, b) => a.customerId - b.customerId);
    if (leads.length) {
      const lang: Lang = isLang(settings.language) ? settings.language : "sv";
      if (choice.email) {
        const out = await sendClaimedMail(deps, digestMail(leads, user, lang, config.appUrl), {
          key: leadDigestSentKey(user.id, d.window, "email"),
          expireIn: CLAIM_TTL_MS,
        });
        if (out) sent++;
      }
      const smsKey = leadDigestSentKey(user.id, d.window, "sms");
      if (
        choice.sms && user.mobile &&
        await commitIfUnchanged(kv, [absent(smsKey)], [put(smsKey, true, CLAIM_TTL_MS)])
      ) {
        const message = translate(lang, "mail.sms.leadDigest", {
          count: leads.length,
          url: `${config.appUrl.replace(/\/$/, "")}/today`,
        });
        await sendSms(deps, { to: user.mobile, message });
        sent++;
      }
    }
    await dropDigest(kv, d);
  }
  return { sent };
}
