import type { Descriptor } from "./descriptor.ts";
import type { SuiteInfo } from "./suite-info.ts";

/**
 * Every defineSuite() and behaviour() call lands here. In collect mode (the lint, `list`, the fault self-test)
 * suites are imported only to fill the registry; otherwise behaviour() also registers a vitest test.
 */
export const registry = {
  collecting: false,
  suites: [] as SuiteInfo[],
  descriptors: [] as Descriptor[],
};
