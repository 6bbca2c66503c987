/**
 * Light WebSocket clients for the fan-out benchmark (websocket.bench.ts forks several of these, bundled by
 * build.mjs and run on plain node). Each socket makes a real upgrade with a player's session cookie (the
 * server's hooks, session check and socket cap all run), then reads its TCP socket itself into a shared
 * buffer: it only finds where each frame ends, never parses JSON nor goes through the ws library or a
 * stream, so that the clients cost as little as a reader can and what is measured is the server.
 *
 * IPC, in: `connect` {port, cookies, count, offset}, `arm` {trial}, `stop`. Out: `connected`, `armed`,
 * `arrived` {trial, firstNs, lastNs, afterFirstNs (every socket's read, ns after firstNs), cpuMicros} once every socket of this process has a data frame since
 * `arm` (times from process.hrtime, the system's monotonic clock, comparable between processes).
 */
import { randomBytes } from 'node:crypto';
import { connect as tcpConnect, type Socket } from 'node:net';

interface ConnectMessage {
  type: 'connect';
  port: number;
  cookies: string[];
  count: number;
  offset: number;
}
type Message = ConnectMessage | { type: 'arm'; trial: number } | { type: 'stop' };

/**
 * Calls `onFrame` for each complete frame in the bytes a socket reads (server frames are never masked).
 * The bytes are the socket's read buffer, reused by the next read: a header cut in two is copied.
 */
function frameCounter(onFrame: () => void): (bytes: Buffer) => void {
  let remainingBytes = 0;
  let partialHeader: Buffer | undefined;
  return (bytes) => {
    const data = partialHeader ? Buffer.concat([partialHeader, bytes]) : bytes;
    partialHeader = undefined;
    let at = 0;
    while (at < data.length) {
      if (remainingBytes > 0) {
        const take = Math.min(remainingBytes, data.length - at);
        remainingBytes -= take;
        at += take;
        if (remainingBytes === 0) onFrame();
        continue;
      }
      const short = data.length - at < 2 ? 2 : undefined;
      const length7 = short ? 0 : data[at + 1]! & 0x7f;
      const headerBytes = short ?? (length7 === 126 ? 4 : length7 === 127 ? 10 : 2);
      if (data.length - at < headerBytes) {
        partialHeader = Buffer.from(data.subarray(at));
        return;
      }
      remainingBytes =
        length7 === 126
          ? data.readUInt16BE(at + 2)
          : length7 === 127
            ? Number(data.readBigUInt64BE(at + 2))
            : length7;
      at += headerBytes;
      if (remainingBytes === 0) onFrame();
    }
  };
}

interface Client {
  tcp: Socket;
  /** The last trial this socket got a frame in. */
  seenTrial: number;
}

const clients: Client[] = [];
const readBuffer = Buffer.alloc(64 * 1024);
let trial = 0;
let waiting = 0;
let firstNs = 0n;
/** Each socket's frame of this trial: when it was read, ns after this process's first one. */
let afterFirstNs: number[] = [];
let cpuAtArm = process.cpuUsage();

function onFrame(client: Client): void {
  if (client.seenTrial === trial) return;
  client.seenTrial = trial;
  const nowNs = process.hrtime.bigint();
  if (waiting === clients.length) firstNs = nowNs;
  // In the order the frames were read, so already sorted.
  afterFirstNs.push(Number(nowNs - firstNs));
  waiting -= 1;
  if (waiting > 0) return;
  const cpu = process.cpuUsage(cpuAtArm);
  process.send?.({
    type: 'arrived',
    trial,
    firstNs: String(firstNs),
    lastNs: String(nowNs),
    afterFirstNs,
    cpuMicros: cpu.user + cpu.system,
  });
}

/**
 * Upgrades one socket and resolves on its first frame (the server's hello). Reads go into one buffer
 * shared by all the sockets (net's `onread`): no Buffer per read and no stream events, the least a
 * reader in node can do.
 */
function open(port: number, cookie: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    let head: Buffer | undefined = Buffer.alloc(0);
    let hello = true;
    const count = frameCounter(() => {
      if (!hello) return onFrame(client);
      hello = false;
      resolve(client);
    });
    // Returns true: keep reading (false would pause the socket).
    const onRead = (bytesRead: number): boolean => {
      const bytes = readBuffer.subarray(0, bytesRead);
      if (!head) {
        count(bytes);
        return true;
      }
      head = Buffer.concat([head, bytes]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return true;
      if (!head.subarray(0, 12).equals(Buffer.from('HTTP/1.1 101'))) {
        reject(new Error(String(head.subarray(0, end))));
        return true;
      }
      const rest = head.subarray(end + 4);
      head = undefined;
      if (rest.length > 0) count(rest);
      return true;
    };
    const client: Client = {
      tcp: tcpConnect({ port, host: '127.0.0.1', onread: { buffer: readBuffer, callback: onRead } }),
      seenTrial: -1,
    };
    const { tcp } = client;
    tcp.setNoDelay(true);
    tcp.once('error', reject);
    tcp.write(
      [
        'GET /ws HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        `Cookie: ${cookie}`,
        '',
        '',
      ].join('\r\n'),
    );
  });
}

async function connectAll(m: ConnectMessage): Promise<void> {
  for (let i = 0; i < m.count; i += 250) {
    const batch = Array.from({ length: Math.min(250, m.count - i) }, (_, k) =>
      open(m.port, m.cookies[(m.offset + i + k) % m.cookies.length]!),
    );
    clients.push(...(await Promise.all(batch)));
  }
}

process.on('message', (message: Message) => {
  if (message.type === 'connect') {
    connectAll(message).then(
      () => process.send?.({ type: 'connected' }),
      (error: unknown) => {
        process.stderr.write(`fan-out client: ${String(error)}\n`);
        process.exit(1);
      },
    );
  } else if (message.type === 'arm') {
    trial = message.trial;
    waiting = clients.length;
    afterFirstNs = [];
    cpuAtArm = process.cpuUsage();
    process.send?.({ type: 'armed' });
  } else {
    for (const client of clients) client.tcp.destroy();
    process.exit(0);
  }
});
