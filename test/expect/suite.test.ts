import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isIsolated } from "../../src/expect/isolation.ts";
import { registry } from "../../src/expect/registry.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import { CODE_ROOT } from "../../src/layout.ts";

/** defineSuite: what a file says once reaches each of its tests, and the harness reads the file's own declaration. */
const url = (file: string) => pathToFileURL(join(CODE_ROOT, file)).href;
const run = async () => undefined;

// The registry is shared by every test file of the worker (the unit project does not isolate them): what these tests
// declare is taken out again, and collect mode keeps behaviour() from registering vitest tests.
let suites = 0;
let descriptors = 0;
beforeEach(() => {
  [suites, descriptors] = [registry.suites.length, registry.descriptors.length];
  registry.collecting = true;
});
afterEach(() => {
  registry.suites.splice(suites);
  registry.descriptors.splice(descriptors);
  registry.collecting = false;
});

describe("defineSuite", () => {
  it("gives each test the suite's needs, in order, unless the test replaces them or adds to them", () => {
    const { behaviour } = defineSuite(url("suites/x/needs.test.ts"), { needs: ["member", "secondMember"] });
    const clause = "fl174.messages.direct-type";
    expect(behaviour(clause, "a", { id: `${clause}#a` }, run).needs).toEqual(["member", "secondMember"]);
    expect(behaviour(clause, "b", { id: `${clause}#b`, needs: ["administrator"] }, run).needs).toEqual(["administrator"]);
    expect(behaviour(clause, "c", { id: `${clause}#c`, needs: [] }, run).needs).toEqual([]);
    expect(behaviour(clause, "d", { id: `${clause}#d`, alsoNeeds: ["administrator"] }, run).needs).toEqual(["member", "secondMember", "administrator"]);
    expect(() => behaviour(clause, "e", { id: `${clause}#e`, needs: ["member"], alsoNeeds: ["owner"] }, run)).toThrow(/not both/);
  });

  it("names the file from its URL and gives each test the id it states, whatever its title", () => {
    const { behaviour } = defineSuite(url("suites/x/ids.test.ts"));
    const d = behaviour("fl174.messages.direct-type", "a title that may change", { id: "fl174.messages.direct-type#stable" }, run);
    expect([d.file, d.id]).toEqual(["suites/x/ids.test.ts", "fl174.messages.direct-type#stable"]);
    // The types require the id; a suite compiled without them still may not leave it out.
    const untyped = behaviour as (c: string, t: string, o: object, r: typeof run) => unknown;
    expect(() => untyped("fl174.messages.direct-type", "no id", {}, run)).toThrow(/states its id/);
  });

  it("records isolated and waiting files, which the harness reads", () => {
    defineSuite(url("suites/x/isolated.test.ts"), { isolated: true });
    defineSuite(url("suites/x/waiting.test.ts"), { waiting: true });
    expect([isIsolated("suites/x/isolated.test.ts"), isIsolated("suites/x/waiting.test.ts")]).toEqual([true, false]);
    expect(registry.suites.slice(suites).map((s) => [s.file, s.isolated, s.waiting])).toEqual([
      ["suites/x/isolated.test.ts", true, false],
      ["suites/x/waiting.test.ts", false, true],
    ]);
  });

  it("refuses a module that is not a suite file", () => {
    expect(() => defineSuite(url("suites/support/channels.ts"))).toThrow(/not a suite file/);
  });
});
