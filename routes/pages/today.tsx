/**
 * /today ("Idag"): the receptionist's desk, rendered on the server: today's list of the user's
 * clubs with its counts, each prospect with tap-to-call and SMS links, its urgency and an overdue
 * follow-up in words and colour. Admins may pick any club (a plain GET form). The TodayLive island
 * reads the list again when a change in the user's clubs comes in (no reload).
 */
import type { Hono } from "hono";
import { WebBadge } from "@/components/WebBadge.tsx";
import { SelectField } from "@/components/SelectField.tsx";
import { dialTarget, TODAY_CATEGORIES, type TodayCategory } from "@/lib/domain/prospect.ts";
import { isAdmin } from "@/lib/domain/user.ts";
import { useT } from "@/lib/i18n/context.ts";
import { getClubsByNumbers, listClubs, visibleProjects } from "@/lib/services/reference.ts";
import { todayForUser, type TodayItem } from "@/lib/services/today.ts";
import { assignProspect } from "@/lib/services/prospects.ts";
import { DomainError } from "@/lib/domain/errors.ts";
import { readForm } from "@/routes/pages/form_bridge.ts";
import { ACTIVITY_BADGE } from "@/islands/prospects/format.ts";
import { Island } from "@/components/Island.tsx";
import TodayLive from "@/islands/TodayLive.tsx";
import { renderPage } from "@/routes/render.tsx";
import { requirePageUser } from "@/routes/pages/guard.ts";
import type { AppEnv, Ctx } from "@/routes/env.ts";

interface TodayProps {
  items: TodayItem[];
  now: Date;
  clubs: { clubId: number; name: string }[];
  /** Admins: the club chosen in the form (null: their own clubs). */
  clubChoice: number | null | undefined;
  noClubs: boolean;
  /** The project "Nytt prospekt" opens: the one last chosen in the grid, else the first active. */
  newProject: number | null;
  /** Why "Ta" was refused (a message key), after the action sent the user back. */
  takeError: string | null;
  /** The one part of the list shown (a link from the chain overview), null for all. */
  show: TodayCategory | null;
}

/** The page shows the most urgent this many (the counts cover all; the API answers all). */
const TODAY_PAGE_CARDS = 100;

const URGENT_TEXT: Record<string, string> = {
  Escalated: "text-red-800",
  Notified: "text-amber-900",
  ToDo: "text-sky-900",
};

function Counts({ items }: { items: TodayItem[] }) {
  const t = useT();
  const count = (f: (p: TodayItem) => boolean) => items.filter(f).length;
  const due = (s: string) => (p: TodayItem) => !p.awaitingFirstContact && p.activityStatus === s;
  const cells: [string, number, string][] = [
    ["total", items.length, "text-slate-900"],
    ["web", count((p) => p.awaitingFirstContact), "text-violet-900"],
    ["Escalated", count(due("Escalated")), URGENT_TEXT.Escalated],
    ["Notified", count(due("Notified")), URGENT_TEXT.Notified],
    ["ToDo", count(due("ToDo")), URGENT_TEXT.ToDo],
    ["overdue", count((p) => p.overdue), "text-red-800"],
  ];
  return (
    <dl class="grid grid-cols-3 gap-2 sm:grid-cols-6" data-testid="today-counts">
      {cells.map(([k, n, cls]) => (
        <div key={k} class="card px-3 py-2" data-testid={`today-count-${k}`}>
          <dt class="text-xs text-slate-600">{t(`today.counts.${k}`)}</dt>
          <dd class={`text-xl font-bold ${cls}`}>{n}</dd>
        </div>
      ))}
    </dl>
  );
}

