/**
 * Outbound webhooks, admin only (docs/api.md): register an endpoint (its secret answered once),
 * list, change (enable/disable, events, URL, description), delete, ping, and its deliveries.
 */
import { z } from "zod";
import { WEBHOOK_EVENTS } from "@/lib/domain/webhooks.ts";
import {
  createWebhook,
  listWebhookViews,
  pingWebhook,
  removeWebhook,
  updateWebhook,
  webhookDeliveries,
} from "@/lib/services/webhooks.ts";
import type { ApiRouter } from "@/routes/api/define.ts";
import { servicesDeps } from "@/routes/api/auth.ts";

const events = z.array(z.enum(WEBHOOK_EVENTS, { error: "validation.invalidValue" }), {
  error: "validation.required",
}).min(1, "validation.required");
const url = z.string({ error: "validation.required" }).trim().min(1, "validation.required")
  .max(2000, "validation.invalidValue");
const description = z.string().trim().max(200, "validation.invalidValue").nullable().optional();

const createBody = z.object({
  url,
  events,
  description,
  includePersonalData: z.boolean({ error: "validation.invalidValue" }).optional(),
});
const updateBody = z.object({
  url: url.optional(),
  events: events.optional(),
  description,
  includePersonalData: z.boolean({ error: "validation.invalidValue" }).optional(),
  enabled: z.boolean({ error: "validation.invalidValue" }).optional(),
});
const endpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  description: z.string().nullable(),
  includePersonalData: z.boolean(),
  enabled: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string(),
  failingSince: z.string().nullable().describe("the first failure since the last success"),
  disabledReason: z.string().nullable().describe("set when the app disabled it (failing a day)"),
});
const delivery = z.object({
  id: z.string(),
  at: z.string(),
  eventId: z.string(),
  event: z.string(),
  statusCode: z.number().int().nullable().describe("null: no answer (refused, timeout, address)"),
  attempt: z.number().int(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});
const idParams = z.object({ id: z.string().min(1).max(64) });

export function webhookRoutes(r: ApiRouter) {
  r.add({
    method: "post",
    path: "/api/admin/webhooks",
    access: "admin",
    tag: "webhooks",
    summary:
      "Register an outbound webhook endpoint {url, events, description?, includePersonalData?}; answers its id and signing secret (shown only this once)",
    status: 201,
    body: createBody,
    response: endpoint.extend({ secret: z.string().describe("the signing secret, shown once") }),
    handler: async (c, { body, user }) =>
      c.json(await createWebhook(servicesDeps(c), user!, body), 201),
  });
  r.add({
    method: "get",
    path: "/api/admin/webhooks",
    access: "admin",
    tag: "webhooks",
    summary: "The registered webhook endpoints (never their secrets)",
    response: z.array(endpoint),
    handler: async (c, { user }) => await listWebhookViews(servicesDeps(c), user!),
  });
  r.add({
    method: "put",
    path: "/api/admin/webhooks/:id",
    access: "admin",
    tag: "webhooks",
    summary: "Change an endpoint: enabled, events, url, description, includePersonalData",
    params: idParams,
    body: updateBody,
    response: endpoint,
    handler: async (c, { params, body, user }) =>
      await updateWebhook(servicesDeps(c), user!, params.id, body),
  });
  r.add({
    method: "delete",
    path: "/api/admin/webhooks/:id",
    access: "admin",
    tag: "webhooks",
    summary: "Delete an endpoint and its delivery log",
    params: idParams,
    status: 204,
    handler: async (c, { params, user }) => {
      await removeWebhook(servicesDeps(c), user!, params.id);
    },
  });
  r.add({
    method: "post",
    path: "/api/admin/webhooks/:id/ping",
    access: "admin",
    tag: "webhooks",
    summary: "Send a signed `ping` event to the endpoint now; answers the delivery",
    params: idParams,
    response: delivery,
    handler: async (c, { params, user }) => await pingWebhook(servicesDeps(c), user!, params.id),
  });
  r.add({
    method: "get",
    path: "/api/admin/webhooks/:id/deliveries",
    access: "admin",
    tag: "webhooks",
    summary:
      "The endpoint's last deliveries, newest first: time, event, status code, attempt, duration",
    params: idParams,
    response: z.array(delivery),
    handler: async (c, { params, user }) =>
      await webhookDeliveries(servicesDeps(c), user!, params.id),
  });
}
