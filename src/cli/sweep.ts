import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { isFaultId } from "../../reference-server/faults.ts";
import { FIRST_LEVEL, LAST_LEVEL } from "../catalog/words.ts";
import { VERSION } from "../layout.ts";
import { catalog } from "../catalog/catalog.ts";
import { testsEventCoverage } from "../expect/state/coverage.ts";
import { buildSweepResults, isSweepProblem } from "../results/sweep-build.ts";
import { levelRanges, renderSweepSummary } from "../report/sweep-summary.ts";
import { renderSweepHtml } from "../report/sweep-html.ts";
import { runSweep } from "../run/sweep.ts";
import { checkFilterOption } from "./filter-option.ts";
import { shardLine, shardOption } from "./shard-option.ts";
import { parseOptions } from "./options.ts";
import { checkOutDir } from "./out-option.ts";
import { SWEEP, SWEEP_OUT } from "./specs/sweep.ts";
import { intOption, UsageError, type Io } from "./usage.ts";

/** `sweep`: the suites at every level of a range; writes sweep.json and sweep.html and returns the exit code. */
export async function sweepCommand(argv: string[], io: Io): Promise<number> {
  const { values } = parseOptions(SWEEP, argv);
  const from = intOption("from", values.from, FIRST_LEVEL, LAST_LEVEL) ?? FIRST_LEVEL;
  const to = intOption("to", values.to, FIRST_LEVEL, LAST_LEVEL) ?? LAST_LEVEL;
  if (from > to) throw new UsageError(`--from ${from} is above --to ${to}`);
  const workers = intOption("workers", values.workers, 1, 64) ?? Math.max(1, availableParallelism());
  const faults = values.fault ?? [];
  for (const f of faults) if (!isFaultId(f)) throw new UsageError(`unknown fault '${f}' (chat-conformance list --faults lists them)`);
  await checkFilterOption(values.filter);
  const shard = await shardOption(values.shard, values.durations, values.filter, { from, to });
  const outDir = checkOutDir("--out", values.out ?? SWEEP_OUT, ["sweep.json", "sweep.html"]);
  const startedAt = new Date();
  io.err(
    `chat-conformance: sweeping FL ${from}–${to} (${to - from + 1} levels) with ${workers} worker${workers === 1 ? "" : "s"}${shard ? `, shard ${shardLine(shard)}` : ""}`,
  );
  const run = await runSweep({
    from,
    to,
    workers,
    ...(values.filter ? { filter: values.filter } : {}),
    faults,
    ...(shard ? { shard } : {}),
    onChunk: (c) => {
      const bad = c.tests.filter((t) => isSweepProblem(t.status));
      const levels = [...new Set(bad.map((t) => t.atLevel!))].sort((a, b) => a - b);
      io.err(
        `  FL ${c.levels[0]}–${c.levels[c.levels.length - 1]}: ${c.tests.length} test runs, ${bad.length} problems${bad.length ? ` (at FL ${levelRanges(levels)})` : ""} · ${(c.wallMs / 1000).toFixed(1)} s`,
      );
    },
  });
  const results = buildSweepResults({
    run,
    eventCoverage: testsEventCoverage(catalog(), run.tests),
    startedAt,
    tool: { name: "chat-conformance", version: VERSION },
    from,
    to,
    ...(values.filter ? { filter: values.filter } : {}),
    faults,
    ...(shard
      ? {
          shard: {
            index: shard.index,
            count: shard.count,
            files: shard.files,
            filter: values.filter?.length ? values.filter : null,
            durations: shard.durations,
            reckonedMs: shard.reckonedMs,
          },
        }
      : {}),
  });
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "sweep.json"), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(outDir, "sweep.html"), renderSweepHtml(results));
  io.out(renderSweepSummary(results));
  for (const m of results.moduleErrors) io.err(`suite error: ${m}`);
  io.out(`reports: ${join(outDir, "sweep.json")}, ${join(outDir, "sweep.html")}`);
  return results.redLevels.length === 0 && results.moduleErrors.length === 0 ? 0 : 1;
}
