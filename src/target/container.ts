import type { StartedTestContainer } from "testcontainers";
import { TargetError } from "./detect.ts";
import { connectTarget } from "./remote.ts";
import { PersonasSchema, type Organization, type Personas } from "./personas.ts";
import { serverConfigOf } from "./server-config.ts";
import type { TargetInfo } from "./target.ts";

export interface ContainerTargetOptions {
  image: string;
  /** The port the image serves the API on, inside the container. */
  port: number;
  env: Record<string, string>;
  /** From a file; when absent the image must print `serve --json`'s line (the reference server's image does). */
  personas?: Personas;
  assumeFl?: number;
  /** From the personas file; when absent, the image's `serve --json` line may state it. */
  serverConfig?: TargetInfo["serverConfig"];
  /** From the personas file: what the suites assume of the organization. */
  organization?: Organization;
  startupTimeoutMs?: number;
}

/** The personas object of the first JSON line the container printed (`chat-conformance serve --json`). */
export function personasFromLog(line: string): Personas | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(line);
  } catch {
    return undefined;
  }
  const r = PersonasSchema.safeParse((doc as { personas?: unknown } | null)?.personas);
  return r.success && Object.keys(r.data).length ? r.data : undefined;
}

/** The serverConfig of that same line, when it states a valid one. */
export function serverConfigFromLog(line: string): TargetInfo["serverConfig"] {
  try {
    return serverConfigOf(JSON.parse(line));
  } catch {
    return undefined;
  }
}

/** testcontainers is an optional dependency: only this target needs it, and an install may leave it out. */
async function loadTestcontainers(): Promise<typeof import("testcontainers")> {
  try {
    return await import("testcontainers");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND")
      throw new TargetError("--container needs the optional dependency testcontainers, which is not installed (npm install testcontainers)");
    throw e;
  }
}

/**
 * The container target: start an image with testcontainers, wait until GET /api/v1/server_settings answers 200,
 * then treat it as a URL target on the mapped port. Without a container runtime this is a TargetError (exit 2).
 */
export async function startContainerTarget(o: ContainerTargetOptions): Promise<{ target: TargetInfo; close: () => Promise<void> }> {
  const { GenericContainer, getContainerRuntimeClient, Wait } = await loadTestcontainers();
  try {
    await getContainerRuntimeClient();
  } catch (e) {
    throw new TargetError(`--container needs a container runtime (Docker or Podman) and found none: ${(e as Error).message}`);
  }
  let firstLine: string | undefined;
  let container: StartedTestContainer;
  try {
    container = await new GenericContainer(o.image)
      .withExposedPorts(o.port)
      .withEnvironment(o.env)
      .withLogConsumer((stream) => {
        let buf = "";
        stream.on("data", (d: Buffer | string) => {
          if (firstLine !== undefined) return;
          buf += d.toString();
          const nl = buf.indexOf("\n");
          if (nl >= 0) firstLine = buf.slice(0, nl);
        });
      })
      .withWaitStrategy(Wait.forHttp("/api/v1/server_settings", o.port).forStatusCode(200))
      .withStartupTimeout(o.startupTimeoutMs ?? 180_000)
      .start();
  } catch (e) {
    throw new TargetError(`container ${o.image} did not start serving /api/v1/server_settings on port ${o.port}: ${(e as Error).message}`);
  }
  const close = async () => {
    await container.stop();
  };
  try {
    const personas = o.personas ?? (firstLine !== undefined ? personasFromLog(firstLine) : undefined);
    if (!personas) throw new TargetError(`container ${o.image} printed no personas line (serve --json); give --personas FILE`);
    const url = `http://${container.getHost()}:${container.getMappedPort(o.port)}`;
    const serverConfig = o.serverConfig ?? (o.personas === undefined && firstLine !== undefined ? serverConfigFromLog(firstLine) : undefined);
    const target = await connectTarget(
      {
        url,
        personas,
        ...(serverConfig ? { serverConfig } : {}),
        ...(o.organization ? { organization: o.organization } : {}),
        ...(o.assumeFl !== undefined ? { assumeFl: o.assumeFl } : {}),
      },
      "container",
    );
    target.notes.push(`container ${o.image}`);
    return { target, close };
  } catch (e) {
    await close();
    throw e;
  }
}
