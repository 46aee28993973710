// The part of autocannon's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request) => Request;
  };
  type Options = Request & {
    url: string;
    connections: number;
    duration: number;
    requests?: Request[];
  };
  type Result = {
    requests: { total: number };
    duration: number;
    non2xx: number;
    errors: number;
    timeouts: number;
  };

  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): EventEmitter;
  export default autocannon;
}
