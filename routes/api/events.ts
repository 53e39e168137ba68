/**
 * GET /api/events: the live desk's Server-Sent Events. Each change of a prospect the caller may see
 * in their clubs is one event named by its type (created, changed, deleted) with
 * `{type, id, marketProjectId, clubId, source}` and an `id:` a client resumes from with
 * `Last-Event-ID`; a `notification` event (no id) carries the caller's unread count when their
 * notifications change; a comment line is the heartbeat. lib/services/live.ts finds the changes.
 */
import { openLiveFeed } from "@/lib/services/live.ts";
import type { ApiRouter } from "@/routes/api/define.ts";
import { HttpError } from "@/routes/errors.ts";

const encoder = new TextEncoder();

export function eventRoutes(r: ApiRouter) {
  r.add({
    method: "get",
    path: "/api/events",
    access: "user",
    tag: "prospects",
    summary:
      "Server-Sent Events (text/event-stream): created, changed and deleted prospects the caller " +
      "may see in their clubs (resume with Last-Event-ID), and `notification` with {unread} when " +
      "the caller's notifications change",
    streams: true,
    otherStatuses: {
      "406": "the request does not accept text/event-stream",
      "429": "the user has the most streams open already",
    },
    handler: async (c, { user }) => {
      if (!(c.req.header("accept") ?? "").includes("text/event-stream")) {
        throw new HttpError(406, "NOT_ACCEPTABLE", "errors.notAcceptable");
      }
      const { kv, config } = c.get("deps");
      const abort = new AbortController();
      c.req.raw.signal?.addEventListener("abort", () => abort.abort(), { once: true });
      const feed = await openLiveFeed({
        kv,
        user: user!,
        lastEventId: c.req.header("last-event-id") ?? null,
        heartbeatMs: config.events.heartbeatMs,
        maxStreams: config.events.maxStreams,
        poll: !config.kvUrl && config.kvPath !== "" && config.kvPath !== ":memory:",
        signal: abort.signal,
      });
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          // A client reconnects after this long when the connection drops.
          controller.enqueue(encoder.encode("retry: 2000\n: open\n\n"));
          try {
            for await (const e of feed) {
              const text = e.kind === "heartbeat"
                ? ": heartbeat\n\n"
                : e.kind === "notification"
                ? `event: notification\ndata: ${JSON.stringify(e.data)}\n\n`
                : `id: ${e.eventId}\nevent: ${e.data.type}\ndata: ${JSON.stringify(e.data)}\n\n`;
              controller.enqueue(encoder.encode(text));
            }
            controller.close();
          } catch {
            // the client went away while an event was being sent
          }
        },
        cancel() {
          abort.abort();
        },
      });
      return new Response(body, {
        headers: {
          "Content-Type": "text/event-stream; charset=utf-8",
          "Cache-Control": "no-store",
          "X-Accel-Buffering": "no",
        },
      });
    },
  });
}
