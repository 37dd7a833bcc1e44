#!/usr/bin/env node
// Builds the bench's server processes (bench/*-child.ts and what they import) to .bench-build/ as tsc emits them, as
// the package's dist/ is built: the figures are those of the server users run. tsx, which runs the rest of the bench,
// transforms with esbuild's keepNames, wrapping every closure a handler creates in a naming call the shipped code
// does not make.
import { cpSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { DATA_DIRS } from "./data-dirs.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
rmSync(`${root}.bench-build`, { recursive: true, force: true });
execFileSync(process.execPath, [tsc, "-p", `${root}tsconfig.bench.json`], { stdio: "inherit" });
for (const dir of DATA_DIRS) cpSync(`${root}${dir}`, `${root}.bench-build/${dir}`, { recursive: true });
