import { HarnessError } from "./failure.ts";

/**
 * The target's feature level as a test sees it. `atLeast(n)` accepts only a level named by one of the test's
 * clauses (its level or its until), so every branch in a test is traceable to the catalog.
 */
export class TestFl {
  constructor(
    readonly level: number,
    private readonly allowed: ReadonlySet<number>,
    private readonly testId: string,
  ) {}

  /** The levels the test may branch on: its clauses' levels and untils (the request header names them, see test-header.ts). */
  get levels(): number[] {
    return [...this.allowed].sort((a, b) => a - b);
  }

  atLeast(n: number): boolean {
    if (!this.allowed.has(n)) {
      throw new HarnessError(`test ${this.testId} branches on FL${n}, which is not the level or until of any of its clauses (${[...this.allowed].join(", ")})`);
    }
    return this.level >= n;
  }

  below(n: number): boolean {
    return !this.atLeast(n);
  }
}
