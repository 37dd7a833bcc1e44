import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stringifyEnvInfo, type Writer } from "allure-js-commons/sdk/reporter";
import AllureVitestReporter, { type AllureVitestReporterConfig } from "allure-vitest/reporter";
import type { Vitest } from "vitest/node";

/**
 * Allure's result files written plainly. allure-js-commons' own writer syncs each file to disk (fsync) before it
 * renames it into place: a file per test and one per exchange, thousands in a run, each blocking the process that
 * also serves the embedded reference server and drives vitest (seconds of a run). A run cut short leaves a report
 * nobody trusts whatever reached the disk, so the files need no such guarantee.
 */
export class PlainAllureWriter implements Writer {
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  private write(name: string, data: string | Buffer): void {
    writeFileSync(join(this.dir, name), data);
  }

  writeResult(result: Parameters<Writer["writeResult"]>[0]): void {
    this.write(`${result.uuid}-result.json`, JSON.stringify(result));
  }

  writeGroup(result: Parameters<Writer["writeGroup"]>[0]): void {
    this.write(`${result.uuid}-container.json`, JSON.stringify(result));
  }

  writeAttachment(distFileName: string, content: Buffer): void {
    this.write(distFileName, content);
  }

  writeAttachmentFromPath(distFileName: string, from: string): void {
    copyFileSync(from, join(this.dir, distFileName));
  }

  writeEnvironmentInfo(info: Parameters<Writer["writeEnvironmentInfo"]>[0]): void {
    this.write("environment.properties", stringifyEnvInfo(info));
  }

  writeCategoriesDefinitions(categories: Parameters<Writer["writeCategoriesDefinitions"]>[0]): void {
    this.write("categories.json", JSON.stringify(categories));
  }

  writeGlobals(distFileName: string, info: Parameters<Writer["writeGlobals"]>[1]): void {
    this.write(distFileName, JSON.stringify(info));
  }
}

/**
 * allure-vitest's reporter with the plain writer. Its options are allure-vitest's (categories, environmentInfo…),
 * as loosely typed as they were when vitest loaded the reporter by name.
 */
export class AllureReporter extends AllureVitestReporter {
  constructor(
    private readonly resultsDir: string,
    config: Record<string, unknown>,
  ) {
    super({ ...config, resultsDir } as AllureVitestReporterConfig);
  }

  override onInit(vitest: Vitest): void {
    super.onInit(vitest);
    // allure-vitest builds its runtime with the syncing writer and takes no other; the runtime's writer is a
    // public field. Should a later version keep its runtime elsewhere, the files are still written, only slower.
    const runtime = (this as unknown as { allureReporterRuntime?: { writer?: Writer } }).allureReporterRuntime;
    if (runtime?.writer !== undefined) runtime.writer = new PlainAllureWriter(this.resultsDir);
  }
}
