/**
 * The daily report (DESIGN §7): at 07:00 local time every enabled user with
 * dailyReportSubscription gets one e-mail summing up their subscribed clubs: prospects to do today
 * (ToDo, Notified, Escalated), the escalated ones, follow-ups due today and prospects new in the
 * last 24 hours, each listed with a link (the first LIST_LIMIT per section), once per user per day.
 *
 * Cron schedules are UTC and daylight saving moves 07:00 local, so the cron fires every few minutes
 * and this job decides: is it past 07:00 local today, and has today's run not finished yet? It
 * reads only index ranges: per active project × club the open part of the urgency index up to
 * weight 2 and the follow-up index at today's date, and per project the registrations since
 * yesterday (the reports' first-in keys) — never the whole store. Each (project, club) is read once per run, whichever users
 * share it.
 */
import {
  absent,
  commitIfUnchanged,
  listRange,
  put,
  readValue,
  removeKey,
  writeValue,
} from "@/lib/db/records.ts";
import { getRecords } from "@/lib/db/prospect_record.ts";
import {
  dailyReportRunKey,
  dailyReportSentKey,
  prospectsByProjectClubPrefix,
  prospectsByProjectClubUrgencyPrefix,
  reportFirstInKey,
  usersPrefix,
} from "@/lib/db/keys.ts";
import { listAll, ulid } from "@/lib/db/kv.ts";
import { keyId } from "@/lib/db/prospect_indexes.ts";
import type { StoredProspect } from "@/lib/db/prospects.ts";
import { getClubsByNumbers, listMarketProjects } from "@/lib/db/reference.ts";
import { subscribedClubIds } from "@/lib/db/settings.ts";
import { getUserSettings } from "@/lib/db/users.ts";
import {
  inboxIdFor,
  type InboxNotification,
  prospectMailVars,
} from "@/lib/domain/notifications.ts";
import { localDate } from "@/lib/domain/prospect.ts";
import { channelsOf, type UserRecord } from "@/lib/domain/user.ts";
import { deliverInbox } from "@/lib/services/notifications.ts";
import { can } from "@/lib/auth/permissions.ts";
import { startOfWorkOn } from "@/lib/domain/worktime.ts";
import { isLang, type Lang, translate } from "@/lib/i18n/mod.ts";
import { withLease } from "@/lib/db/leases.ts";
import { sendMail } from "@/lib/notify/mod.ts";
import type { ServiceDeps } from "@/lib/services/deps.ts";

/** Local time the report goes out. */
export const REPORT_TIME = "07:00";
/** Prospects listed per section (the counts are complete). */
export const LIST_LIMIT = 10;
const DAY_MS = 86_400_000;
const RUN_TTL_MS = 3 * DAY_MS;

/** The instant the report of a local date is due (07:00 wall clock in the zone, DST-aware). */
export function reportDueAt(date: string, timeZone: string): Date {
  return startOfWorkOn(date, { worktimeFrom: REPORT_TIME, worktimeTo: "24:00", timeZone });
}

/** One (project, club) cell: ids in display order, read from the indexes. */
interface Cell {
  /** Open prospects with weight 0–2 (ToDo, Notified, Escalated) and their urgency keys. */
  toDo: { id: string; u: string }[];
  escalated: { id: string; u: string }[];
  dueToday: string[];
}

/** Per user: the ids of each section (in order) and per-club counts. */
export interface ReportData {
  date: string;
  clubs: {
    clubId: number;
    name: string;
    toDo: number;
    escalated: number;
    dueToday: number;
    newLast24h: number;
  }[];
  toDo: string[];
  escalated: string[];
  dueToday: string[];
  newLast24h: string[];
}

/** Reads what the report needs, caching each (project, club) and club for the whole run. */
class ReportReader {
  private cells = new Map<string, Promise<Cell>>();
  private fresh: Promise<Map<number, { id: string; mp: number }[]>> | null = null;
  constructor(
    private kv: Deno.Kv,
    private today: string,
    private since: string,
    private until: string,
  ) {}

