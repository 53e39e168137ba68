/** /outbox: the stored e-mails and SMS for admins, outside production (DESIGN §5). */
import type { Hono } from "hono";
import { useT } from "@/lib/i18n/context.ts";
import { listOutbox, type OutboxEntry } from "@/lib/notify/mod.ts";
import { renderPage } from "@/routes/render.tsx";
import { requirePageAdmin } from "@/routes/pages/guard.ts";
import type { AppEnv } from "@/routes/env.ts";

/** Links in a text become clickable (verification and reset links). */
function Linked({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((p, i) =>
        /^https?:\/\//.test(p)
          ? <a key={i} href={p} class="break-all text-brand-600 underline">{p}</a>
          : <span key={i}>{p}</span>
      )}
    </>
  );
}

/** An instant as the outbox shows it: date and time to the second in the configured zone. */
const stamp = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short", timeStyle: "medium" })
    .format(new Date(iso));

function OutboxPage({ entries, timeZone }: { entries: OutboxEntry[]; timeZone: string }) {
  const t = useT();
  return (
    <section>
      <div class="mb-4 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 class="text-xl font-bold">{t("outbox.title")}</h1>
          <p class="text-sm text-slate-600">{t("outbox.text")}</p>
        </div>
        <a href="/outbox" class="btn btn-secondary">{t("outbox.refresh")}</a>
      </div>
      {entries.length === 0
        ? <p class="card p-6 text-center text-slate-500">{t("outbox.empty")}</p>
        : (
          <ul class="space-y-3" data-testid="outbox-list">
            {entries.map((e) => (
              <li key={e.id} class="card p-4" data-testid="outbox-entry">
                <div class="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-500">
                  <span class="rounded bg-slate-100 px-1.5 py-0.5 font-semibold uppercase">
                    {t(`outbox.channels.${e.channel}`)}
                  </span>
                  <span>{`${t("outbox.columns.to")}: ${e.to}`}</span>
                  <span>
                    {`${t("outbox.columns.created")}: ${stamp(e.createdAt, timeZone)}`}
                  </span>
                </div>
                {e.subject && <p class="mb-1 font-semibold">{e.subject}</p>}
                <pre class="whitespace-pre-wrap break-words font-sans text-sm text-slate-700"><Linked text={e.text} /></pre>
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}

export function outboxPage(app: Hono<AppEnv>) {
  app.get("/outbox", async (c) => {
    const { kv, config, now } = c.get("deps");
    if (!config.outboxReadable) return c.notFound();
    requirePageAdmin(c);
    const entries = await listOutbox(kv, { limit: 200, now: now() });
    return renderPage(c, <OutboxPage entries={entries} timeZone={config.timeZone} />, {
      title: "outbox.title",
    });
  });
}
