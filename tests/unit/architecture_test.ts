/**
 * The module graph of the app has no cycle (issue #18): `deno info` over main.ts and the client
 * entry, our own files only, value and type imports alike. The layer rules themselves are a lint
 * rule (scripts/lint/shape.ts), checked by `deno task check`.
 */
import assert from "node:assert/strict";

interface Info {
  modules: {
    specifier: string;
    dependencies?: { code?: { specifier: string }; type?: { specifier: string } }[];
  }[];
}

const root = new URL("../../", import.meta.url).href;

async function graph(entry: string): Promise<Map<string, string[]>> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry],
    cwd: new URL(root).pathname,
    stdout: "piped",
    stderr: "null",
  }).output();
  assert.equal(out.code, 0, `deno info ${entry}`);
  const info: Info = JSON.parse(new TextDecoder().decode(out.stdout));
  const ours = (s: string) => s.startsWith(root) && !s.includes("/node_modules/");
  const edges = new Map<string, string[]>();
  for (const m of info.modules) {
    if (!ours(m.specifier)) continue;
    const deps = (m.dependencies ?? [])
      .flatMap((d) => [d.code?.specifier, d.type?.specifier])
      .filter((s): s is string => !!s && ours(s));
    edges.set(m.specifier, [...new Set(deps)]);
  }
  return edges;
}

/** A cycle as a list of files, or null. */
function findCycle(edges: Map<string, string[]>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (n: string): string[] | null => {
    if (state.get(n) === "done") return null;
    if (state.get(n) === "open") return [...stack.slice(stack.indexOf(n)), n];
    state.set(n, "open");
    stack.push(n);
    for (const d of edges.get(n) ?? []) {
      const c = visit(d);
      if (c) return c;
    }
    stack.pop();
    state.set(n, "done");
    return null;
  };
  for (const n of edges.keys()) {
    const c = visit(n);
    if (c) return c;
  }
  return null;
}

Deno.test("architecture: the server's and the client's module graphs have no cycle", async () => {
  for (const entry of ["main.ts", "islands/hydrate.ts"]) {
    const edges = await graph(entry);
    assert.ok(edges.size > 20, `${entry}: the graph was read`);
    const cycle = findCycle(edges);
    assert.equal(cycle?.map((s) => s.slice(root.length)).join(" → ") ?? null, null);
  }
});

Deno.test("architecture: the cycle finder finds a cycle", () => {
  const edges = new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", []]]);
  assert.deepEqual(findCycle(edges), ["a", "b", "c", "a"]);
  assert.equal(findCycle(new Map([["a", ["b"]], ["b", []]])), null);
});
