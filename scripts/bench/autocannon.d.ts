// Just enough of autocannon 8's programmatic API for the benchmark (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface RequestParams {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
    }

    interface Request extends RequestParams {
      /** Called before each send of this request; answers the request to send (a falsy answer resets the sequence). */
      setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams | null | undefined;
      /** Called with every response to this request. */
      onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>) => void;
    }

    interface Client extends EventEmitter {
      setRequests: (requests: Request[]) => void;
    }

    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds before a request counts as timed out (default 10). */
      timeout?: number;
      pipelining?: number;
      /** Requests each connection sends at most (then it stops). */
      maxConnectionRequests?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: Request[];
      setupClient?: (client: Client) => void;
      excludeErrorStats?: boolean;
    }

    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p2_5: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
      p99_9: number;
    }

    interface Result {
      latency: Histogram;
      requests: Histogram;
      throughput: Histogram;
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      resets: number;
      start: Date;
      finish: Date;
      statusCodeStats: Record<string, { count: number }>;
      '1xx': number;
      '2xx': number;
      '3xx': number;
      '4xx': number;
      '5xx': number;
    }

    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop: () => void;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  function autocannon(options: autocannon.Options, callback: (error: Error | null, result: autocannon.Result) => void): autocannon.Instance;

  export = autocannon;
}
