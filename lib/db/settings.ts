/**
 * Settings in KV: the seeded sell statuses and notification categories, the time limits per sell
 * status, the admin settings (work time, retention) and the users' club subscriptions. Every change
 * is one versionstamp-checked atomic; a change of the clock's settings moves `settings_version`.
 */
import {
  adminSettingsKey,
  adminSettingsPrefix,
  clubByNumberKey,
  clubSubscriberCountKey,
  clubSubscriberKey,
  clubSubscribersPrefix,
  notificationCategoriesPrefix,
  notificationCategoryKey,
  sellStatusesPrefix,
  sellStatusKey,
  settingsVersionKey,
  timeSettingKey,
  timeSettingsPrefix,
  userClubKey,
  userClubsPrefix,
} from "@/lib/db/keys.ts";
import { addToCounter, getManyChunked, listAll } from "@/lib/db/kv.ts";
import { conflict, notFound } from "@/lib/domain/errors.ts";
import {
  type AdminSettings,
  DEFAULT_RETENTION_DAYS,
  DEFAULT_WORKTIME,
  type NotificationCategory,
  type SellStatusInfo,
  type SellStatusTimeSetting,
} from "@/lib/domain/reference.ts";
import {
  ADMIN_SETTINGS_ID,
  DEFAULT_TIME_LIMITS,
  NOTIFICATION_CATEGORY_IDS,
  type TimeLimits,
  type TimeSettingInput,
} from "@/lib/domain/reference_rules.ts";
import { DEFAULT_CLOCK_STATUS, SELL_STATUSES } from "@/lib/domain/statuses.ts";

import { ATTEMPTS, changeRecord, listRecords, type Stored } from "@/lib/db/reference_records.ts";

// ── seeded lists ────────────────────────────────────────────────────────────

/**
 * The sell statuses (id = the status name) in SELL_STATUS_TABLE's order, which is their weight
 * (a status added to the table mid-way takes its place; stored weights may be older).
 */
export async function listSellStatuses(kv: Deno.Kv): Promise<SellStatusInfo[]> {
  const all = (await listAll<SellStatusInfo>(kv, sellStatusesPrefix())).map((e) => e.value);
  const place = (s: SellStatusInfo) => {
    const i = (SELL_STATUSES as readonly string[]).indexOf(s.id);
    return i < 0 ? 999 + s.weight : i;
  };
  return all.map((s) => ({ ...s, weight: place(s) })).sort((a, b) => a.weight - b.weight);
}

/** The notification categories (all, escalationsOnly, none), names in English. */
export async function listNotificationCategories(kv: Deno.Kv): Promise<NotificationCategory[]> {
  const all = (await listAll<NotificationCategory>(kv, notificationCategoriesPrefix())).map((e) =>
    e.value
  );
  const order = (id: string) => NOTIFICATION_CATEGORY_IDS.indexOf(id as never);
  return all.sort((a, b) => order(a.id) - order(b.id));
}

// ── time settings ───────────────────────────────────────────────────────────

/** One row per sell status (id = the status name), in the order of the sell statuses. */
export async function getTimeSettings(kv: Deno.Kv): Promise<SellStatusTimeSetting[]> {
  const rows = await listRecords<SellStatusTimeSetting>(kv, timeSettingsPrefix());
  const order = (s: string) => {
    const i = (SELL_STATUSES as readonly string[]).indexOf(s);
    return i < 0 ? 999 : i;
  };
  return rows.sort((a, b) => order(a.sellStatus) - order(b.sellStatus));
}

/**
 * The three limits per sell status for the activity clock. A status without a stored row falls
 * back to the seeded default (or the Prospect row for unknown statuses).
 */
export async function getTimeLimitsByStatus(kv: Deno.Kv): Promise<Record<string, TimeLimits>> {
  const out: Record<string, TimeLimits> = {};
  for (const s of SELL_STATUSES) {
    out[s] = { ...(DEFAULT_TIME_LIMITS[s] ?? DEFAULT_TIME_LIMITS[DEFAULT_CLOCK_STATUS]) };
  }
  for (const r of await getTimeSettings(kv)) {
    out[r.sellStatus] = {
      hoursLeftBeforePaused: r.hoursLeftBeforePaused,
      hoursLeftBeforeNotified: r.hoursLeftBeforeNotified,
      hoursLeftBeforeEscalated: r.hoursLeftBeforeEscalated,
    };
  }
  return out;
}

/** Changes a sell status's time limits, checked on `version`, and bumps the settings version. */
export async function updateTimeSetting(
  kv: Deno.Kv,
  id: string,
  input: TimeSettingInput,
): Promise<SellStatusTimeSetting> {
  const key = timeSettingKey(id);
  type Row = SellStatusTimeSetting;
  return await changeRecord<Row, Row>(kv, key, input.version, (e, op) => {
    const next: Stored<Row> = {
      ...e.value,
      hoursLeftBeforePaused: input.hoursLeftBeforePaused,
      hoursLeftBeforeNotified: input.hoursLeftBeforeNotified,
      hoursLeftBeforeEscalated: input.hoursLeftBeforeEscalated,
    };
    op.set(key, next).set(settingsVersionKey(), crypto.randomUUID());
    return (version) => ({ ...next, version });
  });
}

// ── admin settings ──────────────────────────────────────────────────────────

