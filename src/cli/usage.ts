/** A problem with what the user typed or gave us: one line on stderr, exit code 2, never a stack trace. */
export class UsageError extends Error {
  override name = "UsageError";
}

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

export const stdio: Io = {
  out: (s) => process.stdout.write(s.endsWith("\n") ? s : `${s}\n`),
  err: (s) => process.stderr.write(s.endsWith("\n") ? s : `${s}\n`),
};

export function intOption(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  return Number(raw);
}

export const HELP = `chat-conformance — conformance suite and reference server for the team-chat API

Usage:
  chat-conformance run [--feature-level N] [--fault ID]...        run the suites against the embedded reference server
  chat-conformance run --target URL --personas FILE [--assume-fl N] run them against any server
  chat-conformance run --container IMAGE [--container-port P]      start an image with testcontainers and run against it
      [--container-env NAME=VALUE]... [--personas FILE]              (personas default to the image's serve --json line)
      [--expectations FILE] [--out DIR] [--filter PATH]...           known deviations; where the reports go; which suite files
      [--read-only]                                                  only the tests that change nothing (for a production server)
  chat-conformance serve [--feature-level N] [--port P] [--json]   serve the reference server (default FL 372, port 9991)
      [--max-file-upload-size-mib N] [--upload-quota-mib N|none]     its upload limits (default 25 MiB; quota 5120 MiB)
  chat-conformance list [--fl N] [--release R] [--area A] [--tag T] [--untested] [--conflicts] [--json]
  chat-conformance levels                                          the feature levels the suites' boundaries touch
  chat-conformance compare BASE.json OTHER.json... [--json]       runs side by side: differing tests, regressions against BASE
      [--fail-on-regression]                                         (exit 1 when a test that passed in BASE is a problem later)

run writes reports/latest/results.json, index.html, junit.xml, allure-results/, badge.json and badge.svg (--out DIR to change) and exits
0 when every applicable must-clause passes, 1 when one does not, 2 on bad input or an unreachable target.`;