function TodayCard({ p, now }: { p: TodayItem; now: Date }) {
  const t = useT();
  const name = `${p.firstName} ${p.lastName}`.trim();
  const dial = dialTarget(p.phoneNumber);
  const open = `/prospects?${new URLSearchParams({
    marketProjectId: String(p.marketProjectId),
    search: p.phoneNumber,
  })}`;
  return (
    <li
      class={`card p-3 ${p.overdue ? "border-l-4 border-l-red-600" : ""}`}
      data-testid="today-item"
      data-id={p.id}
    >
      <div class="flex flex-wrap items-center gap-2">
        <h2 class="text-base font-semibold">{name}</h2>
        <WebBadge p={p} now={now} />
        {!p.awaitingFirstContact && (
          <span
            class={`rounded px-1.5 py-0.5 text-xs font-semibold ring-1 ${
              ACTIVITY_BADGE[p.activityStatus] ?? ""
            }`}
            data-testid="today-urgency"
          >
            {t(`today.urgency.${p.activityStatus}`)}
          </span>
        )}
      </div>
      <p class="text-sm text-slate-600">{`${p.marketProjectName} · ${p.clubName}`}</p>
      {p.overdue && (
        <p class="text-sm font-semibold text-red-800" data-testid="today-overdue">
          {t("today.overdue", { date: p.followUpDate })}
        </p>
      )}
      {!p.overdue && p.followUpDate && (
        <p class="text-sm text-slate-700">{t("today.followUp", { date: p.followUpDate })}</p>
      )}
      <p class="text-sm text-slate-600">
        {p.assignName ? t("today.assignedTo", { name: p.assignName }) : t("today.unassigned")}
      </p>
      {p.may?.assign && !p.assignId && (
        <form method="post" action="/today/take" class="mt-2">
          <input type="hidden" name="id" value={p.id} />
          <button
            type="submit"
            class="btn btn-primary min-h-10"
            aria-label={t("today.takeLabel", { name })}
            data-testid="today-take"
          >
            {t("today.take")}
          </button>
        </form>
      )}
      <div class="mt-2 flex flex-wrap items-center gap-2">
        <a
          href={`tel:${dial}`}
          class="btn btn-primary min-h-10"
          data-testid="today-call"
        >
          {t("today.call", { phone: p.phoneNumber })}
        </a>
        <a
          href={`sms:${dial}`}
          class="btn btn-secondary min-h-10"
          aria-label={t("today.smsTo", { name })}
          data-testid="today-sms"
        >
          {t("today.sms")}
        </a>
        <a href={open} class="inline-flex min-h-10 items-center text-sm text-brand-600 underline">
          {t("today.open")}
        </a>
      </div>
    </li>
  );
}

/** One field that finds a person in every project the user may see (the grid answers it). */
function FindCaller() {
  const t = useT();
  return (
    <form method="get" action="/prospects" role="search" class="flex flex-wrap items-end gap-2">
      <label class="flex min-w-0 flex-1 flex-col text-sm font-medium text-slate-700">
        {t("today.find.label")}
        <input
          type="search"
          name="search"
          required
          maxLength={100}
          autoComplete="off"
          aria-describedby="today-find-hint"
          class="input mt-1 min-h-10 w-full"
          data-testid="today-find"
        />
        <span id="today-find-hint" class="mt-1 text-xs font-normal text-slate-600">
          {t("today.find.hint")}
        </span>
      </label>
      <button type="submit" class="btn btn-primary mb-5 min-h-10" data-testid="today-find-submit">
        {t("today.find.submit")}
      </button>
    </form>
  );
}

function TodayPage(
  { items, now, clubs, clubChoice, noClubs, takeError, newProject, show }: TodayProps,
) {
  const t = useT();
  return (
    <section class="space-y-3" data-testid="today-page">
      <div class="flex flex-wrap items-center justify-between gap-2">
        <h1 class="text-xl font-bold">{t("today.title")}</h1>
        <a
          href={`/prospects?marketProjectId=${newProject ?? ""}#new-prospect`}
          class="btn btn-primary min-h-10"
          data-testid="today-new-prospect"
        >
          {t("prospects.newProspect")}
        </a>
      </div>
      {takeError && (
        <p role="alert" class="card border-red-300 p-3 text-red-800" data-testid="today-take-error">
          {t("today.takeError", { reason: t(takeError) })}
        </p>
      )}
      <p class="text-sm text-slate-600">{t("today.intro")}</p>
      <FindCaller />
      <Island name="TodayLive" component={TodayLive} props={{}} />
      {clubChoice !== undefined && (
        <form method="get" action="/today" class="flex flex-wrap items-end gap-2">
          <SelectField
            name="clubId"
            label={t("today.club")}
            value={clubChoice === null ? "" : String(clubChoice)}
            empty={t("today.allMyClubs")}
            options={clubs.map((c) => [String(c.clubId), c.name])}
            onChange={() => {}}
            testId="today-club"
          />
          <button type="submit" class="btn btn-secondary min-h-10">{t("today.show")}</button>
        </form>
      )}
      {show && (
        <p class="card flex flex-wrap items-center gap-2 p-3 text-sm" data-testid="today-showing">
          {t("today.showing", {
            part: t(`today.parts.${show}`),
            club: clubs.find((c) =>
              c.clubId === clubChoice
            )?.name ?? t("today.allMyClubs"),
          })}
          <a
            href={clubChoice ? `/today?clubId=${clubChoice}` : "/today"}
            class="text-brand-600 underline"
            data-testid="today-show-all"
          >
            {t("today.showAll")}
          </a>
        </p>
      )}
      {noClubs
        ? <p class="card p-4" data-testid="today-no-clubs">{t("today.noClubs")}</p>
        : (
          <div class="space-y-3" data-live-region>
            <Counts items={items} />
            {items.length === 0
              ? <p class="card p-4 text-center text-slate-600">{t("today.empty")}</p>
              : (
                <ul class="space-y-2" aria-label={t("today.listLabel")} data-testid="today-list">
                  {items.slice(0, TODAY_PAGE_CARDS).map((p) => (
                    <TodayCard key={p.id} p={p} now={now} />
                  ))}
                </ul>
              )}
            {items.length > TODAY_PAGE_CARDS && (
              <p class="text-sm text-slate-600" data-testid="today-more">
                {t("today.more", { shown: TODAY_PAGE_CARDS, total: items.length })}
              </p>
            )}
          </div>
        )}
    </section>
  );
}