/** The one admin-settings record (work time); the 08:00–17:00 default if none is stored. */
export async function getAdminSettings(kv: Deno.Kv): Promise<AdminSettings> {
  const rows = await listRecords<AdminSettings>(kv, adminSettingsPrefix());
  const row = rows[0] ?? { id: ADMIN_SETTINGS_ID, ...DEFAULT_WORKTIME };
  return { ...row, retentionDays: row.retentionDays ?? DEFAULT_RETENTION_DAYS };
}

export async function updateAdminSettings(
  kv: Deno.Kv,
  id: string,
  input: { worktimeFrom?: string; worktimeTo?: string; retentionDays?: number; version?: string },
): Promise<AdminSettings> {
  const key = adminSettingsKey(id);
  return await changeRecord<AdminSettings, AdminSettings>(kv, key, input.version, (e, op) => {
    const next = {
      ...e.value,
      ...(input.worktimeFrom !== undefined ? { worktimeFrom: input.worktimeFrom } : {}),
      ...(input.worktimeTo !== undefined ? { worktimeTo: input.worktimeTo } : {}),
      ...(input.retentionDays !== undefined ? { retentionDays: input.retentionDays } : {}),
    };
    op.set(key, next).set(settingsVersionKey(), crypto.randomUUID());
    return (version) => ({ ...next, version });
  });
}

// ── club subscriptions ──────────────────────────────────────────────────────

/** The numeric clubIds a user subscribes to, ascending. */
export async function subscribedClubIds(kv: Deno.Kv, userId: string): Promise<number[]> {
  return (await listAll(kv, userClubsPrefix(userId))).map((e) => e.key[2] as number);
}

/** The ids of the users subscribing to a club (notifications, daily report). */
export async function clubSubscriberIds(kv: Deno.Kv, clubId: number): Promise<string[]> {
  return (await listAll(kv, clubSubscribersPrefix(clubId))).map((e) => e.key[2] as string);
}

/** Subscribes (on) or unsubscribes one club; 404 when the club does not exist. Idempotent. */
export async function setClubSubscription(
  kv: Deno.Kv,
  userId: string,
  clubId: number,
  on: boolean,
): Promise<void> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const [club, sub] = await kv.getMany([clubByNumberKey(clubId), userClubKey(userId, clubId)]);
    if (!club.value && on) throw notFound();
    if (!!sub.value === on) return;
    const op = kv.atomic().check(sub);
    if (on) {
      op.check(club)
        .set(userClubKey(userId, clubId), true)
        .set(clubSubscriberKey(clubId, userId), true);
    } else {
      op.delete(userClubKey(userId, clubId)).delete(clubSubscriberKey(clubId, userId));
    }
    addToCounter(op, clubSubscriberCountKey(clubId), on ? 1 : -1);
    const res = await op.commit();
    if (res.ok) return;
  }
  throw conflict();
}

/** Subscribes or unsubscribes many clubs at once (select-all); unknown clubs are skipped. */
export async function setAllClubSubscriptions(
  kv: Deno.Kv,
  userId: string,
  clubIds: number[],
  on: boolean,
): Promise<void> {
  const ids = [...new Set(clubIds)];
  const CHUNK = 40; // 2 checks and 3 mutations per club: within the KV limits per atomic
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    let done = false;
    for (let attempt = 0; attempt < ATTEMPTS && !done; attempt++) {
      const clubs = await getManyChunked<string>(kv, chunk.map((n) => clubByNumberKey(n)));
      const subs = await getManyChunked<boolean>(kv, chunk.map((n) => userClubKey(userId, n)));
      const op = kv.atomic();
      chunk.forEach((clubId, i) => {
        if (!!subs[i].value === on) return;
        if (on && !clubs[i].value) return;
        op.check(subs[i]);
        if (on) {
          op.check(clubs[i])
            .set(userClubKey(userId, clubId), true)
            .set(clubSubscriberKey(clubId, userId), true);
        } else {
          op.delete(userClubKey(userId, clubId)).delete(clubSubscriberKey(clubId, userId));
        }
        addToCounter(op, clubSubscriberCountKey(clubId), on ? 1 : -1);
      });
      done = (await op.commit()).ok;
    }
    if (!done) throw conflict();
  }
}

// ── seeds (the baseline migration) ────────────────────────────────────────────────────

/** Writes the seeded reference rows that are missing; never overwrites an admin's change. */
export async function seedReferenceData(kv: Deno.Kv): Promise<void> {
  const rows: [Deno.KvKey, unknown][] = [];
  SELL_STATUSES.forEach((s, i) => rows.push([sellStatusKey(s), { id: s, name: s, weight: i }]));
  const names = { all: "All notifications", escalationsOnly: "Escalations only", none: "None" };
  for (const id of NOTIFICATION_CATEGORY_IDS) {
    rows.push([notificationCategoryKey(id), { id, name: names[id] }]);
  }
  for (const s of SELL_STATUSES) {
    rows.push([timeSettingKey(s), { id: s, sellStatus: s, ...DEFAULT_TIME_LIMITS[s] }]);
  }
  rows.push([adminSettingsKey(ADMIN_SETTINGS_ID), { id: ADMIN_SETTINGS_ID, ...DEFAULT_WORKTIME }]);
  // Every start runs this: the rows are read in parallel batches of ten, and nothing is written
  // unless a row is missing (each insert checked, so concurrent starters write it once).
  const existing = await getManyChunked(kv, rows.map(([key]) => key));
  const missing = rows.filter((_, i) => existing[i].value === null);
  for (let i = 0; i < missing.length; i += 50) {
    const op = kv.atomic();
    for (const [key, value] of missing.slice(i, i + 50)) {
      op.check({ key, versionstamp: null }).set(key, value);
    }
    await op.commit();
  }
}
