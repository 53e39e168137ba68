/**
 * Every Deno KV key of the app is built here, by small named functions (DESIGN §4).
 * Records live under ["<entity>", id]; indexes are named "<entity>_by_<field>" and hold ids.
 */
type Part = Deno.KvKeyPart;

/**
 * The families stored under a short tag instead of their name: name in words → tag on disk. These
 * are the families with a key per prospect or per write; a key's first part is stored twice (in the
 * key and in Deno KV's expiry index), so a tag instead of a 20–30 letter name is most of a key's
 * length saved. Every other family is stored under its name. Code names a family by its words here;
 * a changed tag needs a migration that moves the family (lib/db/rekey.ts).
 */
export const FAMILY_TAGS = {
  prospects: "p",
  prospects_by_customer_id: "pcu",
  prospects_by_phone: "pph",
  prospects_by_email: "pem",
  prospect_contact_guards: "pcg",
  prospects_by_project: "pp",
  prospects_by_project_club: "ppc",
  prospects_by_project_status: "pps",
  prospects_by_project_club_status: "ppcs",
  prospects_by_project_club_urgency: "ppcu",
  prospects_by_assignee_project: "pap",
  prospects_by_first_name: "pfn",
  prospects_by_last_name: "pln",
  prospects_deleted_by_project: "pdel",
  prospects_by_updated: "pu",
  prospects_by_next_transition: "pnt",
  prospects_awaiting_contact: "paw",
  prospect_totals: "pt",
  prospect_history: "ph",
  prospect_events: "pe",
  notes: "n",
  notes_by_prospect: "np",
  report_counters: "rc",
  report_funnel: "rf",
  report_stints: "rs",
  report_changes_at: "rca",
  report_snapshots: "rsn",
  report_pending: "rp",
  report_first_in: "rfi",
} as const;
const T = FAMILY_TAGS;
const NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(FAMILY_TAGS).map(([name, tag]) => [tag, name]),
);
/** The first key part a family is stored under: its tag, or its name when it has none. */
export const familyPart = (name: string): string =>
  (FAMILY_TAGS as Record<string, string>)[name] ?? name;
/** The family, in words, of a stored key's first part (a tag or a name). */
export const familyName = (part: string): string => NAMES[part] ?? part;

/** A migration's record, once it has run: [number]. */
// ── meta ────────────────────────────────────────────────────────────────────
export const migrationKey = (n: number) => ["_migrations", n];
/** Every migration that has run. */
export const migrationsPrefix = () => ["_migrations"];
/** Who moves the store's keys to new first parts (lib/db/rekey.ts), set once per holder. */
export const rekeyClaimKey = () => ["_rekey", "claim"];
/** The holder's heartbeat: a waiter takes the claim over when it stops moving. */
export const rekeyBeatKey = () => ["_rekey", "beat"];
/** A Firebase sign-in waiting for its SMS code (AUTH_PROVIDER=firebase): [token]. */
export const firebaseMfaKey = (token: string) => ["firebase_mfa", token];
/** The key the health check reads (nothing is stored there). */
export const healthKey = () => ["_health"];
/** A job's lease (lib/db/leases.ts): [job name]. */
export const jobLeaseKey = (name: string) => ["job_leases", name];
/** A caller's Idempotency-Key: its claim and the first answer's status ([userId, key]). */
export const idempotencyKey = (userId: string, key: string) => ["idempotency", userId, key];
/** The first answer's JSON text, in parts ([userId, key, part]). */
export const idempotencyBodyKey = (
  userId: string,
  key: string,
  part: number,
) => ["idempotency_body", userId, key, part];

