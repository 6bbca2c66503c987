import { WebSocket } from 'ws';
import { startBenchServer } from './server-process';

export interface FanOutFigures {
  sockets: number;
  connectMs: number;
  /** From the publish request to the last socket's frame, per trial. */
  trialsMs: number[];
}

/**
 * Time for one live event to reach `sockets` connected WebSockets: the clients (this process) connect to
 * a real listening server (its own process, in-process bus), the server publishes one event on request,
 * and the clock runs from the request until the last client has the frame.
 */
export async function benchFanOut(opts: { sockets: number; trials: number }): Promise<FanOutFigures> {
  const server = await startBenchServer({ BENCH_PLAYERS: '50' });
  const clients: WebSocket[] = [];
  try {
    const { port, sessions } = server.ready;
    const t0 = performance.now();
    for (let i = 0; i < opts.sockets; i += 250) {
      await Promise.all(
        Array.from({ length: Math.min(250, opts.sockets - i) }, (_, k) => {
          const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
            headers: { cookie: sessions[(i + k) % sessions.length]!.cookie },
          });
          clients.push(socket);
          return new Promise<void>((resolve, reject) => {
            socket.once('message', () => resolve()); // the hello frame
            socket.once('error', reject);
          });
        }),
      );
    }
    const connectMs = performance.now() - t0;
    const trialsMs: number[] = [];
    for (let trial = 0; trial < opts.trials; trial++) {
      let waiting = clients.length;
      const done = new Promise<void>((resolve) => {
        for (const socket of clients) {
          socket.once('message', () => {
            waiting -= 1;
            if (waiting === 0) resolve();
          });
        }
      });
      const start = performance.now();
      server.child.send({ type: 'publish' });
      await done;
      trialsMs.push(performance.now() - start);
    }
    return { sockets: clients.length, connectMs, trialsMs };
  } finally {
    for (const socket of clients) socket.terminate();
    await server.stop();
  }
}
