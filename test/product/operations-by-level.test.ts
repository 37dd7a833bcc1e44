import { describe, expect, it } from "vitest";
import { routeExists } from "../../reference-server/http/route-exists.ts";
import { FeatureLevel } from "../../reference-server/levels.ts";
import { ROUTES } from "../../reference-server/routes.ts";
import { MAX_FEATURE_LEVEL, MIN_FEATURE_LEVEL } from "../../reference-server/server.ts";
import { realEndpoint } from "../../facts/names.ts";
import { allowedBy } from "../../src/product/zulip-differences.ts";
import { existsAt, ZULIP_OPERATIONS } from "../../src/product/zulip-api.ts";

/** A path with its parameters unnamed, as find-my-way writes them (`:id(regex)`, `*`) or as Zulip does (`{id}`). */
const shape = (path: string) =>
  path
    .replace(/:[a-z_]+(\([^)]*\))?/g, "{}")
    .replace(/\{[a-z_]+\}/g, "{}")
    .replace(/\*$/, "{}");

describe("serve --product zulip has every operation of Zulip's API at every level it existed (routing, no HTTP)", () => {
  it(`from FL${MIN_FEATURE_LEVEL} to FL${MAX_FEATURE_LEVEL}, all but those the differences table lists`, () => {
    const missing: string[] = [];
    for (let level = MIN_FEATURE_LEVEL; level <= MAX_FEATURE_LEVEL; level++) {
      const fl = new FeatureLevel(level);
      const served = new Set(
        ROUTES.filter((r) => routeExists(r, fl, "zulip")).map((r) => {
          const real = realEndpoint(r.method, r.path);
          return `${real.method} ${shape(real.path)}`;
        }),
      );
      for (const op of ZULIP_OPERATIONS) {
        if (!existsAt(op, level) || served.has(`${op.method} ${shape(op.path)}`)) continue;
        if (allowedBy({ subject: op.operationId, object: "$", key: "*", kind: "missing-operation", level })) continue;
        missing.push(`FL${level} ${op.operationId} (${op.method} ${op.path})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
