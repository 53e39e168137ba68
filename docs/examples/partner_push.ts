/**
 * A partner's leads pushed in: each create carries an Idempotency-Key made from the partner's own
 * lead id, so a retry after a timeout or a 429 never makes a second record.
 */
import type { Api } from "./client.ts";

export interface PartnerLead {
  ref: string;
  firstName: string;
  lastName: string;
  phone: string;
  clubId: number;
}

export async function pushLeads(api: Api, marketProjectId: number, leads: PartnerLead[]) {
  const ids: string[] = [];
  for (const lead of leads) {
    for (let attempt = 1;; attempt++) {
      try {
        const { data, response } = await api.POST("/api/prospects", {
          params: { header: { "Idempotency-Key": `partner-${lead.ref}` } },
          body: {
            firstName: lead.firstName,
            lastName: lead.lastName,
            phoneNumber: lead.phone,
            clubId: lead.clubId,
            marketProjectId,
            allowDuplicate: true,
          },
        });
        if (data) {
          ids.push(data.id);
          break;
        }
        if (response.status !== 429 || attempt === 5) throw new Error(`HTTP ${response.status}`);
        const wait = Number(response.headers.get("Retry-After") ?? "1");
        await new Promise((r) => setTimeout(r, wait * 1000));
      } catch (e) {
        if (attempt === 5) throw e; // a timeout or a dropped connection: send it again
      }
    }
  }
  return ids;
}