/** A user's record: [userId]. */
// ── users and identity ──────────────────────────────────────────────────────
export const userKey = (id: string) => ["users", id];
/** Every user record. */
export const usersPrefix = () => ["users"];
/** A user's id by lower-cased e-mail: [email]. */
export const userByEmailKey = (emailLower: string) => ["users_by_email", emailLower];
/** Users in creation order: [created ISO, userId]. */
export const userByCreatedKey = (created: string, id: string) => ["users_by_created", created, id];
/** A user's settings (language, grid columns, …): [userId]. */
export const userSettingsKey = (userId: string) => ["user_settings", userId];
/** A club's automatic assignment rule [clubId], and its turn counter [clubId]. */
export const assignmentRuleKey = (clubId: number) => ["assignment_rules", clubId];
/** A club's assignment turn counter: [clubId]. */
export const assignmentTurnKey = (clubId: number) => ["assignment_turns", clubId];
/** A saved grid view: the record [id], its owner's list [userId, id], the shared list [id]. */
export const savedViewKey = (id: string) => ["saved_views", id];
/** A saved view in its owner's list: [userId, viewId]. */
export const savedViewsByUserKey = (userId: string, id: string) => [
  "saved_views_by_user",
  userId,
  id,
];
/** A user's own saved views. */
export const savedViewsByUserPrefix = (userId: string) => ["saved_views_by_user", userId];
/** A saved view shared with everyone: [viewId]. */
export const savedViewsSharedKey = (id: string) => ["saved_views_shared", id];
/** Every shared saved view. */
export const savedViewsSharedPrefix = () => ["saved_views_shared"];
/** A sign-in session: [sessionId]. */
export const sessionKey = (sid: string) => ["sessions", sid];
/** A session in its user's list: [userId, sessionId]. */
export const sessionsByUserKey = (userId: string, sid: string) => ["sessions_by_user", userId, sid];
/** A user's sessions (revoked together on sign-out everywhere or disabling). */
export const sessionsByUserPrefix = (userId: string) => ["sessions_by_user", userId];
/** A refresh token, by its hash: [hash]. */
export const refreshTokenKey = (hash: string) => ["refresh_tokens", hash];
/** An API token, by its hash: [hash]. */
export const apiTokenKey = (hash: string) => ["api_tokens", hash];
/** An API token in its user's list: [userId, tokenId]. */
export const apiTokensByUserKey = (
  userId: string,
  id: string,
) => ["api_tokens_by_user", userId, id];
/** A user's API tokens. */
export const apiTokensByUserPrefix = (userId: string) => ["api_tokens_by_user", userId];
/** When a token was last used (its id → ISO instant). */
export const apiTokenLastUseKey = (id: string) => ["api_token_last_use", id];
/** The one-time setup token of an empty store (the first admin). */
export const setupTokenKey = () => ["setup_token"];
/** A sent or failed e-mail/SMS kept for `/outbox`: [id]. */
export const outboxKey = (id: string) => ["outbox", id];
/** Every outbox entry. */
export const outboxPrefix = () => ["outbox"];
/** E-mails the SMTP server refused, by when to try again: [nextAttemptAt ISO, outboxId]. */
export const mailRetryKey = (at: string, id: string) => ["mail_retry", at, id];
/** Every e-mail waiting to be tried again. */
export const mailRetryPrefix = () => ["mail_retry"];
/** An audit entry: [id]. */
export const auditKey = (id: string) => ["audit", id];
/** An audit entry by what it changed: [targetId, id]. */
export const auditByTargetKey = (targetId: string, id: string) => ["audit_by_target", targetId, id];
/** The audit entries of one target (a user, a token). */
export const auditByTargetPrefix = (targetId: string) => ["audit_by_target", targetId];
/** Single-use e-mail action codes (oobCode), stored by the SHA-256 of the code. */
export const actionCodeKey = (hash: string) => ["action_codes", hash];
/** Pending MFA sign-ins, stored by the SHA-256 of the mfaSession token. */
export const mfaSessionKey = (hash: string) => ["mfa_sessions", hash];
/**
 * Failed sign-in counters: scope "account" (lower-cased e-mail) or "address" (client IP); scope
 * "resetMail" counts the password reset mails sent to an account; "smsUser" and "smsAddress" the
 * SMS codes sent to a user and asked for from an address.
 */
/**
 * Changes whenever work time or a time limit changes (written in the same atomic): every instance
 * compares it per write with the one its cached clock settings were read at.
 */
export const settingsVersionKey = () => ["settings_version"];
/** A failed sign-in counter (lib/db/brute_force.ts): [scope, id]. */
export const loginFailuresKey = (
  scope:
    | "account"
    | "address"
    | "resetMail"
    | "smsUser"
    | "smsAddress"
    | "intakeAddress"
    | "intakeKey"
    | "verificationMail",
  id: string,
) => ["login_failures", scope, id];

