import Router from "find-my-way";
import type { Method, Route } from "../runtime.ts";
import { TextMemo } from "./memo.ts";

const METHODS: Method[] = ["GET", "POST", "PATCH", "PUT", "DELETE"];

export interface Match {
  route: Route;
  path: Record<string, string>;
}

export type Lookup = { kind: "found"; match: Match } | { kind: "method-not-allowed"; allowed: string[] } | { kind: "not-found" };

/** The route table under /api/v1: find-my-way for matching, with 405 for known paths and a wrong method. */
export class RouteTable {
  private readonly router = Router({ ignoreTrailingSlash: true, caseSensitive: true });
  /**
   * Answers already given, by method and path: the table never changes, and most requests name a path seen before.
   * A found match is shared: callers only read it.
   */
  private readonly seen = new TextMemo<Lookup>(2000, 1032);

  constructor(routes: readonly Route[]) {
    for (const route of routes) {
      this.router.on(route.method, route.path, () => undefined, route);
    }
  }

  lookup(method: string, path: string): Lookup {
    return this.seen.of(`${method} ${path}`, () => this.find(method, path));
  }

  private find(method: string, path: string): Lookup {
    const m = (method === "HEAD" ? "GET" : method) as Method;
    const found = METHODS.includes(m) ? this.router.find(m, path) : null;
    if (found) {
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(found.params)) if (v !== undefined) params[k] = v;
      return { kind: "found", match: { route: found.store as Route, path: params } };
    }
    const allowed = METHODS.filter((other) => this.router.find(other, path) !== null);
    return allowed.length > 0 ? { kind: "method-not-allowed", allowed } : { kind: "not-found" };
  }
}
