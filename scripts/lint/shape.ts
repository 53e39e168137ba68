/**
 * A `deno lint` plugin for the code's shape, run by `deno task check`:
 * - max-function-lines: no function in the app (lib/, routes/, islands/, components/, main.ts)
 *   over 120 lines. A longer one is split into named parts — components, hooks, route groups.
 * - max-module-lines: no module in lib/ over 600 lines (one concern per module).
 * - layers: imports follow the layers of docs/architecture.md — lib/domain imports only
 *   lib/domain; lib/db no services, jobs or auth; lib/jobs no lib/db (jobs call services); lib
 *   never islands/, routes/ or scripts/; routes never lib/db or lib/jobs (they call services);
 *   components never islands; islands and components no server code but types; main.ts no script.
 * - kv-in-db: Deno KV is used in lib/db only — no `.atomic()`, no get/getMany/list/set/delete/
 *   watch/enqueue on a KV handle (named `kv` or `….kv`), no `Deno.AtomicOperation` elsewhere in
 *   the app; lib/ throws domain errors, never HttpError (routes/errors.ts); in lib/ only the WAL checkpointer opens
 *   KV's SQLite file (`node:sqlite`), and no code there changes a schema (CREATE/DROP/ALTER).
 * - present-tense: comments in the app say why the code is as it is now — no issue, decision or
 *   migration numbers and no measuring rounds (the history is in git).
 * Tests and scripts are not checked.
 */
const MAX_LINES = 120;
/** A module of lib/ holds one concern: past this many lines it is split. */
const MAX_MODULE_LINES = 600;
const APP = /\/(lib|routes|islands|components)\/|\/main\.ts$/;

