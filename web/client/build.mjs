// Bundles every top-level src/*.ts (one page each) with esbuild into the output directory, as
// <name>-<hash>.js and <name>-<hash>.css (long-cacheable names), and writes manifest.json: each entry's
// files and the digest of the sources they were built from (web/bundle.py compares it to skip a build).
// Usage: node build.mjs <outdir> <sources digest>
import * as esbuild from "esbuild";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";

const [outdir, digest] = process.argv.slice(2);
const src = new URL("./src/", import.meta.url).pathname;
const entryPoints = readdirSync(src).filter((name) => name.endsWith(".ts")).map((name) => join(src, name));

mkdirSync(outdir, { recursive: true });
for (const name of readdirSync(outdir)) rmSync(join(outdir, name), { recursive: true, force: true });
const result = await esbuild.build({
  entryPoints,
  outdir,
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2020",
  entryNames: "[name]-[hash]",
  assetNames: "[name]-[hash]",
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
}).catch(() => process.exit(1)); // esbuild has printed what is wrong and where
const entries = {};
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (!output.entryPoint) continue;
  const entry = basename(output.entryPoint, ".ts");
  entries[entry] = { js: relative(outdir, file), ...(output.cssBundle ? { css: relative(outdir, output.cssBundle) } : {}) };
}
writeFileSync(join(outdir, "manifest.json"), JSON.stringify({ sources: digest, entries }, null, 1) + "\n");
