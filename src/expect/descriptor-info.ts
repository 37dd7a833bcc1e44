/**
 * What the catalog lint and the coverage figures need to know about a test, without running it.
 * Produced by collecting the suites (behaviour() in collect mode).
 */
export interface TestInfo {
  /** Stable test id, unique across the suites. */
  id: string;
  title: string;
  /** Suite file, relative to the project root (e.g. "suites/messages/send.test.ts"). */
  file: string;
  /** Clause ids the test proves; the first is its primary clause. */
  clauses: string[];
  /**
   * Feature levels the test's gating names: the bounds of the levels it runs at and every level it branches on.
   * Each must be the `level` or the `until` of one of its clauses.
   */
  gateLevels: number[];
}
