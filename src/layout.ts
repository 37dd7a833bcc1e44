import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where the product's files are, in both of its layouts: the clone (TypeScript under the repository root, run by
 * vitest and the tests) and the installed package (JavaScript under dist/, run by plain node). The code keeps the
 * source tree's shape in both, so code and the data it reads sit at the same relative paths; only the package root
 * and the suites' file extension differ.
 */

/** The folder holding src/, reference-server/ and suites/: the repository root, or the package's dist/. */
export const CODE_ROOT = fileURLToPath(new URL("../", import.meta.url));

/** "ts" in the clone, "js" in the built package. */
export const CODE_EXT: "ts" | "js" = import.meta.url.endsWith(".js") ? "js" : "ts";

/** The folder holding package.json: the repository root, or the installed package's folder. */
export const PACKAGE_ROOT = (() => {
  for (let dir = CODE_ROOT; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${CODE_ROOT}`);
  }
})();

const MANIFEST = JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")) as { version: string; bugs?: { url?: string } };

export const VERSION = MANIFEST.version;

/** Where problems with the tool are reported (package.json's bugs.url): the CLI's internal error names it. */
export const BUGS_URL: string | undefined = MANIFEST.bugs?.url;

/** A suite file's name as tests and reports know it (the source name, "suites/x/y.test.ts") in this layout. */
export const suitePathHere = (file: string): string => (CODE_EXT === "ts" ? file : file.replace(/\.ts$/, ".js"));

/** A suite file of this layout under the source name reports use. */
export const suiteSourceName = (file: string): string => file.replace(/\.test\.js$/, ".test.ts");
