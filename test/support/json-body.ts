/** An answer's body as a JSON object, or undefined when it is not JSON (an HTML error page, a cut body). */
export function jsonBody(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
