/** The part of autocannon's programmatic API the bench uses (the package ships no types). */
declare module "autocannon" {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
    /** The requests each connection makes in turn; setupRequest may rewrite one before it goes (its path here). */
    requests?: Array<{ setupRequest?: (request: { path: string }) => { path: string } }>;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
