import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { ApiClient } from "../../src/client/client.ts";
import { realEndpoint, realName, specEndpoint, toRealNames, toSpecNames } from "../../facts/names.ts";

describe("the real product's names (wire §17.1): one exact table for the server and the harness", () => {
  it("read under the spec's names: keys at any depth and the property of setting-change events", () => {
    expect(
      toSpecNames({
        zulip_feature_level: 372,
        realm_new_stream_announcements_stream_id: 4,
        realm_zulip_update_announcements_stream_id: 5,
        events: [
          { type: "realm", op: "update", property: "jitsi_server_url", value: null },
          { type: "realm", op: "update_dict", data: { signup_announcements_stream_id: 7 } },
        ],
      }),
    ).toEqual({
      chat_feature_level: 372,
      realm_new_stream_announcements_stream: 4,
      realm_chat_update_announcements_stream_id: 5,
      events: [
        { type: "realm", op: "update", property: "meet_server_url", value: null },
        { type: "realm", op: "update_dict", data: { signup_announcements_stream: 7 } },
      ],
    });
  });

  it("sent under the real names", () => {
    expect(realName("chat_update_announcements_stream_id")).toBe("zulip_update_announcements_stream_id");
    expect(realName("new_stream_announcements_stream")).toBe("new_stream_announcements_stream_id");
    expect(realName("meet_server_url")).toBe("jitsi_server_url");
    expect(realName("topic")).toBe("topic");
  });

  it("renames exact names only: the product's own video_chat_provider keeps its spelling both ways", () => {
    const realm = { realm_video_chat_provider: 1, video_chat_provider: 1, chat_version: "10.2", property: "video_chat_provider" };
    expect(toRealNames(realm)).toEqual({ realm_video_chat_provider: 1, video_chat_provider: 1, zulip_version: "10.2", property: "video_chat_provider" });
    expect(toSpecNames(toRealNames(realm))).toEqual(realm);
  });

  it("maps the endpoints the spec names differently, method included, and knows which paths only the spec has", () => {
    expect(realEndpoint("POST", "/calls/provider_two/create")).toEqual({ method: "GET", path: "/calls/bigbluebutton/create" });
    expect(realEndpoint("POST", "/messages")).toEqual({ method: "POST", path: "/messages" });
    expect(specEndpoint("GET", "/calls/bigbluebutton/create")).toEqual({ method: "POST", path: "/calls/provider_two/create" });
    expect(specEndpoint("POST", "/users/me/push_device_token")).toBeNull();
    expect(specEndpoint("GET", "/messages")).toEqual({ method: "GET", path: "/messages" });
  });

  it("an ApiClient for the real product renames what it sends and what it reads, and only then", async () => {
    let seen = "";
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (d: Buffer) => (body += d.toString()));
      req.on("end", () => {
        seen = body;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ result: "success", msg: "", realm_jitsi_server_url: "https://meet.example" }));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const real = await new ApiClient(url, null, () => undefined, "zulip").patch("/realm", { meet_server_url: "https://meet.example" });
      expect(seen).toBe("jitsi_server_url=https%3A%2F%2Fmeet.example");
      expect(real.json?.realm_meet_server_url).toBe("https://meet.example");
      expect(real.exchange.responseBody).toContain("realm_jitsi_server_url");
      const spec = await new ApiClient(url, null, () => undefined, "chat").patch("/realm", { meet_server_url: "x" });
      expect(seen).toBe("meet_server_url=x");
      expect(spec.json?.realm_jitsi_server_url).toBe("https://meet.example");
    } finally {
      server.close();
    }
  });
});
