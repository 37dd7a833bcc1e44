#!/usr/bin/env node
// Builds the package: TypeScript to dist/ (JavaScript and declarations, the source tree's layout kept so that
// relative paths between code and data hold in both), then the data files the code reads at run time.
import { cpSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { DATA_DIRS } from "./data-dirs.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
rmSync(`${root}dist`, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, "-p", `${root}tsconfig.build.json`], { stdio: "inherit" });
for (const dir of DATA_DIRS) cpSync(`${root}${dir}`, `${root}dist/${dir}`, { recursive: true });
// The suites' tests as data for `list` (src/expect/test-index.ts), so that listing them imports no suite.
await (await import(new URL("../dist/src/expect/test-index.js", import.meta.url).href)).writeTestIndex();