/** A district's record: [id]. */
// ── reference data ───────────────────────────────────────────────
export const districtKey = (id: string) => ["districts", id];
/** Every district record. */
export const districtsPrefix = () => ["districts"];
/** A district's record id by its numeric districtId: [districtId]. */
export const districtByNumberKey = (districtId: number) => ["districts_by_number", districtId];
/** KvU64: how many clubs a district (numeric districtId) holds; guards district deletion. */
export const clubCountByDistrictKey = (
  districtId: number,
) => ["club_count_by_district", districtId];
/** A club's record: [id]. */
export const clubKey = (id: string) => ["clubs", id];
/** Every club record. */
export const clubsPrefix = () => ["clubs"];
/** A club's record id by its numeric clubId: [clubId]. */
export const clubByNumberKey = (clubId: number) => ["clubs_by_number", clubId];
/**
 * Every club's district as one value, [clubId, districtId][]: the write engine reads it
 * to add the district day buckets; written in the same atomic as each club change.
 */
export const clubDistrictsKey = () => ["club_districts"];
/** A market project's record: [id]. */
export const marketProjectKey = (id: string) => ["market_projects", id];
/** Every market project record. */
export const marketProjectsPrefix = () => ["market_projects"];
/** A market project's record id by its numeric marketProjectId: [marketProjectId]. */
export const marketProjectByNumberKey = (
  marketProjectId: number,
) => ["market_projects_by_number", marketProjectId];
/** The highest marketProjectId handed out so far (a plain number). */
export const marketProjectSeqKey = () => ["market_project_seq"];
/** A sell status's record: [id]. */
export const sellStatusKey = (id: string) => ["sell_statuses", id];
/** Every sell status record. */
export const sellStatusesPrefix = () => ["sell_statuses"];
/** A notification category's record: [id]. */
export const notificationCategoryKey = (id: string) => ["notification_categories", id];
/** Every notification category record. */
export const notificationCategoriesPrefix = () => ["notification_categories"];
/** A sell status's time limits (hours before Paused, Notified, Escalated): [id]. */
export const timeSettingKey = (id: string) => ["sell_status_time_settings", id];
/** Every sell status's time limits. */
export const timeSettingsPrefix = () => ["sell_status_time_settings"];
/** An admin setting (work time, …): [id]. */
export const adminSettingsKey = (id: string) => ["admin_settings", id];
/** Every admin setting. */
export const adminSettingsPrefix = () => ["admin_settings"];
/** Club subscriptions, two index families written in one atomic. */
export const userClubKey = (userId: string, clubId: number) => ["user_clubs", userId, clubId];
/** The clubs a user subscribes to. */
export const userClubsPrefix = (userId: string) => ["user_clubs", userId];
/** A club's subscriber: [clubId, userId]. */
export const clubSubscriberKey = (
  clubId: number,
  userId: string,
) => ["club_subscribers", clubId, userId];
/** A club's subscribers. */
export const clubSubscribersPrefix = (clubId: number) => ["club_subscribers", clubId];
/** KvU64: subscribers of a club; club deletion checks it so a racing subscribe cannot orphan. */
export const clubSubscriberCountKey = (clubId: number) => ["club_subscriber_count", clubId];

/** KvU64: prospects of a club (its deletion checks it): [clubId]. */
// ── prospects: counters kept by the prospects module, read by reference-data guards ──
export const prospectCountByClubKey = (clubId: number) => ["prospect_count_by_club", clubId];
/** KvU64: prospects of a market project (its deletion checks it): [marketProjectId]. */
export const prospectCountByProjectKey = (
  marketProjectId: number,
) => ["prospect_count_by_project", marketProjectId];

/** A prospect's record (lib/db/prospect_record.ts): [id]. */
// ── prospects and notes (the key → index mapping is lib/db/prospect_indexes.ts) ──
export const prospectKey = (id: string) => [T.prospects, id];
/** Every prospect record, in id (creation) order. */
export const prospectsPrefix = () => [T.prospects];
/** Unique numeric customer id → prospect id (kept for deleted prospects too). */
export const prospectByCustomerIdKey = (
  customerId: number,
) => [T.prospects_by_customer_id, customerId];
/** The highest server-assigned customer id (a plain number). */
export const customerIdSeqKey = () => ["prospect_customer_id_seq"];
/** A prospect by its phone number's digits: [digits, id]. */
export const prospectByPhoneKey = (
  digits: string,
  id: string,
) => [T.prospects_by_phone, digits, id];
/**
 * A guard per market project and contact (normalised phone "p" or lower-cased e-mail "e"): every
 * create of a prospect with that contact checks and sets it in its atomic, so two creates of the
 * same person at once cannot both pass the duplicate check (the later one re-checks and sees it).
 */
