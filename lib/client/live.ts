/**
 * The live desk in the browser: one EventSource on `/api/events` per page, shared by every island
 * that listens. Change events (created, changed, deleted) reach their handlers in small batches;
 * `notification` events carry the user's unread count. The browser reconnects by itself and sends
 * the last event id, so no change is missed across a dropped connection.
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

type ChangeHandler = (changes: LiveChange[]) => void;
type NotificationHandler = (n: { unread: number }) => void;

const changeHandlers = new Set<ChangeHandler>();
const notificationHandlers = new Set<NotificationHandler>();
let source: EventSource | null = null;
let batch: LiveChange[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

function close() {
  clearTimeout(timer);
  source?.close();
  source = null;
}

/** Opens the page's stream unless it is open. */
function open() {
  if (source) return;
  source = new EventSource("/api/events");
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
      for (const h of changeHandlers) h(changes);
    }, BATCH_MS);
  };
  for (const type of ["created", "changed", "deleted"]) source.addEventListener(type, take);
  source.addEventListener("notification", (e) => {
    try {
      const n = JSON.parse((e as MessageEvent).data) as { unread: number };
      for (const h of notificationHandlers) h(n);
    } catch { /* a malformed event is skipped */ }
  });
  addEventListener("pagehide", close, { once: true });
}

function subscribe<T>(set: Set<T>, handler: T): () => void {
  if (typeof EventSource === "undefined") return () => {};
  set.add(handler);
  open();
  return () => {
    set.delete(handler);
    if (!changeHandlers.size && !notificationHandlers.size) close();
  };
}

/** Subscribes to the changes; answers the function that unsubscribes. */
export function onLiveChanges(handler: ChangeHandler): () => void {
  return subscribe(changeHandlers, handler);
}

/** Subscribes to the user's unread count as it changes; answers the function that unsubscribes. */
export function onNotifications(handler: NotificationHandler): () => void {
  return subscribe(notificationHandlers, handler);
}
