/**
 * chat-conformance's public API: start a reference server at any feature level, run the conformance suites against
 * a target and get the results document, and write version-aware tests of your own with behaviour().
 */
export { MAX_FEATURE_LEVEL, MIN_FEATURE_LEVEL, type ReferenceServerOptions } from "../reference-server/server.ts";
export { startReferenceServer, type StartedReferenceServer } from "./target/reference.ts";
export { runConformance, type ConformanceOptions, type ConformanceRun, type RemoteTarget } from "./run/conformance.ts";
export { conformanceSetup, type SetupOptions } from "./run/vitest-setup.ts";
export { writeReports, REPORT_FILES } from "./report/write.ts";
export { renderSummary } from "./report/summary.ts";
export { ResultsSchema, type Results, type TestResult, type ResultStatus } from "./results/schema.ts";
export { readExpectations } from "./cli/expectations-file.ts";
export type { ExpectedFailures } from "./results/expectations.ts";
export { behaviour } from "./expect/behaviour.ts";
export type { BehaviourOptions, Descriptor } from "./expect/descriptor.ts";
export type { TestContext } from "./expect/context.ts";
export { UnverifiableError, type UnverifiableWhy } from "./expect/failure.ts";
export { eventOf } from "./client/events.ts";
export { ApiClient, type ApiResponse } from "./client/client.ts";
export { catalog } from "./catalog/catalog.ts";
export type { Clause } from "./catalog/schema.ts";
export { PERSONA_ROLES, type Personas, type Persona, type PersonaRole } from "./target/personas.ts";
export type { TargetInfo } from "./target/target.ts";
export { VERSION } from "./layout.ts";
