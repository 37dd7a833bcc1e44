import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, request } from "undici";

/**
 * The validation proxy's added latency: the same requests direct to a reference server and through the proxy, one
 * at a time, each timed on its own; the medians side by side with their ratio and difference. The server and the
 * proxy each run as the CLI runs them (`serve`, `proxy`), in processes of their own, as a user runs them beside a
 * client: so the proxy's checks use its own event loop, and the figure is the extra hop alone.
 */
const ENTRY = ["--import", "tsx", new URL("../src/cli/entry.ts", import.meta.url).pathname];

/** Starts a CLI command and resolves with the first match of `ready` in its output. */
function start(args: string[], ready: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, [...ENTRY, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let seen = "";
    const look = (d: Buffer) => {
      seen += d.toString();
      const m = ready.exec(seen);
      if (m) resolve({ child, match: m });
    };
    child.stdout!.on("data", look);
    child.stderr!.on("data", look);
    child.on("exit", (code) => reject(new Error(`${args[0]} exited ${code}: ${seen}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.on("exit", (code) => resolve(code));
    child.kill("SIGINT");
  });

export async function proxyOverhead(rounds: number): Promise<void> {
  const serve = await start(["serve", "--port", "0", "--json"], /^(\{.*\})$/m);
  const line = JSON.parse(serve.match[1]!) as { url: string; personas: Record<string, { email: string; apiKey: string }> };
  const out = mkdtempSync(join(tmpdir(), "cc-bench-proxy-"));
  const proxy = await start(["proxy", "--target", line.url, "--port", "0", "--out", out], /proxy: (http:\/\/\S+) →/);
  const proxyUrl = proxy.match[1]!;
  const member = line.personas.member!;
  const auth = `Basic ${Buffer.from(`${member.email}:${member.apiKey}`).toString("base64")}`;
  const agent = new Agent({ connections: 1 });
  const form = { "content-type": "application/x-www-form-urlencoded" };
  for (let i = 0; i < 60; i++) {
    await (
      await request(`${line.url}/api/v1/messages`, {
        method: "POST",
        headers: { authorization: auth, ...form },
        body: `type=stream&to=general&topic=bench&content=m${i}`,
        dispatcher: agent,
      })
    ).body.text();
  }
  const cases: Array<{ label: string; method: "GET" | "POST"; path: string; body?: (i: number) => string }> = [
    { label: "GET /server_settings", method: "GET", path: "/server_settings" },
    { label: "GET /messages (a page of 50 messages)", method: "GET", path: "/messages?anchor=newest&num_before=50&num_after=0" },
    { label: "POST /messages", method: "POST", path: "/messages", body: (i) => `type=stream&to=general&topic=bench&content=proxied%20${i}` },
  ];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  async function once(base: string, c: (typeof cases)[number], i: number): Promise<{ ms: number; bytes: number }> {
    const started = performance.now();
    const res = await request(`${base}/api/v1${c.path}`, {
      method: c.method,
      headers: { authorization: auth, ...(c.body ? form : {}) },
      body: c.body?.(i),
      dispatcher: agent,
    });
    const text = await res.body.text();
    return { ms: performance.now() - started, bytes: Buffer.byteLength(text) };
  }
  for (const c of cases) {
    const direct: number[] = [];
    const proxied: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 20; i++) {
      await once(line.url, c, i);
      await once(proxyUrl, c, i);
    }
    // Alternating, so that both see the same state of the server and of the machine.
    for (let i = 0; i < rounds; i++) {
      direct.push((await once(line.url, c, i)).ms);
      const p = await once(proxyUrl, c, i);
      proxied.push(p.ms);
      bytes = p.bytes;
    }
    const d = median(direct);
    const p = median(proxied);
    console.log(
      `  ${`${c.label} (${(bytes / 1024).toFixed(1)} KiB)`.padEnd(50)} direct ${d.toFixed(3).padStart(7)} ms  proxied ${p.toFixed(3).padStart(7)} ms  ×${(p / d).toFixed(2)}  +${(p - d).toFixed(3)} ms`,
    );
  }
  console.log(`  (medians of ${rounds}; the proxy checked every exchange and wrote its report: proxy exit code ${await stop(proxy.child)})`);
  await stop(serve.child);
  await agent.close();
  rmSync(out, { recursive: true, force: true });
}
