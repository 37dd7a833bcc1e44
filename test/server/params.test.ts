import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "../../reference-server/errors/registry.ts";
import { Params } from "../../reference-server/http/params.ts";

const params = (o: Record<string, string>) => new Params(new Map(Object.entries(o)));

function errorOf(fn: () => unknown): { status: number; code: string | undefined; msg: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return { status: e.status, code: e.code, msg: e.message };
    throw e;
  }
  throw new Error("expected an ApiError");
}

describe("Params (wire §3)", () => {
  it("reads booleans only as JSON true/false", () => {
    expect(params({ a: "true", b: "false" }).bool("a", false)).toBe(true);
    expect(params({ b: "false" }).bool("b", true)).toBe(false);
    for (const bad of ["True", "1", "yes", ""]) {
      expect(errorOf(() => params({ a: bad }).bool("a", false))).toEqual({ status: 400, code: "BAD_REQUEST", msg: "a is not a boolean" });
    }
  });

  it("reads integers strictly and names a missing one", () => {
    expect(params({ n: "42" }).int("n")).toBe(42);
    expect(errorOf(() => params({ n: "4.2" }).int("n")).msg).toBe("n is not an integer");
    expect(errorOf(() => params({}).int("n"))).toEqual({ status: 400, code: "REQUEST_VARIABLE_MISSING", msg: "Missing 'n' argument" });
  });

  it("validates JSON values against a schema and names the parameter and path", () => {
    const schema = z.array(z.number().int());
    expect(params({ ids: "[1,2]" }).json("ids", schema)).toEqual([1, 2]);
    expect(errorOf(() => params({ ids: "[1," }).json("ids", schema)).msg).toBe("ids is not valid JSON");
    expect(errorOf(() => params({ ids: '[1,"x"]' }).json("ids", schema)).msg).toMatch(/^Invalid ids\[1\]/);
  });

  it("reads an alias, and refuses both names at once", () => {
    expect(params({ subject: "t" }).str("topic", "subject")).toBe("t");
    expect(errorOf(() => params({ topic: "a", subject: "b" }).str("topic", "subject")).code).toBe("REQUEST_CONFUSING_VAR");
  });

  it("lists the keys nobody read, sorted (FL167)", () => {
    const p = params({ b: "1", a: "1", used: "x" });
    p.optStr("used");
    expect(p.ignored()).toEqual(["a", "b"]);
  });
});
