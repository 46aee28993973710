// Load over HTTP with wrk (Debian's package), when the machine has it. On two cores the load generator takes its
// CPU from the server's: wrk spends a fraction of what autocannon, in the bench's own Node process, spends to
// send a request and read its answer (docs/performance.md), so the figures say more about the server.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TICK_MS } from './cpu';
import type { HttpRequest, Sample } from './sample';

/** Whether `wrk` runs here. */
export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/** A Lua string literal of an ASCII text (every value here is: paths, tokens, form bodies). */
function luaString(text: string): string {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`wrk: not printable ASCII: ${text}`);
  return `"${text.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}

/**
 * The script wrk runs: the request, each from its own address when asked, and at the end one JSON line with the
 * latencies (µs), the counts and wrk's own CPU time (in ticks, from /proc/self/stat).
 */
function scriptOf(request: HttpRequest): string {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`)
    .join('\n');
  const manyAddresses = `
local address = 0
request = function()
  address = address + 1
  local headers = {}
  for name, value in pairs(wrk.headers) do headers[name] = value end
  headers["x-forwarded-for"] = string.format("10.%d.%d.%d",
    math.floor(address / 65536) % 256, math.floor(address / 256) % 256, address % 256)
  return wrk.format(nil, nil, headers)
end`;
  return `
wrk.method = ${luaString(request.method)}
${headers}
${request.body === undefined ? '' : `wrk.body = ${luaString(request.body)}`}
${request.isFromManyAddresses ? manyAddresses : ''}
done = function(summary, latency, requests)
  -- The fields after the name in parentheses: the 12th and 13th are the user and system time.
  local stat = io.open("/proc/self/stat"):read("*a")
  local fields = {}
  for field in stat:match(".*%) (.*)"):gmatch("%S+") do fields[#fields + 1] = field end
  local errors = summary.errors
  io.write(string.format(
    '\\nBENCH {"p50":%d,"p95":%d,"requests":%d,"duration":%d,"failures":%d,"cpuTicks":%d}\\n',
    latency:percentile(50), latency:percentile(95), summary.requests, summary.duration,
    errors.connect + errors.read + errors.write + errors.status + errors.timeout,
    tonumber(fields[12]) + tonumber(fields[13])))
end
`;
}

/**
 * `connections` concurrent connections for `seconds` from one wrk thread: latencies, throughput, failures, and the
 * CPU wrk spent (`loadCpuMs`) in all.
 */
export async function loadWithWrk(
  baseUrl: string,
  request: HttpRequest,
  connections: number,
  seconds: number,
): Promise<Sample & { loadCpuMs: number }> {
  const source = scriptOf(request);
  const folder = mkdtempSync(path.join(tmpdir(), 'camposanto-wrk-'));
  const script = path.join(folder, 'load.lua');
  writeFileSync(script, source);
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '30s', '-s', script];
      const child = spawn('wrk', [...args, `${baseUrl}${request.path}`], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', reject);
      // 'close', not 'exit': the summary line may still be in the pipe when the process has exited.
      child.on('close', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}: ${text}`)),
      );
    });
    const line = output.split('\n').find((candidate) => candidate.startsWith('BENCH '));
    if (!line) throw new Error(`wrk printed no summary: ${output}`);
    const result = JSON.parse(line.slice('BENCH '.length)) as {
      p50: number;
      p95: number;
      requests: number;
      duration: number;
      failures: number;
      cpuTicks: number;
    };
    return {
      p50: result.p50 / 1000,
      p95: result.p95 / 1000,
      rps: result.requests / (result.duration / 1e6),
      requests: result.requests,
      failures: result.failures,
      loadCpuMs: result.cpuTicks * TICK_MS,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
