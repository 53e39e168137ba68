/**
 * Delivering the notifications the activity job queued (["notification_queue", ulid], written in
 * the transition's own atomic). Recipients are resolved at delivery (lib/domain/notifications.ts
 * holds the rules), each one is claimed with an idempotency key before the mail goes out, so a
 * notification never reaches the same person twice, even when the drain crashes midway or two
 * instances drain at once. Mails are in the recipient's language (Swedish by default). The drain
 * also writes each notification's in-app copies (the notification centre) and puts an unassigned
 * web lead into the summaries of the staff who opted in (lib/services/lead_digest.ts sends them).
 */
import { absent, commitIfUnchanged, listEntries, put, remove } from "@/lib/db/records.ts";
import {
  notificationDeliveryKey,
  notificationQueuePrefix,
  notificationSmsDeliveryKey,
  userKey,
} from "@/lib/db/keys.ts";
import { addDigestEntries, type DigestEntry, type InboxDelivery } from "@/lib/db/notifications.ts";
import { getManyChunked } from "@/lib/db/kv.ts";
import { clubSubscriberIds } from "@/lib/db/settings.ts";
import { getUser, getUserByEmail, getUserSettings } from "@/lib/db/users.ts";
import {
  digestWindow,
  inboxCategoryOf,
  inboxIdFor,
  mayHear,
  prospectMailVars,
  type QueuedNotification,
  recipientsFor,
} from "@/lib/domain/notifications.ts";

export type { QueuedNotification };
import { channelsOf, type NotificationChannels, type UserRecord } from "@/lib/domain/user.ts";
import { isLang, type Lang, translate } from "@/lib/i18n/mod.ts";
import { sendClaimedMail, sendSms } from "@/lib/notify/mod.ts";
import type { ServiceDeps } from "@/lib/services/deps.ts";
import { deliverInbox } from "@/lib/services/notifications.ts";

/** Deliveries are remembered long enough to outlive any retry of the queue entry. */
const DELIVERY_TTL_MS = 30 * 24 * 3600 * 1000;

/** The mail for one recipient, in their language. */
export function notificationMail(
  n: QueuedNotification,
  user: Pick<UserRecord, "email" | "firstName">,
  lang: Lang,
  appUrl: string,
): { to: string; subject: string; text: string } {
  const p = n.prospect;
  const status = translate(
    lang,
    p.sellStatus ? `sellStatus.${p.sellStatus}` : "mail.sellStatusNone",
  );
  const vars = {
    name: user.firstName,
    ...prospectMailVars(p, appUrl, status),
    assignee: p.assignName || p.assignId || translate(lang, "mail.escalated.unassigned"),
  };
  const subject = translate(lang, `mail.${n.kind}.subject`, vars);
  const body = translate(lang, `mail.${n.kind}.body`, vars);
  return { to: user.email, subject, text: `${body}\n\n${translate(lang, "mail.footer")}` };
}

/** Looks up users and club subscribers once per drain (10 000 notifications share a few clubs). */
class Directory {
  private users = new Map<string, Promise<UserRecord | null>>();
  private clubs = new Map<number, Promise<UserRecord[]>>();
  private langs = new Map<string, Promise<Lang>>();
  private channelsBy = new Map<string, Promise<NotificationChannels>>();
  constructor(private kv: Deno.Kv) {}

  user(id: string): Promise<UserRecord | null> {
    let u = this.users.get(id);
    if (!u) this.users.set(id, u = getUser(this.kv, id));
    return u;
  }

  subscribers(clubId: number): Promise<UserRecord[]> {
    let c = this.clubs.get(clubId);
    if (!c) {
      c = (async () => {
        const ids = await clubSubscriberIds(this.kv, clubId);
        return (await getManyChunked<UserRecord>(this.kv, ids.map((id) => userKey(id))))
          .map((e) => e.value)
          .filter((u): u is UserRecord => u !== null);
      })();
      this.clubs.set(clubId, c);
    }
    return c;
  }

  /** The person's e-mail and SMS choices per category. */
  channels(userId: string): Promise<NotificationChannels> {
    let c = this.channelsBy.get(userId);
    if (!c) {
      c = getUserSettings(this.kv, userId).then((s) => channelsOf(s.notifications));
      this.channelsBy.set(userId, c);
    }
    return c;
  }

  language(userId: string): Promise<Lang> {
    let l = this.langs.get(userId);
    if (!l) {
      l = getUserSettings(this.kv, userId).then((s) => (isLang(s.language) ? s.language : "sv"));
      this.langs.set(userId, l);
    }
    return l;
  }
}

/** The people one queued notification goes to (assignee and club subscribers as users). */
export async function recipientsOf(
  kv: Deno.Kv,
  n: QueuedNotification,
  dir: Directory = new Directory(kv),
): Promise<UserRecord[]> {
  const { assignee, subscribers } = await audienceOf(kv, n, dir);
  const people = recipientsFor(n.kind, n.prospect, assignee, subscribers);
  const category = inboxCategoryOf(n.kind);
  // Escalations and assignments go by e-mail as the person chose (escalations by default).
  if (category !== "escalation" && category !== "assigned") return people;
  const out: UserRecord[] = [];
  for (const u of people) if ((await dir.channels(u.id))[category].email) out.push(u);
  return out;
}

