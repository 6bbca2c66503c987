import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchServerReady } from './bench-server';

/** Starts bench-server.ts in its own process and waits until it listens. */
export async function startBenchServer(env: Record<string, string | undefined>): Promise<{
  ready: BenchServerReady;
  child: ChildProcess;
  request<T>(message: { type: string }, answer: string): Promise<T>;
  stop(): Promise<void>;
}> {
  const child = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), [], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
        : []),
    ],
    env: { ...process.env, ...env },
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