  cell(mp: number, clubId: number): Promise<Cell> {
    const k = `${mp}:${clubId}`;
    let c = this.cells.get(k);
    if (!c) this.cells.set(k, c = this.readCell(mp, clubId));
    return c;
  }

  private async readCell(mp: number, clubId: number): Promise<Cell> {
    const toDo: { id: string; u: string }[] = [];
    const escalated: { id: string; u: string }[] = [];
    // Weights 0–2 ("0|"…"2|"), and web leads awaiting contact with those weights ("!0|"…"!2|").
    for (const [from, to] of [["!0|", "!3|"], ["0|", "3|"]]) {
      for await (
        const e of listRange(this.kv, {
          start: prospectsByProjectClubUrgencyPrefix(mp, clubId, 0, from),
          end: prospectsByProjectClubUrgencyPrefix(mp, clubId, 0, to),
        }, { batchSize: 500 })
      ) {
        const item = { id: keyId(e.key), u: e.key[4] as string };
        toDo.push(item);
        if (item.u.startsWith("0|") || item.u.startsWith("!0|")) escalated.push(item);
      }
    }
    const dueToday = (await listAll(
      this.kv,
      prospectsByProjectClubPrefix(mp, clubId, 0, this.today),
    )).map((e) => keyId(e.key));
    return { toDo, escalated, dueToday };
  }

  private inWindow(registerDate: string) {
    const at = new Date(registerDate).toISOString();
    return at >= this.since && at <= this.until;
  }

  /** The live prospects registered in [since, until] now in the club, newest first. */
  async newIn(clubId: number): Promise<{ id: string; mp: number }[]> {
    this.fresh ??= this.registered();
    return (await this.fresh).get(clubId) ?? [];
  }

  /**
   * Every live prospect registered in [since, until], by the club it is in now: the first-in keys
   * of the reports (["report_first_in", project, registerDate, id, at?], written when a prospect
   * enters a project) list each project's registrations in order; the records tell where they are.
   */
  private async registered(): Promise<Map<number, { id: string; mp: number }[]>> {
    const ids = new Set<string>();
    for (const p of await listMarketProjects(this.kv)) {
      const sel = {
        start: reportFirstInKey(p.marketProjectId, this.since),
        end: reportFirstInKey(p.marketProjectId, this.until + "\u0000"),
      };
      for await (const e of listRange(this.kv, sel, { batchSize: 500 })) {
        ids.add(e.key[3] as string);
      }
    }
    const records = await getRecords(this.kv, [...ids]);
    const live = records.flatMap((e) =>
      e.value && !e.value.deleted && this.inWindow(e.value.registerDate) ? [e.value] : []
    );
    const out = new Map<number, { id: string; mp: number }[]>();
    // Newest first (by registration, then id, as the index these replace listed them).
    live.sort((a, b) =>
      a.registerDate === b.registerDate
        ? (a.id < b.id ? 1 : -1)
        : (a.registerDate < b.registerDate ? 1 : -1)
    );
    for (const p of live) {
      const list = out.get(p.clubId) ?? [];
      list.push({ id: p.id, mp: p.marketProjectId });
      out.set(p.clubId, list);
    }
    return out;
  }
}

