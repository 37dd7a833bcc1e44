import { describe, expect, it } from "vitest";
import { createReferenceServer } from "../../reference-server/server.ts";
import { ApiClient } from "../../src/client/client.ts";
import { detectTarget } from "../../src/target/detect.ts";
import type { Personas } from "../../src/target/personas.ts";

describe("target detection", () => {
  it("reads zulip_feature_level from a server that names the real product, and the client reads its keys as chat_", async () => {
    const server = await createReferenceServer({ featureLevel: 300, product: "zulip" });
    try {
      const raw = (await (await fetch(`${server.url}/api/v1/server_settings`)).json()) as Record<string, unknown>;
      expect(raw.zulip_feature_level).toBe(300);
      expect(raw.chat_feature_level).toBeUndefined();
      const target = await detectTarget({ kind: "url", url: server.url, personas: server.personas as Personas });
      expect(target).toMatchObject({ product: "zulip", featureLevel: 300, notes: [] });
      const res = await new ApiClient(server.url, null, undefined, "zulip").get("/server_settings");
      expect(res.json?.chat_feature_level).toBe(300);
    } finally {
      await server.close();
    }
  });

  it("--assume-fl overrides the detected level and says so", async () => {
    const server = await createReferenceServer({ featureLevel: 250 });
    try {
      const target = await detectTarget({ kind: "url", url: server.url, personas: server.personas as Personas, assumeFl: 240 });
      expect(target.featureLevel).toBe(240);
      expect(target.notes).toEqual(["--assume-fl 240 overrides the detected FL 250"]);
    } finally {
      await server.close();
    }
  });

  it("notes personas whose credentials the server refuses", async () => {
    const server = await createReferenceServer({});
    try {
      const target = await detectTarget({
        kind: "url",
        url: server.url,
        personas: { member: { email: "member@lab.example", apiKey: "x".repeat(32), userId: 11 } },
      });
      expect(target.notes.join("\n")).toMatch(/POST \/register as member answered HTTP 401/);
    } finally {
      await server.close();
    }
  });
});
