import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { colourOn, paintSummary, palette } from "../../src/cli/colour.ts";
import { optionsOf, parseOptions } from "../../src/cli/options.ts";
import { COMMANDS } from "../../src/cli/specs/index.ts";
import { RUN } from "../../src/cli/specs/run.ts";
import { SERVE } from "../../src/cli/specs/serve.ts";
import { MAX_FEATURE_LEVEL, MIN_FEATURE_LEVEL } from "../../reference-server/server.ts";
import { closest, editDistance } from "../../src/cli/suggest.ts";
import { CLI } from "../support/cli-entry.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const ESC = "\x1b[";

/** The CLI with piped output and a colour environment of the test's choosing (none inherited). */
function cli(args: string[], env: Record<string, string> = {}) {
  const base = { ...process.env };
  delete base.NO_COLOR;
  delete base.FORCE_COLOR;
  const r = spawnSync(process.execPath, [...CLI, ...args], { encoding: "utf8", timeout: 60_000, cwd: ROOT, env: { ...base, ...env } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The options a help text lists: name → its line, from the "Options:" section only (descriptions name others). */
function helpOptions(help: string): Map<string, string> {
  const section = help.split(/^Options:$/m)[1] ?? "";
  const shown = new Map<string, string>();
  for (const line of section.split("\n")) {
    const m = /^\s+(?:-\w, )?--([a-z][a-z0-9-]*)/.exec(line);
    if (m) shown.set(m[1]!, line);
  }
  return shown;
}

describe("every command's --help shows exactly the options its table gives parseArgs", () => {
  for (const spec of COMMANDS) {
    it(spec.name, () => {
      const r = cli([spec.name, "--help"]);
      expect(r.code, r.err).toBe(0);
      expect(r.err).toBe("");
      expect(r.out).toMatch(new RegExp(`^Usage: chat-conformance ${spec.name}\\b`));
      const shown = helpOptions(r.out);
      const table = optionsOf(spec);
      expect([...shown.keys()].sort()).toEqual(Object.keys(table).sort());
      for (const [name, o] of Object.entries(table)) {
        const line = shown.get(name)!;
        expect(line, name).toContain(o.description);
        if (o.type === "string") expect(line, name).toContain(`--${name} ${o.value}`);
        if (o.default !== undefined) expect(line, name).toContain(`[default: ${o.default}]`);
      }
    });
  }

  it("the table is what the parser accepts: every option parses, and --help with it", () => {
    for (const spec of COMMANDS) {
      for (const [name, o] of Object.entries(spec.options)) {
        const argv = o.type === "string" ? [`--${name}`, "x"] : [`--${name}`];
        expect(() => parseOptions(spec, [...argv, "-h"]), `${spec.name} --${name}`).not.toThrow();
      }
    }
  });

  it("run shows the feature level's range and default, which are the reference server's", () => {
    const line = helpOptions(cli(["run", "--help"]).out).get("feature-level");
    expect(line).toMatch(/--feature-level N +the embedded reference server's level \(153–372\) \[default: 372\]$/);
    for (const spec of [RUN, SERVE]) {
      expect(spec.options["feature-level"].default).toBe(String(MAX_FEATURE_LEVEL));
      expect(spec.options["feature-level"].description).toContain(`(${MIN_FEATURE_LEVEL}–${MAX_FEATURE_LEVEL})`);
    }
  });

  it("`help COMMAND` and `COMMAND -h` say what `COMMAND --help` says", () => {
    const want = cli(["serve", "--help"]).out;
    for (const r of [cli(["help", "serve"]), cli(["serve", "-h"]), cli(["serve", "--port", "1", "--nonsense", "-h"])]) {
      expect(r.code, r.err).toBe(0);
      expect(r.out).toBe(want);
    }
  });
});

describe("the top level", () => {
  it("--help lists every command with its one line, exit 0", () => {
    const r = cli(["--help"]);
    expect(r.code).toBe(0);
    for (const spec of COMMANDS) expect(r.out).toMatch(new RegExp(`^  ${spec.name} +${spec.summary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m"));
  });

  it("--version and -v print package.json's version, exit 0", () => {
    const version = (JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { version: string }).version;
    for (const flag of ["--version", "-v"]) {
      const r = cli([flag]);
      expect(r.code).toBe(0);
      expect(r.out).toBe(`${version}\n`);
    }
  });
});

describe("a misspelling names the closest valid word, exit 2, one line", () => {
  it.each([
    [["serv"], "chat-conformance: unknown command 'serv'; did you mean serve?"],
    [["run", "--featur-level", "300"], "chat-conformance: Unknown option '--featur-level' for run; did you mean --feature-level?"],
    [["serve", "--prot", "0"], "chat-conformance: Unknown option '--prot' for serve; did you mean --port?"],
    [["--verison"], "chat-conformance: Unknown option '--verison'; did you mean --version?"],
    [["help", "lst"], "chat-conformance: unknown command 'lst'; did you mean list?"],
  ])("%j", (args, message) => {
    const r = cli(args);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toBe(`${message}\n`);
  });

  it("suggests nothing when nothing is close", () => {
    expect(
      closest(
        "--no-such-flag",
        Object.keys(optionsOf(COMMANDS[0]!)).map((n) => `--${n}`),
      ),
    ).toBeUndefined();
    expect(
      closest(
        "frobnicate",
        COMMANDS.map((c) => c.name),
      ),
    ).toBeUndefined();
    expect(closest("-x", ["-h"])).toBeUndefined();
    expect(closest("--feature", ["--feature-level", "--fault"])).toBe("--feature-level");
    expect(editDistance("--verison", "--version")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
  });
});

describe("colour", () => {
  it("only on a terminal, never with NO_COLOR, forced by FORCE_COLOR (unless 0)", () => {
    expect(colourOn({ isTTY: true }, {})).toBe(true);
    expect(colourOn({ isTTY: false }, {})).toBe(false);
    expect(colourOn({}, {})).toBe(false);
    expect(colourOn({ isTTY: true }, { NO_COLOR: "1" })).toBe(false);
    expect(colourOn({ isTTY: true }, { NO_COLOR: "1", FORCE_COLOR: "1" })).toBe(false);
    expect(colourOn({ isTTY: true }, { TERM: "dumb" })).toBe(false);
    expect(colourOn({ isTTY: false }, { FORCE_COLOR: "1" })).toBe(true);
    expect(colourOn({ isTTY: true }, { FORCE_COLOR: "0" })).toBe(false);
  });

  it("piped output and NO_COLOR carry no escape codes; FORCE_COLOR does (so the check can fail)", () => {
    const piped = cli(["run", "--help"]);
    const noColour = cli(["run", "--help"], { NO_COLOR: "1", FORCE_COLOR: "1" });
    const forced = cli(["run", "--help"], { FORCE_COLOR: "1" });
    for (const r of [piped, noColour, cli(["serv"], { NO_COLOR: "1" })]) expect(r.out + r.err).not.toContain(ESC);
    expect(forced.out).toContain(`${ESC}1mOptions:${ESC}22m`);
  });

  it("the summary's verdict is coloured by its state, and left plain without colour", () => {
    const summary = "Target:   x\nResult:   NOT CONFORMING (2 must-clause problems, 0 should-clause failures)\n";
    expect(paintSummary(summary, "red", palette(false))).toBe(summary);
    expect(paintSummary(summary, "red", palette(true))).toBe(
      `Target:   x\nResult:   ${ESC}1m${ESC}31mNOT CONFORMING${ESC}39m${ESC}22m (2 must-clause problems, 0 should-clause failures)\n`,
    );
  });
});
