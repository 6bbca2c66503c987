import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { WebSocket } from 'ws';
import { FanOut, SLOW_CONSUMER_CLOSE_CODE, textFrame, type FanOutSocket, type Subscriber } from './fan-out';

/** A socket as the fan-out sees it, whose connection keeps every chunk written to it. */
class FakeSocket implements FanOutSocket {
  readyState: number = WebSocket.OPEN;
  bufferedAmount = 0;
  readonly chunks: Buffer[] = [];
  readonly sent: Buffer[] = [];
  closedWith: [number, string] | undefined;
  readonly wire = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      this.chunks.push(chunk);
      done();
    },
  });
  send(data: Buffer): void {
    this.sent.push(data);
  }
  close(code: number, reason: string): void {
    this.closedWith = [code, reason];
    this.readyState = WebSocket.CLOSING;
  }
  /** The texts of the frames written to the connection. */
  texts(): string[] {
    return this.chunks.map((chunk) => String(chunk.subarray(2)));
  }
}

const subscribersOf = (sockets: FakeSocket[]) =>
  new Set<Subscriber>(sockets.map((socket) => ({ socket, wire: socket.wire })));
const sockets = (n: number) => Array.from({ length: n }, () => new FakeSocket());
/** One turn of the event loop: the fan-out's slice queued before it has run. */
const turn = () => new Promise((resolve) => setImmediate(resolve));
const cap = 64 * 1024;

interface FrameOptions {
  fin: boolean;
  opcode: number;
  mask: boolean;
}

describe('fan-out of live events', () => {
  it('writes a slice of sockets per turn and keeps the order of events across slices', async () => {
    const fanOut = new FanOut({ maxBufferedBytes: cap, sliceSockets: 3 });
    const all = sockets(10);
    const targets = subscribersOf(all);
    const written = () => all.reduce((n, s) => n + s.chunks.length, 0);

    fanOut.send('A', targets);
    fanOut.send('B', targets); // back to back, in the same turn
    expect(written()).toBe(0); // never inside the publisher's turn
    await turn();
    expect(written()).toBe(3);
    fanOut.send('C', targets); // while A is being written out
    await turn();
    expect(written()).toBe(6);
    await fanOut.whenSent();

    for (const socket of all) expect(socket.texts()).toEqual(['A', 'B', 'C']);
    expect(fanOut.takeSliceStats()).toMatchObject({ slices: 10, mostSockets: 3 }); // 30 writes, 3 a turn
  });

  it('writes the one frame built per event to every socket', async () => {
    const fanOut = new FanOut({ maxBufferedBytes: cap, sliceSockets: 2 });
    const all = sockets(5);
    fanOut.send('{"type":"result"}', subscribersOf(all));
    await fanOut.whenSent();
    const [first] = all[0]!.chunks;
    expect(first).toEqual(textFrame(Buffer.from('{"type":"result"}')));
    for (const socket of all) expect(socket.chunks).toEqual([first]);
    for (const socket of all) expect(socket.chunks[0]).toBe(first); // the same Buffer, not a copy
  });

  it('closes a socket past its buffer cap instead of writing to it; the others get the event', async () => {
    const fanOut = new FanOut({ maxBufferedBytes: cap, sliceSockets: 2 });
    const all = sockets(5);
    all[3]!.bufferedAmount = cap + 1;
    all[1]!.bufferedAmount = cap; // at the cap is still allowed
    const targets = subscribersOf(all);
    fanOut.send('A', targets);
    fanOut.send('B', targets);
    await fanOut.whenSent();

    expect(all[3]!.closedWith).toEqual([SLOW_CONSUMER_CLOSE_CODE, 'SLOW_CONSUMER']);
    expect(all[3]!.chunks).toEqual([]);
    for (const i of [0, 1, 2, 4]) {
      expect(all[i]!.texts()).toEqual(['A', 'B']);
      expect(all[i]!.closedWith).toBeUndefined();
    }
  });

  it('skips sockets that are no longer open and those removed before their turn; adds those that join', async () => {
    const fanOut = new FanOut({ maxBufferedBytes: cap, sliceSockets: 2 });
    const all = sockets(6);
    all[0]!.readyState = WebSocket.CLOSING;
    const targets = subscribersOf(all);
    fanOut.send('A', targets);
    await turn(); // sockets 0 and 1 done
    const [, , , leaving] = [...targets];
    targets.delete(leaving!);
    const late = new FakeSocket();
    targets.add({ socket: late, wire: late.wire });
    await fanOut.whenSent();

    expect(all.map((s) => s.texts())).toEqual([[], ['A'], ['A'], [], ['A'], ['A']]);
    expect(late.texts()).toEqual(['A']);
  });

  it('sends through ws when the socket has no connection of its own (an injected socket)', async () => {
    const fanOut = new FanOut({ maxBufferedBytes: cap, sliceSockets: 2 });
    const socket = new FakeSocket();
    fanOut.send('A', [{ socket, wire: undefined }]);
    await fanOut.whenSent();
    expect(socket.sent.map(String)).toEqual(['A']);
    expect(socket.chunks).toEqual([]);
  });
});

describe('textFrame', () => {
  // ws's own framing as the reference: its Sender, exported by ws but not in its type definitions.
  const wsFrame = (ws as unknown as { Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] } })
    .Sender.frame;

  it.each([0, 5, 125, 126, 200, 65_535, 65_536, 70_000])('frames %i bytes as ws does', (length) => {
    const payload = Buffer.alloc(length, 'x');
    const expected = Buffer.concat(wsFrame(payload, { fin: true, opcode: 1, mask: false }));
    const frame = textFrame(payload);
    expect(frame.subarray(0, 10)).toEqual(expected.subarray(0, 10)); // the header, readably when it differs
    expect(Buffer.compare(frame, expected)).toBe(0);
  });
});