function check(ctx: Deno.lint.RuleContext, node: Deno.lint.Node, name: string) {
  if (!APP.test(ctx.filename) || /\/(tests|scripts)\//.test(ctx.filename)) return;
  const [from, to] = node.range;
  const lines = ctx.sourceCode.text.slice(from, to).split("\n").length;
  if (lines > MAX_LINES) {
    ctx.report({
      node,
      message: `${name} has ${lines} lines (at most ${MAX_LINES}): split it into named parts`,
    });
  }
}

/** [file pattern, forbidden import prefix, what to do instead] */
const LAYERS: [RegExp, RegExp, string][] = [
  [/\/lib\/domain\//, /^@\/(?!lib\/domain\/)/, "lib/domain is pure: import only lib/domain"],
  [/\/lib\/db\//, /^@\/lib\/(services|jobs|auth)\//, "lib/db is below services, jobs and auth"],
  [/\/lib\//, /^@\/(islands|routes|scripts)\//, "lib never imports islands/, routes/ or scripts/"],
  [/\/routes\//, /^@\/lib\/db\//, "routes call lib/services, never lib/db"],
  [/\/routes\//, /^@\/lib\/jobs\//, "routes call lib/services, never lib/jobs"],
  [/\/lib\/jobs\//, /^@\/lib\/db\//, "jobs call lib/services, never lib/db"],
  [/\/components\//, /^@\/islands\//, "components never import islands: a page places them"],
  [/\/main\.ts$/, /^@\/scripts\//, "main.ts imports no script"],
];
/** Islands and components may name server types, never load server code. */
const CLIENT = /\/(islands|components)\//;
const SERVER_ONLY = /^@\/(lib\/(db|services|auth|jobs|notify)|routes)\//;

function checkImport(ctx: Deno.lint.RuleContext, node: Deno.lint.ImportDeclaration) {
  if (/\/(tests|scripts)\//.test(ctx.filename)) return;
  const from = node.source.value;
  for (const [file, banned, why] of LAYERS) {
    if (file.test(ctx.filename) && banned.test(from)) {
      ctx.report({ node, message: `${from}: ${why}` });
    }
  }
  if (CLIENT.test(ctx.filename) && SERVER_ONLY.test(from) && node.importKind !== "type") {
    ctx.report({ node, message: `${from}: islands and components import server modules as types` });
  }
}

const KV_METHODS = new Set(["get", "getMany", "list", "set", "delete", "watch", "enqueue"]);
const outsideDb = (f: string) =>
  APP.test(f) && !/\/lib\/db\//.test(f) && !/\/(tests|scripts)\//.test(f);
const inLib = (f: string) => /\/lib\//.test(f) && !/\/(tests|scripts)\//.test(f);
const SQLITE_HOME = /\/lib\/db\/wal_checkpointer\.ts$/;
const DDL = /\b(CREATE|DROP|ALTER)\s+(UNIQUE\s+)?(INDEX|TABLE|TRIGGER|VIEW)\b/i;

/** `kv`, `ctx.kv`, `this.kv`, `deps.kv`: a KV handle by the name the app gives it. */
function isKvHandle(node: Deno.lint.Node): boolean {
  if (node.type === "Identifier") return /^(kv|raw|writer|reader)$/.test(node.name);
  if (node.type === "MemberExpression" && node.property.type === "Identifier") {
    return node.property.name === "kv";
  }
  return false;
}

function checkKvCall(ctx: Deno.lint.RuleContext, node: Deno.lint.CallExpression) {
  if (!outsideDb(ctx.filename)) return;
  const callee = node.callee;
  if (callee.type !== "MemberExpression" || callee.property.type !== "Identifier") return;
  const name = callee.property.name;
  if (name === "atomic" || (KV_METHODS.has(name) && isKvHandle(callee.object))) {
    ctx.report({
      node,
      message: `kv.${name}(): Deno KV is used in lib/db only; call a lib/db function`,
    });
  }
}

function checkKvImport(ctx: Deno.lint.RuleContext, node: Deno.lint.ImportDeclaration) {
  const f = ctx.filename;
  const from = node.source.value;
  if (inLib(f) && node.specifiers.some((s) => s.local.name === "HttpError")) {
    ctx.report({ node, message: "lib/ throws DomainError kinds; HttpError belongs to routes/" });
  }
  if (inLib(f) && from === "node:sqlite" && !SQLITE_HOME.test(f)) {
    ctx.report({ node, message: "only lib/db/wal_checkpointer.ts opens KV's SQLite file" });
  }
}

const HISTORY = /\b(issues? #?\d+|decisions? \d+|migrations? \d+|\w+th round)\b/i;

const plugin: Deno.lint.Plugin = {
  name: "shape",
  rules: {
    "max-module-lines": {
      create(ctx) {
        return {
          Program(node) {
            if (!/\/lib\//.test(ctx.filename) || /\/(tests|scripts)\//.test(ctx.filename)) return;
            const lines = ctx.sourceCode.text.split("\n").length;
            if (lines > MAX_MODULE_LINES) {
              ctx.report({
                node,
                message:
                  `this module has ${lines} lines (at most ${MAX_MODULE_LINES}): split it by concern`,
              });
            }
          },
        };
      },
    },
    "present-tense": {
      create(ctx) {
        return {
          Program(node) {
            if (!APP.test(ctx.filename) || /\/(tests|scripts)\//.test(ctx.filename)) return;
            for (const c of ctx.sourceCode.getAllComments()) {
              const m = HISTORY.exec(c.value);
              if (m) {
                ctx.report({
                  node,
                  range: c.range,
                  message: `"${m[0]}": comments describe the present; the history is in git`,
                });
              }
            }
          },
        };
      },
    },
    "kv-in-db": {
      create(ctx) {
        return {
          CallExpression(node) {
            checkKvCall(ctx, node);
          },
          ImportDeclaration(node) {
            checkKvImport(ctx, node);
          },
          TSQualifiedName(node) {
            if (
              outsideDb(ctx.filename) && node.left.type === "Identifier" &&
              node.left.name === "Deno" && node.right.name === "AtomicOperation"
            ) {
              ctx.report({ node, message: "Deno.AtomicOperation: atomics are built in lib/db" });
            }
          },
          Literal(node) {
            if (inLib(ctx.filename) && typeof node.value === "string" && DDL.test(node.value)) {
              ctx.report({ node, message: "no DDL: Deno KV's schema is its own" });
            }
          },
          TemplateElement(node) {
            if (inLib(ctx.filename) && DDL.test(node.raw ?? "")) {
              ctx.report({ node, message: "no DDL: Deno KV's schema is its own" });
            }
          },
        };
      },
    },
    layers: {
      create(ctx) {
        return {
          ImportDeclaration(node) {
            checkImport(ctx, node);
          },
        };
      },
    },
    "max-function-lines": {
      create(ctx) {
        return {
          FunctionDeclaration(node) {
            check(ctx, node, node.id?.name ?? "a function");
          },
          FunctionExpression(node) {
            check(ctx, node, "a function expression");
          },
          ArrowFunctionExpression(node) {
            check(ctx, node, "an arrow function");
          },
        };
      },
    },
  },
};
export default plugin;