export const prospectContactGuardKey = (mp: number, kind: "p" | "e", value: string) => [
  T.prospect_contact_guards,
  mp,
  kind,
  value,
];
/**
 * What an erase still has to clean (the contact values to strip from guards, indexes, mail copies
 * and the notification queue), written in the erase's own atomic and deleted when the cleanup
 * is done: ["erase_pending", prospectId].
 */
export const erasePendingKey = (id: string) => ["erase_pending", id];
/** Every unfinished erase cleanup. */
export const erasePendingPrefix = () => ["erase_pending"];
/** A web-form key of a market project: ["form_keys", marketProjectId, keyId]. */
export const formKeyKey = (mp: number, id: string) => ["form_keys", mp, id];
/** A market project's web-form keys: [marketProjectId]. */
export const formKeysPrefix = (mp: number) => ["form_keys", mp];
/** The key text a web form posts with → its record's place. */
export const formKeyLookupKey = (key: string) => ["form_keys_by_key", key];
/** How many live form keys a project has (its limit is checked on it). */
export const formKeyCountKey = (mp: number) => ["form_key_count", mp];
/** A prospect by its lower-cased e-mail: [email, id]. */
export const prospectByEmailKey = (
  emailLower: string,
  id: string,
) => [T.prospects_by_email, emailLower, id];
/** Ordered search indexes: …, done (0|1), followUpSortKey, id. `prefix` builds range prefixes. */
export const prospectsByProjectPrefix = (...p: Part[]) => [T.prospects_by_project, ...p];
/** The project-and-club follow-up index: [marketProjectId, clubId, done, …]. */
export const prospectsByProjectClubPrefix = (...p: Part[]) => [T.prospects_by_project_club, ...p];
/** The project-and-status follow-up index: [marketProjectId, status, done, …]. */
export const prospectsByProjectStatusPrefix = (
  ...p: Part[]
) => [T.prospects_by_project_status, ...p];
/** The project, club and status follow-up index: [marketProjectId, clubId, status, done, …]. */
export const prospectsByProjectClubStatusPrefix = (
  ...p: Part[]
) => [T.prospects_by_project_club_status, ...p];
/** The assignee index: [assignee, marketProjectId, …]. */
export const prospectsByAssigneePrefix = (...p: Part[]) => [T.prospects_by_assignee_project, ...p];
/** Name prefix indexes per project and club: [family, marketProjectId, clubId, done, folded, id]. */
export const prospectsByFirstNamePrefix = (...p: Part[]) => [T.prospects_by_first_name, ...p];
/** The last-name prefix index: [marketProjectId, clubId, done, folded last name, id]. */
export const prospectsByLastNamePrefix = (...p: Part[]) => [T.prospects_by_last_name, ...p];
/** Deleted prospects per project (admins list them): [marketProjectId, …]. */
export const prospectsDeletedPrefix = (...p: Part[]) => [T.prospects_deleted_by_project, ...p];
/** Every prospect by its last change (updatedAt, id): the change feed's order. */
export const prospectsByUpdatedPrefix = (...p: Part[]) => [T.prospects_by_updated, ...p];
/** [at ISO, id]: what the activity cron job reads (only due prospects). */
export const prospectsByNextTransitionPrefix = (
  ...p: Part[]
) => [T.prospects_by_next_transition, ...p];
/**
 * Urgency order per club (a whole project merges its clubs' ranges):
 * [marketProjectId, clubId, done, "weight|followUpSortKey", id].
 */
export const prospectsByProjectClubUrgencyPrefix = (
  ...p: Part[]
) => [T.prospects_by_project_club_urgency, ...p];
/** Web leads awaiting their first contact, per club: [clubId, registerDate, id] (today's list). */
export const prospectsAwaitingContactPrefix = (
  ...p: Part[]
) => [T.prospects_awaiting_contact, ...p];
/** KvU64 totals for x-total-elements: scope "p" | "pc" | "ps" | "pcs" | "ap", then its parts. */
export const prospectTotalKey = (...p: Part[]) => [T.prospect_totals, ...p];
/**
 * A prospect's history: one value per prospect, the packs of its writes in order
 * (prospect_indexes.ts). Packs that no longer fit move, oldest first, to ["prospect_events", id,
 * ulid] as an array.
 */