/** Gathers one user's report from the cached cells (pure given the reader's answers). */
async function gather(
  reader: ReportReader,
  date: string,
  clubs: { clubId: number; name: string }[],
  projects: number[],
): Promise<ReportData> {
  const data: ReportData = {
    date,
    clubs: [],
    toDo: [],
    escalated: [],
    dueToday: [],
    newLast24h: [],
  };
  const allowed = new Set(projects);
  const toDo: { id: string; u: string }[] = [];
  const escalated: { id: string; u: string }[] = [];
  for (const club of clubs) {
    const row = { ...club, toDo: 0, escalated: 0, dueToday: 0, newLast24h: 0 };
    for (const mp of projects) {
      const c = await reader.cell(mp, club.clubId);
      row.toDo += c.toDo.length;
      row.escalated += c.escalated.length;
      row.dueToday += c.dueToday.length;
      toDo.push(...c.toDo);
      escalated.push(...c.escalated);
      data.dueToday.push(...c.dueToday);
    }
    const fresh = (await reader.newIn(club.clubId)).filter((x) => allowed.has(x.mp));
    row.newLast24h = fresh.length;
    data.newLast24h.push(...fresh.map((x) => x.id));
    data.clubs.push(row);
  }
  // Most urgent first across clubs and projects: weight, then follow-up date.
  const byUrgency = (a: { u: string }, b: { u: string }) => (a.u < b.u ? -1 : a.u > b.u ? 1 : 0);
  data.toDo = toDo.sort(byUrgency).map((x) => x.id);
  data.escalated = escalated.sort(byUrgency).map((x) => x.id);
  return data;
}

/** The report e-mail text (pure): counts per club, then up to LIST_LIMIT linked rows per section. */
export function reportMail(
  data: ReportData,
  records: Map<string, StoredProspect>,
  user: Pick<UserRecord, "email" | "firstName">,
  lang: Lang,
  appUrl: string,
): { to: string; subject: string; text: string } {
  const t = (key: string, vars?: Record<string, unknown>) => translate(lang, key, vars);
  const lines: string[] = [
    t("mail.dailyReport.intro", { name: user.firstName, date: data.date }),
    "",
  ];
  if (!data.clubs.length) {
    lines.push(t("mail.dailyReport.noClubs"));
  } else {
    for (const c of data.clubs) {
      lines.push(
        t("mail.dailyReport.club", { club: c.name }),
        `  ${t("mail.dailyReport.toDo", { count: c.toDo })}`,
        `  ${t("mail.dailyReport.escalated", { count: c.escalated })}`,
        `  ${t("mail.dailyReport.dueToday", { count: c.dueToday })}`,
        `  ${t("mail.dailyReport.newLast24h", { count: c.newLast24h })}`,
        "",
      );
    }
    const sections: [string, string[]][] = [
      ["mail.dailyReport.sectionEscalated", data.escalated],
      ["mail.dailyReport.sectionToDo", data.toDo],
      ["mail.dailyReport.sectionDueToday", data.dueToday],
      ["mail.dailyReport.sectionNew", data.newLast24h],
    ];
    const nothing = sections.every(([, ids]) => ids.length === 0);
    if (nothing) lines.push(t("mail.dailyReport.nothing"), "");
    for (const [key, ids] of sections) {
      if (!ids.length) continue;
      lines.push(t(key, { count: ids.length }));
      for (const id of ids.slice(0, LIST_LIMIT)) {
        const p = records.get(id);
        if (!p) continue;
        lines.push(`- ${
          t(
            "mail.dailyReport.item",
            prospectMailVars(
              p,
              appUrl,
              t(p.sellStatus ? `sellStatus.${p.sellStatus}` : "mail.noSellStatus"),
            ),
          )
        }`);
      }
      if (ids.length > LIST_LIMIT) {
        lines.push(`  ${t("mail.dailyReport.more", { count: ids.length - LIST_LIMIT })}`);
      }
      lines.push("");
    }
  }
  lines.push(
    t("mail.dailyReport.link", { url: `${appUrl.replace(/\/$/, "")}/prospects` }),
    "",
    t("mail.dailyReport.unsubscribe"),
    translate(lang, "mail.footer"),
  );
  return {
    to: user.email,
    subject: t("mail.dailyReport.subject", { date: data.date }),
    text: lines.join("\n"),
  };
}

