/** Who is told about an activity transition: the pure rules of lib/domain/notifications.ts. */
import assert from "node:assert/strict";
import {
  categoryAllows,
  notificationKindFor,
  prospectLink,
  type Recipient,
  recipientsFor,
} from "@/lib/domain/notifications.ts";
import { reportDueAt } from "@/lib/services/daily_report.ts";

const user = (id: string, over: Partial<Recipient> = {}): Recipient => ({
  id,
  email: `${id}@example.se`,
  enabled: true,
  roles: ["ROLE_USER"],
  notificationCategoryId: "all",
  ...over,
});
const ids = (us: Recipient[]) => us.map((u) => u.id);
const open = { b2b: false };

Deno.test("only entering Notified or Escalated notifies", () => {
  assert.equal(notificationKindFor("ToDo", "Notified"), "notified");
  assert.equal(notificationKindFor("Notified", "Escalated"), "escalated");
  assert.equal(notificationKindFor("ToDo", "Escalated"), "escalated", "a skipped Notified");
  assert.equal(notificationKindFor("Notified", "Notified"), null, "staying is no transition");
  assert.equal(notificationKindFor("Paused", "ToDo"), null);
  assert.equal(notificationKindFor("Escalated", "ToDo"), null, "de-escalation is quiet");
  assert.equal(notificationKindFor("Escalated", "Notified"), null, "falling back is quiet");
  assert.equal(notificationKindFor("Done", "Notified"), "notified", "reopened and overdue");
  assert.equal(notificationKindFor(null, "Notified"), "notified");
  assert.equal(notificationKindFor("ToDo", "Done"), null);
});

Deno.test("categories: all gets both, escalations only gets escalations, none gets nothing", () => {
  assert.equal(categoryAllows("all", "notified"), true);
  assert.equal(categoryAllows("all", "escalated"), true);
  assert.equal(categoryAllows("escalationsOnly", "notified"), false);
  assert.equal(categoryAllows("escalationsOnly", "escalated"), true);
  assert.equal(categoryAllows("none", "notified"), false);
  assert.equal(categoryAllows("none", "escalated"), false);
  assert.equal(categoryAllows(null, "notified"), true, "no choice made counts as all");
});

Deno.test("Notified goes to the assignee only; unassigned to the club's subscribers", () => {
  const assignee = user("anna");
  const subs = [user("mia"), user("olle", { notificationCategoryId: "escalationsOnly" })];
  assert.deepEqual(ids(recipientsFor("notified", open, assignee, subs)), ["anna"]);
  assert.deepEqual(ids(recipientsFor("notified", open, null, subs)), ["mia"]);
  // An assignee who silenced reminders is not replaced by the subscribers: escalation reaches them.
  const quiet = user("anna", { notificationCategoryId: "none" });
  assert.deepEqual(ids(recipientsFor("notified", open, quiet, subs)), []);
  // A disabled assignee counts as no assignee.
  const gone = user("anna", { enabled: false });
  assert.deepEqual(ids(recipientsFor("notified", open, gone, subs)), ["mia"]);
});

Deno.test("Escalated goes to the club's subscribers by category, never the assignee alone", () => {
  const subs = [
    user("mia"),
    user("olle", { notificationCategoryId: "escalationsOnly" }),
    user("nils", { notificationCategoryId: "none" }),
    user("disabled", { enabled: false }),
    user("mia"), // listed twice: mailed once
  ];
  assert.deepEqual(ids(recipientsFor("escalated", open, user("anna"), subs)), ["mia", "olle"]);
  assert.deepEqual(ids(recipientsFor("escalated", open, null, [])), []);
});

Deno.test("a B2B user hears only about b2b prospects", () => {
  const b2b = user("berit", { roles: ["ROLE_B2B_USER"] });
  assert.deepEqual(ids(recipientsFor("escalated", { b2b: false }, null, [b2b])), []);
  assert.deepEqual(ids(recipientsFor("escalated", { b2b: true }, null, [b2b])), ["berit"]);
});

Deno.test("the link opens the prospect in the grid", () => {
  assert.equal(
    prospectLink("https://leads.example.se/", { marketProjectId: 7, customerId: 1234, clubId: 5 }),
    "https://leads.example.se/prospects?marketProjectId=7&customerId=1234&clubId=5&showCompleted=true",
  );
});

Deno.test("the daily report is due at 07:00 local time, also on DST change days", () => {
  const tz = "Europe/Stockholm";
  assert.equal(reportDueAt("2026-03-10", tz).toISOString(), "2026-03-10T06:00:00.000Z");
  assert.equal(reportDueAt("2026-03-29", tz).toISOString(), "2026-03-29T05:00:00.000Z");
  assert.equal(reportDueAt("2026-10-25", tz).toISOString(), "2026-10-25T06:00:00.000Z");
  assert.equal(reportDueAt("2026-07-01", tz).toISOString(), "2026-07-01T05:00:00.000Z");
});

Deno.test("a web lead's mail goes to its assignee only (the colleagues are told in the app)", () => {
  const anna = user("anna");
  const subs = [user("mia"), user("anna"), user("olle")];
  assert.deepEqual(ids(recipientsFor("webLead", open, anna, subs)), ["anna"]);
  assert.deepEqual(ids(recipientsFor("webLead", open, null, subs)), []);
  const quiet = user("anna", { notificationCategoryId: "none" });
  const quietSubs = [user("mia"), quiet, user("olle")];
  assert.deepEqual(ids(recipientsFor("webLead", open, quiet, quietSubs)), []);
  assert.deepEqual(ids(recipientsFor("webLeadAgain", open, anna, [user("mia")])), ["anna"]);
  assert.deepEqual(ids(recipientsFor("webLeadAgain", open, null, [user("mia")])), []);
});