/** The prospect's assignee (as a user) and the club's subscribers a notification may reach. */
async function audienceOf(kv: Deno.Kv, n: QueuedNotification, dir: Directory) {
  const p = n.prospect;
  let assignee: UserRecord | null = null;
  if (n.kind !== "escalated" && p.assignId) {
    assignee = (p.assignUserId ? await dir.user(p.assignUserId) : null) ??
      await getUserByEmail(kv, p.assignId);
  }
  const needsClub = n.kind === "escalated" || n.kind === "webLead" || n.kind === "webLeadAgain" ||
    (n.kind === "notified" && (!assignee || !assignee.enabled));
  const subscribers = needsClub ? await dir.subscribers(p.clubId) : [];
  return { assignee, subscribers };
}

/**
 * What a notification leaves besides its mails: the in-app copies (a web lead: its assignee and
 * the club's staff who may see it; an escalation: whom its mail goes to — an assignment's own copy
 * is written with the change), the SMS of those who chose it, and the summary entries of an
 * unassigned web lead for the staff who opted in.
 */
async function alongside(
  kv: Deno.Kv,
  n: QueuedNotification,
  dir: Directory,
): Promise<{ inbox: InboxDelivery[]; sms: UserRecord[]; digest: DigestEntry[] }> {
  const category = inboxCategoryOf(n.kind);
  const none = { inbox: [], sms: [], digest: [] };
  if (!category) return none;
  const p = n.prospect;
  const { assignee, subscribers } = await audienceOf(kv, n, dir);
  let told: UserRecord[] = [];
  if (category === "webLead") {
    const seen = new Set<string>();
    for (const u of [...(assignee ? [assignee] : []), ...subscribers]) {
      if (seen.has(u.id) || !mayHear(u, p.b2b)) continue;
      seen.add(u.id);
      told.push(u);
    }
  } else if (category === "escalation") {
    told = recipientsFor(n.kind, p, assignee, subscribers);
  }
  const inbox = told.map((u) => ({
    userId: u.id,
    n: {
      // One per queued notification and user: a drain run again writes nothing twice.
      id: inboxIdFor(n.id, u.id),
      category,
      messageKey: `notifications.text.${n.kind}`,
      params: { project: p.marketProjectName, club: p.clubName },
      prospectId: p.id,
      createdAt: n.at,
      readAt: null,
    },
  }));
  const sms: UserRecord[] = [];
  if (category === "escalation" || category === "assigned") {
    const pool = category === "assigned" ? recipientsFor(n.kind, p, assignee, []) : told;
    for (const u of pool) if (u.mobile && (await dir.channels(u.id))[category].sms) sms.push(u);
  }
  const digest: DigestEntry[] = [];
  if (category === "webLead" && !assignee) {
    const window = digestWindow(Date.parse(n.at));
    for (const u of told) {
      const c = (await dir.channels(u.id)).webLead;
      if (c.email || c.sms) digest.push({ window, userId: u.id, prospectId: p.id });
    }
  }
  return { inbox, sms, digest };
}

/** The SMS of one notification for one recipient, claimed first (never sent twice). */
async function sendClaimedSms(
  deps: ServiceDeps,
  n: QueuedNotification,
  user: UserRecord,
  lang: Lang,
): Promise<void> {
  const key = notificationSmsDeliveryKey(n.id, user.id);
  if (!await commitIfUnchanged(deps.kv, [absent(key)], [put(key, true, DELIVERY_TTL_MS)])) return;
  const p = n.prospect;
  const status = translate(
    lang,
    p.sellStatus ? `sellStatus.${p.sellStatus}` : "mail.sellStatusNone",
  );
  const message = translate(
    lang,
    `mail.sms.${n.kind}`,
    prospectMailVars(p, deps.config.appUrl, status),
  );
  await sendSms(deps, { to: user.mobile, message });
}

/**
 * Mails every queued notification (oldest first, at most `limit`), then removes it from the queue.
 * Each recipient is claimed in the atomic that also keeps the mail (sendClaimedMail): a crash
 * between the claim and SMTP leaves the mail for the mail-retry job: never lost (only a mail SMTP
 * had accepted in the instant the process died can arrive twice).
 * Answers the number of mails sent.
 */
export async function drainNotifications(
  deps: ServiceDeps,
  limit = 10_000,
): Promise<{ sent: number; entries: number }> {
  const { kv, config } = deps;
  const dir = new Directory(kv);
  let sent = 0;
  let entries = 0;
  let done: Deno.KvKey[] = [];
  const forget = async () => {
    // Queue entries are immutable: deleting a batch needs no check.
    for (let i = 0; i < done.length; i += 500) {
      await commitIfUnchanged(kv, [], done.slice(i, i + 500).map(remove));
    }
    done = [];
  };
  const queue = listEntries<QueuedNotification>(kv, notificationQueuePrefix(), {
    limit,
    batchSize: 500,
  });
  for await (const e of queue) {
    entries++;
    const n = e.value;
    const extra = await alongside(kv, n, dir);
    await deliverInbox(kv, extra.inbox);
    if (extra.digest.length) await addDigestEntries(kv, extra.digest);
    for (const u of extra.sms) await sendClaimedSms(deps, n, u, await dir.language(u.id));
    const people = await recipientsOf(kv, n, dir);
    for (const user of people) {
      // Claimed one recipient at a time, in the same atomic that keeps the mail (outbox + a
      // scheduled retry): a crash midway loses no one's mail; a second drain skips the claimed.
      const mail = notificationMail(n, user, await dir.language(user.id), config.appUrl);
      const out = await sendClaimedMail(deps, mail, {
        key: notificationDeliveryKey(n.id, user.id),
        expireIn: DELIVERY_TTL_MS,
      });
      if (out && out.delivery !== "failed") sent++;
    }
    done.push(e.key);
    if (done.length >= 500) await forget();
  }
  await forget();
  return { sent, entries };
}
