import type { Reporter, TestModule } from "vitest/node";
import type { TestMeta } from "../results/test-records.ts";
import { suiteSourceName } from "../layout.ts";

/**
 * A vitest reporter that keeps each test's conformance outcome (its task meta). A test that died before it
 * could record one (a crash in the harness) is kept as an error, so nothing vanishes from the report.
 */
export class ConformanceCollector implements Reporter {
  readonly tests: TestMeta[] = [];
  readonly moduleErrors: string[] = [];
  /**
   * Each suite file's time in ms, by its source name: what vitest spent on its module (preparing and importing it,
   * its hooks and its tests), what a shard of a later run is split by. Summed over the runs this collector sees.
   */
  readonly fileMs: Record<string, number> = {};

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    for (const mod of testModules) {
      for (const e of mod.errors()) this.moduleErrors.push(`${mod.moduleId}: ${e.message}`);
      const file = suiteSourceName(mod.relativeModuleId);
      const d = mod.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      this.fileMs[file] = (this.fileMs[file] ?? 0) + Math.round(ms);
      for (const test of mod.children.allTests()) {
        const meta = test.meta().conformance;
        if (meta) {
          this.tests.push(meta);
          continue;
        }
        const result = test.result();
        this.tests.push({
          id: test.fullName,
          title: test.name,
          file: mod.relativeModuleId,
          clauses: ["unknown"],
          status: "error",
          message: result.state === "failed" ? result.errors?.map((e) => e.message).join("\n") : `no outcome recorded (${result.state})`,
          exchanges: [],
          durationMs: test.diagnostic()?.duration ?? 0,
        });
      }
    }
  }
}
