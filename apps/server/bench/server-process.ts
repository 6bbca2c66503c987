import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchServerReady } from './bench-server';

const BUILD = fileURLToPath(new URL('../build.mjs', import.meta.url));
const BUNDLE = fileURLToPath(new URL('../dist/bench-server.mjs', import.meta.url));

/**
 * Starts bench-server.ts in its own process and waits until it listens. It runs as operators run the
 * server: bundled by build.mjs (the same esbuild options as dist/server.mjs) on plain node, with the
 * production logger and the metrics on; the rate limits are raised (RATE_LIMIT_SCALE) because 50 connections drive a
 * handful of players far harder than people can.
 */
export async function startBenchServer(env: Record<string, string | undefined>): Promise<{
  ready: BenchServerReady;
  child: ChildProcess;
  request<T>(message: { type: string }, answer: string): Promise<T>;
  stop(): Promise<void>;
}> {
  execFileSync(process.execPath, [BUILD, 'bench-server']);
  const child = fork(BUNDLE, [], {
    execArgv: process.env.BENCH_PROFILE_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
      : [],
    // Metrics on (a port of their own, unscraped): their cost per request is part of the figures.
    env: { RATE_LIMIT_SCALE: '1000', METRICS_PORT: '0', ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<BenchServerReady>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.on('message', (m: { type: string }) => {
      if (m.type === 'ready') resolve(m as BenchServerReady);
    });
  });
  return {
    ready,
    child,
    request: <T>(message: { type: string }, answer: string) =>
      new Promise<T>((resolve) => {
        const onMessage = (m: { type: string }) => {
          if (m.type !== answer) return;
          child.off('message', onMessage);
          resolve(m as T);
        };
        child.on('message', onMessage);
        child.send(message);
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.send({ type: 'stop' });
      }),
  };
}
