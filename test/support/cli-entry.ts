/**
 * How the project's tests start the CLI: the TypeScript entry through tsx, so they test the code as it stands in
 * the tree (the built package's bin is proven by the installed-package check, scripts/installed-check.mjs).
 */
export const CLI = ["--import", "tsx", new URL("../../src/cli/entry.ts", import.meta.url).pathname];
