import type { Descriptor } from "./descriptor.ts";

/**
 * Every behaviour() call lands here. In collect mode (the lint, `list`, the fault self-test) suites are
 * imported only to fill the registry; otherwise behaviour() also registers a vitest test.
 */
export const registry = {
  collecting: false,
  descriptors: [] as Descriptor[],
};
