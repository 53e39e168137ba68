/** The member system learns of new members: members among the changes since the last run. */
import type { Api } from "./client.ts";

export async function newMembers(api: Api, cursor: string | undefined) {
  const members: { id: string; name: string; phone: string; clubId: number }[] = [];
  for (let more = true; more;) {
    const { data } = await api.GET("/api/prospects/changes", {
      params: { query: { limit: 1000, ...(cursor ? { after: cursor } : {}) } },
    });
    if (!data) throw new Error("the feed did not answer");
    for (const p of data.items) {
      if ("sellStatus" in p && p.sellStatus === "Member" && !p.deleted) {
        members.push({
          id: p.id,
          name: `${p.firstName} ${p.lastName}`,
          phone: p.phoneNumber,
          clubId: p.clubId,
        });
      }
    }
    cursor = data.cursor ?? cursor;
    more = data.hasMore;
  }
  return { members, cursor };
}
