/** A market project as CSV for a warehouse: API field names and values, ISO times with offset. */
import type { Api } from "./client.ts";

export async function exportProject(api: Api, marketProjectId: number): Promise<string> {
  const { data, response } = await api.GET("/api/prospects", {
    params: {
      query: { marketProjectId, showCompleted: true, format: "csv", columns: "api" },
    },
    parseAs: "text",
  });
  if (!response.ok || typeof data !== "string") throw new Error(`HTTP ${response.status}`);
  return data;
}
