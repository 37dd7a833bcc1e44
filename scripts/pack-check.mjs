#!/usr/bin/env node
// `npm run pack:check`: what the published tarball holds — its size and file count — and that it ships only what
// runs: compiled JavaScript with declarations, the suites, the data they read; never tests, benchmarks or sources.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const [pack] = JSON.parse(execFileSync(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
const files = pack.files.map((f) => f.path);
const problems = [];
for (const f of files) {
  if (/^(test|bench|scripts|facts|src|reference-server|suites|fixtures)\//.test(f)) problems.push(`${f}: outside dist/ (sources or project tests)`);
  else if (/(^|\/)node_modules\//.test(f)) problems.push(`${f}: a cache or dependency inside the package`);
  else if (/\.ts$/.test(f) && !/\.d\.ts$/.test(f)) problems.push(`${f}: TypeScript source`);
  else if (/^dist\/suites\/.*\.d\.ts$/.test(f)) problems.push(`${f}: declarations of a suite file`);
}
for (const needed of [
  "bin/chat-conformance.js",
  "dist/src/index.js",
  "dist/src/index.d.ts",
  "dist/src/cli/entry.js",
  "dist/src/catalog/data/levels.yaml",
  "dist/src/run/data/durations.json",
  "dist/facts/names.js",
  "dist/facts/data/zulip-api.json",
  "dist/fixtures/realm.json",
  "package.json",
  "README.md",
  "LICENSE",
]) {
  if (!files.includes(needed)) problems.push(`${needed}: missing`);
}
// Where a user reports a problem (the CLI's internal error asks them to) and finds the source; the license it declares.
const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
if (typeof manifest.bugs?.url !== "string" || !/^https:\/\//.test(manifest.bugs.url)) problems.push("package.json: no bugs.url");
if (typeof manifest.repository?.url !== "string") problems.push("package.json: no repository.url");
if (manifest.license !== "Apache-2.0" || !/Apache License\s+Version 2\.0/.test(readFileSync(new URL("../LICENSE", import.meta.url), "utf8")))
  problems.push("LICENSE: not the Apache-2.0 text package.json declares");
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
console.log(`${pack.filename}: ${kib(pack.size)} packed, ${kib(pack.unpackedSize)} unpacked, ${pack.entryCount} files`);
const byTop = {};
for (const f of files) {
  const top = f
    .split("/")
    .slice(0, f.startsWith("dist/") ? 2 : 1)
    .join("/");
  byTop[top] = (byTop[top] ?? 0) + 1;
}
for (const [top, n] of Object.entries(byTop).sort()) console.log(`  ${top.padEnd(24)} ${n}`);
if (problems.length) {
  console.error(`pack:check: ${problems.length} problem(s):\n  ${problems.slice(0, 20).join("\n  ")}`);
  process.exit(1);
}
