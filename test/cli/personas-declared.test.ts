import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Descriptor } from "../../src/expect/descriptor.ts";
import { runBehaviour } from "../../src/expect/runner.ts";
import { startReferenceTarget } from "../../src/target/reference.ts";
import type { TargetInfo } from "../../src/target/target.ts";
import { deactivateBotLater } from "../../suites/support/cleanup.ts";

/**
 * A test and its cleanups act only as the personas it declares in `needs`: an undeclared one is an error even on
 * a target that has it (so the mistake shows in every run, not only against a personas file without that role),
 * and cleanup helpers fall back to a declared persona (a bot's own owner) where no administrator is declared.
 */
let target: TargetInfo;
let close: () => Promise<void>;
beforeAll(async () => ({ target, close } = await startReferenceTarget({ featureLevel: 372 })));
afterAll(() => close());

const descriptor = (over: Partial<Descriptor>): Descriptor => ({
  id: "test#declared",
  title: "declared",
  file: "test",
  clauses: ["fl174.messages.direct-type"],
  gateLevels: [],
  gate: "since",
  needs: [],
  mutates: false,
  run: async () => undefined,
  ...over,
});

describe("personas a test declares", () => {
  it("using an undeclared persona is an error naming it, though the target has it", async () => {
    expect(target.personas.administrator).toBeDefined();
    const o = await runBehaviour(descriptor({ needs: ["member"], run: async (t) => void (await t.api("administrator").get("/users/me")) }), target);
    expect(o.status).toBe("error");
    expect(o.message).toContain("uses persona administrator without declaring it in needs");
  });

  it("a cleanup acting as an undeclared persona leaves a leftover saying so", async () => {
    const o = await runBehaviour(
      descriptor({ needs: ["member"], run: async (t) => t.cleanup("something", () => t.api("administrator").get("/users/me")) }),
      target,
    );
    expect(o.status).toBe("pass");
    expect(o.leftovers).toEqual([expect.stringContaining("something: test test#declared uses persona administrator without declaring it in needs")]);
  });

  it("a bot made by the member is deactivated by the member where no administrator is declared", async () => {
    let botId = 0;
    const o = await runBehaviour(
      descriptor({
        needs: ["member"],
        mutates: true,
        invariant: { off: "this test checks its cleanup, not the state" },
        run: async (t) => {
          const body = await t.must(
            "create a bot",
            t.api("member").post("/bots", { full_name: "Declared Bot", short_name: t.unique("declared").toLowerCase() }),
          );
          botId = body.user_id as number;
          deactivateBotLater(t, botId, "member");
        },
      }),
      target,
    );
    expect(o.status).toBe("pass");
    expect(o.leftovers ?? []).toEqual([]);
    const { ApiClient } = await import("../../src/client/client.ts");
    const admin = target.personas.administrator!;
    const shown = await new ApiClient(target.url, { email: admin.email, apiKey: admin.apiKey }).get(`/users/${botId}`);
    expect((shown.json?.user as { is_active?: boolean }).is_active).toBe(false);
  });
});
