// The fake Discord's request checker: Discord's API description as the Zod schemas of the pinned
// discord-api-spec package, strict (unknown keys refused), run on what tests/fakediscord/schema.py sends.
//
// Protocol, one JSON document per line each way: in, a list of checks [label, type, value] where `type`
// is a TypeScript type expression from the package's `Paths` (a schema name, `Name[]`, a primitive, or a
// union of those with `|`); out, a list of problems ("label.path: message"), empty when all pass.
import { registerHooks } from "node:module";
import { createInterface } from "node:readline";

const strictZod = new URL("./strict-zod.mjs", import.meta.url).href;
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === "zod/mini" && context.parentURL?.includes("/node_modules/discord-api-spec/")) {
      return { url: strictZod, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});

const z = await import("zod/mini");
const schemas = await import("discord-api-spec/zod");
z.config(z.locales.en());

const PRIMITIVES = { boolean: () => z.boolean(), number: () => z.number(), string: () => z.string(), null: () => z.null() };

function compileOne(type) {
  if (type.endsWith("[]")) return z.array(compileOne(type.slice(0, -2)));
  if (PRIMITIVES[type]) return PRIMITIVES[type]();
  const schema = schemas[`${type}Schema`];
  if (!schema) throw new Error(`discord-api-spec has no schema for the type ${type}`);
  return schema;
}

const compiled = new Map();
function compile(expression) {
  let schema = compiled.get(expression);
  if (!schema) {
    const options = expression.split("|").map((part) => compileOne(part.trim()));
    schema = options.length === 1 ? options[0] : z.union(options);
    compiled.set(expression, schema);
  }
  return schema;
}

// A union's complaint is that of its closest option: the one whose `type` literal matched, then the one
// with the fewest issues (zod reports every option's issues, which buries the useful one).
function describe(issue, prefix) {
  const path = [...prefix, ...issue.path];
  if (issue.code === "invalid_union" && issue.errors?.length) {
    const score = (issues) => [issues.some((i) => i.code === "invalid_value" && i.path.join(".") === "type") ? 1 : 0, issues.length];
    const best = issue.errors.reduce((a, b) => {
      const [sa, sb] = [score(a), score(b)];
      return sb[0] < sa[0] || (sb[0] === sa[0] && sb[1] < sa[1]) ? b : a;
    });
    return best.flatMap((inner) => describe(inner, path));
  }
  return [`${path.join(".")}: ${issue.message}`];
}

function check([label, type, value]) {
  let schema;
  try {
    schema = compile(type);
  } catch (error) {
    return [`${label}: ${error.message}`];
  }
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.flatMap((issue) => describe(issue, [label]));
}

for await (const line of createInterface({ input: process.stdin })) {
  process.stdout.write(`${JSON.stringify(JSON.parse(line).flatMap(check))}\n`);
}
