import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GenericContainer, getContainerRuntimeClient, Wait } from "testcontainers";
import { CLI } from "../support/cli-entry.ts";
import { describe, expect, it } from "vitest";
import { personasFromLog, serverConfigFromLog } from "../../src/target/container.ts";
import { ResultsSchema } from "../../src/results/schema.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const runtime = await getContainerRuntimeClient().then(
  () => true,
  () => false,
);

function cli(args: string[], timeout = 900_000) {
  const r = spawnSync(process.execPath, [...CLI, ...args], { encoding: "utf8", timeout, cwd: ROOT });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe("container target", () => {
  it("reads the personas from the first line an image prints with serve --json", () => {
    const line = JSON.stringify({
      url: "http://0.0.0.0:9991",
      featureLevel: 300,
      personas: { member: { email: "m@x.example", apiKey: "k".repeat(32), userId: 11 } },
    });
    expect(personasFromLog(line)).toEqual({ member: { email: "m@x.example", apiKey: "k".repeat(32), userId: 11 } });
    expect(personasFromLog("Starting server…")).toBeUndefined();
    expect(personasFromLog(JSON.stringify({ personas: {} }))).toBeUndefined();
    expect(serverConfigFromLog(JSON.stringify({ personas: {}, serverConfig: { jwtKey: "s3cret", canAccessAllUsersGroupLimitsPresence: false } }))).toEqual({
      jwtKey: "s3cret",
      canAccessAllUsersGroupLimitsPresence: false,
    });
    expect(serverConfigFromLog(JSON.stringify({ serverConfig: { jwtKey: 7 } }))).toBeUndefined();
  });

  it("--container-env that is not NAME=VALUE is exit code 2 with one line", () => {
    const r = cli(["run", "--container", "any-image", "--container-env", "NOEQUALS"], 60_000);
    expect(r.code).toBe(2);
    expect(r.err.trim()).toBe("chat-conformance: --container-env must be NAME=VALUE, got 'NOEQUALS'");
  });

  // Where a runtime exists this would try to pull the image instead; the next test covers that machine.
  it.skipIf(runtime)("without a container runtime, --container is exit code 2 naming the missing runtime", () => {
    const r = cli(["run", "--container", "chat-conformance-reference"], 60_000);
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toMatch(/--container needs a container runtime \(Docker or Podman\)/);
  });

  // No Docker engine on the development machines: this runs in CI jobs that have one, and is skipped here.
  it.skipIf(!runtime)(
    "builds the reference server's image and runs the server suites against it as a container target",
    async () => {
      await GenericContainer.fromDockerfile(ROOT).build("chat-conformance-reference:test", { deleteOnExit: false });
      const out = mkdtempSync(join(tmpdir(), "cc-container-"));
      const r = cli([
        "run",
        "--container",
        "chat-conformance-reference:test",
        "--container-env",
        "FEATURE_LEVEL=300",
        "--out",
        out,
        "--filter",
        "suites/server",
      ]);
      expect(r.code, r.out + r.err).toBe(0);
      const results = ResultsSchema.parse(JSON.parse(readFileSync(join(out, "results.json"), "utf8")));
      expect(results.target.kind).toBe("container");
      expect(results.target.featureLevel).toBe(300);
    },
    900_000,
  );

  // The same image is also the harness: `chat-conformance run --target` inside it, against a serve container beside it.
  it.skipIf(!runtime)(
    "the image runs the suites too: run --target from one container against serve in another",
    async () => {
      await GenericContainer.fromDockerfile(ROOT).build("chat-conformance-reference:test", { deleteOnExit: false });
      let line = "";
      const server = await new GenericContainer("chat-conformance-reference:test")
        .withExposedPorts(9991)
        .withLogConsumer((stream) => stream.on("data", (d: Buffer | string) => (line ||= d.toString().split("\n")[0]!)))
        .withWaitStrategy(Wait.forHealthCheck())
        .start();
      try {
        const doc = JSON.parse(line) as { personas: unknown };
        const url = `http://${server.getIpAddress(server.getNetworkNames()[0]!)}:9991`;
        const harness = await new GenericContainer("chat-conformance-reference:test")
          .withCopyContentToContainer([{ content: JSON.stringify({ personas: doc.personas }), target: "/home/node/app/personas.json", mode: 0o644 }])
          .withCommand(["chat-conformance", "run", "--target", url, "--personas", "personas.json", "--filter", "suites/server"])
          .withWaitStrategy(Wait.forOneShotStartup())
          .start();
        const logs = await new Promise<string>((resolve) => {
          let all = "";
          void harness.logs().then((s) => s.on("data", (d: Buffer | string) => (all += d.toString())).on("end", () => resolve(all)));
        });
        expect(logs).toMatch(/Target:\s+url http:\/\/.*at FL 372/);
        expect(logs).toMatch(/Result:\s+(CONFORMING|PARTIAL RUN)/);
        await harness.stop();
      } finally {
        await server.stop();
      }
    },
    900_000,
  );
});