export const prospectHistoryKey = (prospectId: string) => [T.prospect_history, prospectId];
/** Every prospect's history value. */
export const prospectHistoryPrefix = () => [T.prospect_history];
/** An archived event pack of a prospect: [prospectId, ulid]. */
export const prospectEventKey = (
  prospectId: string,
  id: string,
) => [T.prospect_events, prospectId, id];
/** A prospect's archived event packs, oldest first. */
export const prospectEventsPrefix = (prospectId: string) => [T.prospect_events, prospectId];
/** Every prospect's archived event packs, in prospect id order. */
export const prospectEventsFamily = () => [T.prospect_events];
/** A note's record: [noteId]. */
export const noteKey = (noteId: string) => [T.notes, noteId];
/** A note in its prospect's list: [prospectId, noteId]. */
export const noteByProspectKey = (
  prospectId: string,
  noteId: string,
) => [T.notes_by_prospect, prospectId, noteId];
/** A prospect's notes. */
export const notesByProspectPrefix = (prospectId: string) => [T.notes_by_prospect, prospectId];

// ── outbound webhooks: lib/db/webhooks.ts ──
/** A registered endpoint: [id] → its record (the secret sealed with SECRET_KEY). */
export const webhookKey = (id: string) => ["webhooks", id];
/** Every webhook endpoint. */
export const webhooksPrefix = () => ["webhooks"];
/** An endpoint's delivery log, newest last: [endpointId, ulid] → attempt. */
export const webhookDeliveryKey = (endpointId: string, id: string) => [
  "webhook_deliveries",
  endpointId,
  id,
];
/** An endpoint's delivery log. */
export const webhookDeliveriesPrefix = (endpointId: string) => ["webhook_deliveries", endpointId];
/** An event delivered to an endpoint: [endpointId, eventId] → true (expires after two days). */
export const webhookDoneKey = (endpointId: string, eventId: string) => [
  "webhook_done",
  endpointId,
  eventId,
];

// ── activity engine: lib/services/activity_pass.ts, notifications.ts, daily_report.ts ──
/** Notifications waiting to be mailed, written in the transition's atomic: [ulid]. */
export const notificationQueueKey = (id: string) => ["notification_queue", id];
/** Every queued notification. */
export const notificationQueuePrefix = () => ["notification_queue"];
/** One recipient of one queued notification, claimed before sending (never mailed twice). */
export const notificationDeliveryKey = (
  queueId: string,
  userId: string,
) => ["notification_deliveries", queueId, userId];
/** One recipient's SMS of one queued notification, claimed before sending. */
export const notificationSmsDeliveryKey = (
  queueId: string,
  userId: string,
) => ["notification_deliveries", queueId, userId, "sms"];
/** The clock settings the stored activity fields were computed with, and the re-schedule cursor. */
export const activityClockStateKey = () => ["activity_clock_state"];
/** The daily report of a local date: one run marker, one key per user mailed. */
export const dailyReportRunKey = (date: string) => ["daily_report_runs", date];
/** A daily report sent to a user on a local date: [date, userId]. */
export const dailyReportSentKey = (
  date: string,
  userId: string,
) => ["daily_report_sent", date, userId];

// ── reports (the mapping is lib/db/report_keys.ts, scopes documented there) ──
/** KvU64 report counters: [scope, marketProjectId, …] (current totals and hour/day deltas). */
export const reportCounterKey = (...p: Part[]) => [T.report_counters, ...p];
/**
 * The funnel's cells packed (lib/db/report_funnel_packs.ts): [scope, marketProjectId, (clubId for
 * fxd/fxm,) day or month, chunk] → {cell: {metric: count}}.
 */
export const funnelPackKey = (...p: Part[]) => [T.report_funnel, ...p];
/** Whether a project's funnel cells are packed: [marketProjectId] → {state, by}. */
export const funnelPackStateKey = (mp: number) => ["report_funnel_state", mp];
/** Every project's pack state. */
export const funnelPackStatePrefix = () => ["report_funnel_state"];
/** Set once every project's funnel cells are packed: new projects start packed. */
export const funnelPacksOnKey = () => ["report_funnel_on"];
/** Sell-status stints by start: [marketProjectId, clubId, startIso, prospectId] → {s, from, end}. */
export const reportStintKey = (...p: Part[]) => [T.report_stints, ...p];
/** Sell-status changes by time: [marketProjectId, atIso, prospectId] → clubId (window edges). */
export const reportChangeAtKey = (...p: Part[]) => [T.report_changes_at, ...p];
/** How far a project's change-time index is pruned: [marketProjectId] → the instant (ISO). */
export const reportChangesPrunedKey = (...p: Part[]) => ["report_changes_pruned", ...p];
/**
 * A past instant's report values, kept once computed (they never change: every write happens
 * "now"): [kind, marketProjectId, asOf ISO, …]. Kinds in lib/db/report_status.ts, report_changes.ts, report_ages.ts and report_project.ts.
 */
