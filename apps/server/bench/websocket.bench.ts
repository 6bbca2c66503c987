import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchFanOut } from './bench-server';
import { startBenchServer } from './server-process';

const BUILD = fileURLToPath(new URL('../build.mjs', import.meta.url));
const CLIENTS = fileURLToPath(new URL('../dist/fan-out-clients.mjs', import.meta.url));

export interface FanOutTrial {
  /** From the publish request (this process) to the last socket reading its frame (a client process). */
  wallMs: number;
  /** In the server: from handling the publish message to handing the last socket's frame to the kernel. */
  serverMs: number;
  /** The server process's CPU time in that span, and the part of it in the kernel. */
  serverCpuMs: number;
  serverSystemCpuMs: number;
  /** The longest stall of the server's event loop from the publish until the last frame was read. */
  longestStallMs: number;
  /** The fan-out's turns of the server's event loop, the longest of them, the most sockets in one. */
  slices: number;
  longestSliceMs: number;
  mostSocketsInASlice: number;
  /** The median socket: from the publish request to the moment half the sockets had read the frame. */
  medianSocketMs: number;
  /** From the first socket's frame to the last one's, read by the clients. */
  spreadMs: number;
  /** CPU time of the client processes from arming to their last frame, summed. */
  clientCpuMs: number;
}

export interface FanOutFigures {
  sockets: number;
  clientProcesses: number;
  connectMs: number;
  trials: FanOutTrial[];
}

/** A client process (fan-out-clients.ts) and a way to wait for its next message of a type. */
function clientProcess(): { child: ChildProcess; next<T>(type: string): Promise<T> } {
  const child = fork(CLIENTS, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    child,
    next: <T>(type: string) =>
      new Promise<T>((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`fan-out client exited with ${code}`));
        const onMessage = (m: { type: string }) => {
          if (m.type !== type) return;
          child.off('message', onMessage).off('exit', onExit);
          resolve(m as T);
        };
        child.on('message', onMessage).once('exit', onExit);
      }),
  };
}

/**
 * Time for one live event to reach `sockets` connected WebSockets. The server is its own process (the
 * bundled app, in-process bus); the sockets belong to `clientProcesses` light client processes
 * (fan-out-clients.ts: a real upgrade with a player's session cookie, then frames counted on the raw TCP
 * socket), so that 10,000 clients parsing frames in one event loop are not what is measured. A trial: the
 * clients are armed, this process asks the server to publish one event, and the clock runs until the
 * last socket of every client process has read the frame (process.hrtime, one monotonic clock for all).
 * The server reports its own side: until its last write, its CPU time, its event loop's longest stall.
 */
export async function benchFanOut(opts: {
  sockets: number;
  trials: number;
  clientProcesses: number;
}): Promise<FanOutFigures> {
  execFileSync(process.execPath, [BUILD, 'fan-out-clients']);
  const server = await startBenchServer({ BENCH_PLAYERS: '50' });
  const clients = Array.from({ length: opts.clientProcesses }, clientProcess);
  try {
    const { port, sessions } = server.ready;
    const cookies = sessions.map((s) => s.cookie);
    const t0 = performance.now();
    let offset = 0;
    await Promise.all(
      clients.map((client, i) => {
        const count = Math.floor(opts.sockets / clients.length) + (i < opts.sockets % clients.length ? 1 : 0);
        client.child.send({ type: 'connect', port, cookies, count, offset });
        offset += count;
        return client.next('connected');
      }),
    );
    const connectMs = performance.now() - t0;
    const trials: FanOutTrial[] = [];
    for (let trial = 0; trial < opts.trials; trial++) {
      // Settle between trials: the previous trial's reads, timers and garbage are behind us.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await Promise.all([
        ...clients.map((c) => (c.child.send({ type: 'arm', trial }), c.next('armed'))),
        server.request({ type: 'arm' }, 'armed'),
      ]);
      const arrived = clients.map((c) =>
        c.next<{ firstNs: string; lastNs: string; afterFirstNs: number[]; cpuMicros: number }>('arrived'),
      );
      const startNs = process.hrtime.bigint();
      server.child.send({ type: 'publish' });
      const reports = await Promise.all(arrived);
      const fanOut = await server.request<BenchFanOut>({ type: 'fan-out' }, 'fan-out');
      const firstNs = reports.map((r) => BigInt(r.firstNs)).reduce((a, b) => (a < b ? a : b));
      const lastNs = reports.map((r) => BigInt(r.lastNs)).reduce((a, b) => (a > b ? a : b));
      const ms = (fromNs: bigint, toNs: bigint) => Number(toNs - fromNs) / 1e6;
      // Every socket's read, in ms after the publish request, over all client processes.
      const socketsMs = reports
        .flatMap((r) => r.afterFirstNs.map((ns) => ms(startNs, BigInt(r.firstNs)) + ns / 1e6))
        .sort((a, b) => a - b);
      trials.push({
        wallMs: ms(startNs, lastNs),
        serverMs: ms(BigInt(fanOut.receivedNs), BigInt(fanOut.sentNs)),
        serverCpuMs: fanOut.cpuMicros / 1000,
        serverSystemCpuMs: fanOut.systemCpuMicros / 1000,
        longestStallMs: fanOut.longestStallMs,
        slices: fanOut.slices,
        longestSliceMs: fanOut.longestSliceMs,
        mostSocketsInASlice: fanOut.mostSockets,
        medianSocketMs: socketsMs[Math.floor(socketsMs.length / 2)]!,
        spreadMs: ms(firstNs, lastNs),
        clientCpuMs: reports.reduce((sum, r) => sum + r.cpuMicros, 0) / 1000,
      });
    }
    return { sockets: opts.sockets, clientProcesses: clients.length, connectMs, trials };
  } finally {
    // The server closes the sockets first, so the TIME_WAITs are its own and not the clients' ports.
    await server.stop();
    for (const client of clients) client.child.send({ type: 'stop' });
  }
}