async function todayPage(c: Ctx) {
  const user = requirePageUser(c);
  const { kv, config, now } = c.get("deps");
  const at = now();
  const admin = isAdmin(user);
  const raw = Number(c.req.query("clubId"));
  const clubId = admin && Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const part = c.req.query("show");
  const show = (TODAY_CATEGORIES as readonly string[]).includes(part ?? "")
    ? part as TodayCategory
    : null;
  const out = await todayForUser({ kv, config, now: at, user }, {
    clubId,
    show: show ?? undefined,
  });
  const [clubs, projects] = await Promise.all([
    admin ? listClubs(kv) : getClubsByNumbers(kv, out.clubIds),
    visibleProjects(kv, user, { active: true }),
  ]);
  const remembered = Number(c.get("userSettings")?.selectedMarketProjectId);
  const newProject = projects.find((p) => p.marketProjectId === remembered)?.marketProjectId ??
    projects[0]?.marketProjectId ?? null;
  return renderPage(
    c,
    <TodayPage
      items={out.items}
      now={at}
      clubs={clubs.map((cl) => ({ clubId: cl.clubId, name: cl.name }))}
      clubChoice={admin ? clubId ?? null : undefined}
      noClubs={out.clubIds.length === 0}
      takeError={takeErrorKey(c.req.query("takeError"))}
      newProject={newProject}
      show={show}
    />,
    { title: "today.title" },
  );
}

/** The message of a refused "Ta" by its code (only the codes it can answer; others read generic). */
function takeErrorKey(code: string | undefined): string | null {
  if (!code) return null;
  return [
      "ALREADY_ASSIGNED",
      "PROSPECT_DISABLED",
      "B2B_ONLY",
      "PROSPECT_ERASED",
      "WRITE_CONTENTION",
    ].includes(code)
    ? `prospects.errors.${code}`
    : "prospects.assignError";
}

/**
 * "Ta" (a plain form, before hydration too): the caller takes an unassigned prospect (the assign
 * service's rules: a prospect someone took meanwhile answers ALREADY_ASSIGNED) and lands on it in
 * the grid with its notes open.
 */
async function takeAction(c: Ctx) {
  const user = requirePageUser(c);
  const form = await readForm(c, 64);
  const { kv, config, now } = c.get("deps");
  try {
    const p = await assignProspect({ kv, config, now: now(), user }, form.id ?? "", {
      assignId: user.email,
      assignName: user.firstName,
    });
    const to = new URLSearchParams({
      marketProjectId: String(p.marketProjectId),
      customerId: String(p.customerId),
      notes: p.id,
    });
    return c.redirect(`/prospects?${to}`, 303);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return c.redirect(`/today?takeError=${encodeURIComponent(e.code)}`, 303);
  }
}

export function todayPages(app: Hono<AppEnv>) {
  app.get("/today", todayPage);
  app.post("/today/take", takeAction);
}