export const reportSnapshotKey = (...p: Part[]) => [T.report_snapshots, ...p];
/** The time zone whose local dates the report counters' day buckets are (lib/db/report_zone.ts). */
export const reportZoneKey = () => ["report_zone"];
/**
 * The last local midnight up to which every midnight's report values of a project are kept
 * (keepMidnights): the day buckets and stints before it are pruned.
 */
export const reportKeptKey = (mp: number) => ["report_kept", mp];
/**
 * The instant from which every write has added the district day buckets (`sdd`) by the clubs'
 * districts of today: set by the baseline, a rebuild of the report keys and every change of a
 * club's district (lib/db/report_districts.ts districtsToday).
 */
export const reportDistrictsFromKey = () => ["report_districts", "from"];
/**
 * A write's report counter deltas in one project, not yet added to the counters:
 * [mp, ulid] → [[scope, …rest, delta], …] for ["report_counters", scope, mp, …rest]
 * (lib/db/report_pending.ts).
 */
export const reportPendingKey = (mp: number, id: string) => [T.report_pending, mp, id];
/** Pending report counter deltas (lib/db/report_pending.ts): [marketProjectId, …]. */
export const reportPendingPrefix = (...p: Part[]) => [T.report_pending, ...p];
/** The nightly snapshot run of a local date (lib/services/report_snapshots.ts). */
export const reportSnapshotRunKey = (date: string) => ["report_snapshot_runs", date];
/**
 * A prospect entering (1) or leaving (0) a project's live prospects, by registration:
 * [mp, registerIso, prospectId, atIso] → 1 | 0 (status-project firstProspectIn).
 */
export const reportFirstInKey = (...p: Part[]) => [T.report_first_in, ...p];

export type { Part };

// ── live changes (what changed, for the live desk's event streams) ─────────
/** A short-lived entry per prospect change, per club: [clubId, ulid] → the change. */
export const clubChangeKey = (clubId: number, id: string) => ["club_changes", clubId, id];
export const clubChangesPrefix = (clubId: number) => ["club_changes", clubId];
/** The club's latest change id, the key a stream watches or polls: [clubId]. */
export const clubLatestChangeKey = (clubId: number) => ["club_changes_latest", clubId];
/** A user's open event streams: [userId] → stream id → last seen (ms). */
export const eventStreamsKey = (userId: string) => ["event_streams", userId];

// ── the notification centre: lib/db/notifications.ts ──
/** A user's in-app notification: [userId, ulid] → the record (expires after 30 days). */
export const userNotificationKey = (userId: string, id: string) => ["notifications", userId, id];
/** A user's in-app notifications, oldest first. */
export const userNotificationsPrefix = (userId: string) => ["notifications", userId];
/** A user's unread notification (the count's source): [userId, ulid] → true. */
export const userUnreadKey = (userId: string, id: string) => ["notifications_unread", userId, id];
/** A user's unread notifications. */
export const userUnreadPrefix = (userId: string) => ["notifications_unread", userId];
/** The user's latest notification change, the key a stream watches or polls: [userId]. */
export const userNotificationsLatestKey = (userId: string) => ["notifications_latest", userId];
/**
 * An unassigned web lead waiting for an opted-in user's summary of a 15-minute window:
 * [window, userId, prospectId] → the queued notification's id.
 */
export const leadDigestKey = (window: number, userId: string, prospectId: string) => [
  "lead_digest",
  window,
  userId,
  prospectId,
];
/** Every waiting web-lead summary entry, by window. */
export const leadDigestPrefix = () => ["lead_digest"];
/** The summary of a window sent to a user by a channel (claimed before sending). */
export const leadDigestSentKey = (userId: string, window: number, channel: "email" | "sms") => [
  "lead_digest_sent",
  userId,
  window,
  channel,
];
