/** What a lint check reports, and how it prints (test262 style: `where: CHECK-ID - message`). */
export type Severity = "error" | "warn";

export interface Issue {
  check: string;
  where: string;
  message: string;
  severity: Severity;
}

export interface Check<I> {
  id: string;
  /** One line saying what the check guarantees. */
  rule: string;
  run(input: I): Issue[];
}

export function formatIssue(issue: Issue): string {
  return `${issue.where}: ${issue.check} - ${issue.message}`;
}

export const issue = (check: string, where: string, message: string, severity: Severity = "error"): Issue => ({
  check,
  where,
  message,
  severity,
});

/** The items that occur more than once. */
export function duplicates<T>(items: readonly T[]): T[] {
  const seen = new Set<T>();
  const dup = new Set<T>();
  for (const x of items) (seen.has(x) ? dup : seen).add(x);
  return [...dup];
}

export const errorsOnly = (issues: readonly Issue[]): Issue[] => issues.filter((i) => i.severity === "error");
