/**
 * A `deno lint` plugin for the code's shape (issue #18), run by `deno task check`:
 * - max-function-lines: no function in the app (lib/, routes/, islands/, components/, main.ts)
 *   over 120 lines. A longer one is split into named parts — components, hooks, route groups.
 * - layers: imports follow the layers of docs/architecture.md — lib/domain imports only
 *   lib/domain; lib/db no services, jobs or auth; lib never islands/, routes/ or scripts/; routes
 *   never lib/db (they call services); islands and components no server code but types; main.ts
 *   no script.
 * Tests and scripts are not checked.
 */
const MAX_LINES = 120;
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

const plugin: Deno.lint.Plugin = {
  name: "shape",
  rules: {
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