/** The in-app notification of a user's report: its counts (the mail lists the prospects). */
function reportNotice(
  data: ReportData,
  userId: string,
  now: Date,
  timeZone: string,
): InboxNotification {
  // One id per user and date: the time part of the report's due instant, then a hash.
  const due = ulid(reportDueAt(data.date, timeZone).getTime()).slice(0, 10);
  return {
    id: inboxIdFor(`${due}:dailyReport:${data.date}`, userId),
    category: "dailyReport",
    messageKey: "notifications.text.dailyReport",
    params: {
      date: data.date,
      toDo: data.toDo.length,
      escalated: data.escalated.length,
      dueToday: data.dueToday.length,
    },
    prospectId: null,
    createdAt: now.toISOString(),
    readAt: null,
  };
}

export interface DailyReportResult {
  date: string;
  sent: number;
  /** Users already mailed today (an earlier, interrupted run). */
  skipped: number;
}

/**
 * Sends today's report if 07:00 local has passed and today's run has not finished. Answers null
 * when it is not time yet or the day is done.
 */
export async function runDailyReport(
  deps: ServiceDeps,
  opts: { now?: Date } = {},
): Promise<DailyReportResult | null> {
  const { kv, config } = deps;
  const now = opts.now ?? deps.now();
  const tz = config.timeZone;
  const date = localDate(now, tz);
  if (now < reportDueAt(date, tz)) return null;
  if (await readValue(kv, dailyReportRunKey(date))) return null;

  const users = (await listAll<UserRecord>(kv, usersPrefix())).map((e) => e.value)
    .filter((u) => u.enabled && u.dailyReportSubscription);
  const projects = await listMarketProjects(kv, { activeOnly: true, sort: "id" });
  const until = now.toISOString();
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const reader = new ReportReader(kv, date, since, until);
  const result: DailyReportResult = { date, sent: 0, skipped: 0 };

  for (const user of users) {
    const claim = dailyReportSentKey(date, user.id);
    if (await readValue(kv, claim)) {
      result.skipped++;
      continue;
    }
    const clubIds = await subscribedClubIds(kv, user.id);
    const clubs = (await getClubsByNumbers(kv, clubIds)).map((c) => ({
      clubId: c.clubId,
      name: c.name,
    }));
    const asUser = { ...user, sid: null };
    const visible = projects.filter((p) => can(asUser, "report.read", { b2b: p.b2b }))
      .map((p) => p.marketProjectId);
    const data = await gather(reader, date, clubs, visible);
    const show = new Set([
      ...data.escalated.slice(0, LIST_LIMIT),
      ...data.toDo.slice(0, LIST_LIMIT),
      ...data.dueToday.slice(0, LIST_LIMIT),
      ...data.newLast24h.slice(0, LIST_LIMIT),
    ]);
    const recs = await getRecords(kv, [...show]);
    const records = new Map<string, StoredProspect>();
    for (const e of recs) if (e.value) records.set(e.value.id, e.value);
    const settings = await getUserSettings(kv, user.id);
    const lang: Lang = isLang(settings.language) ? settings.language : "sv";
    // Claim first: an interrupted run never mails anyone twice.
    const claimed = await commitIfUnchanged(kv, [absent(claim)], [
      put(claim, { at: now.toISOString() }, RUN_TTL_MS),
    ]);
    if (!claimed) {
      result.skipped++;
      continue;
    }
    try {
      // Everyone who gets the report sees it in the app (once per date, however often this runs);
      // the mail goes as they chose (by default).
      await deliverInbox(kv, [{ userId: user.id, n: reportNotice(data, user.id, now, tz) }]);
      if (channelsOf(settings.notifications).dailyReport.email) {
        await sendMail(deps, reportMail(data, records, user, lang, config.appUrl));
      }
      result.sent++;
    } catch (err) {
      await removeKey(kv, claim);
      throw err;
    }
  }
  await writeValue(kv, dailyReportRunKey(date), { at: now.toISOString(), ...result }, RUN_TTL_MS);
  return result;
}

/** The cron entry: the daily report under its own lease. */
export async function runDailyReportJob(deps: ServiceDeps): Promise<DailyReportResult | null> {
  return await withLease(
    deps.kv,
    "daily-report",
    10 * 60_000,
    () => runDailyReport(deps),
    deps.now().getTime(),
  );
}
