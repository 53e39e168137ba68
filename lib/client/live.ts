/**
 * The live desk in the browser: one EventSource on `/api/events` whose change events (created,
 * changed, deleted) reach the handler in small batches. The browser reconnects by itself and sends
 * the last event id, so nothing is missed across a dropped connection.
 */
export interface LiveChange {
  type: "created" | "changed" | "deleted";
  id: string;
  marketProjectId: number;
  clubId: number;
  source: string;
}

/** Changes arriving within this many ms are handled together (one reload for a burst). */
const BATCH_MS = 200;

/** Subscribes to the changes; answers the function that closes the stream. */
export function onLiveChanges(handler: (changes: LiveChange[]) => void): () => void {
  if (typeof EventSource === "undefined") return () => {};
  const source = new EventSource("/api/events");
  let batch: LiveChange[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const take = (e: MessageEvent) => {
    try {
      batch.push(JSON.parse(e.data) as LiveChange);
    } catch {
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => {
      const changes = batch;
      batch = [];
      handler(changes);
    }, BATCH_MS);
  };
  for (const type of ["created", "changed", "deleted"]) source.addEventListener(type, take);
  const close = () => {
    clearTimeout(timer);
    source.close();
  };
  addEventListener("pagehide", close, { once: true });
  return close;
}
