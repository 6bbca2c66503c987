import { randomBytes } from 'node:crypto';
import { connect as tcpConnect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/test-app';
import { SLOW_CONSUMER_CLOSE_CODE } from './websocket';

/** A real client that reads every frame. */
function openSocket(url: string, cookie: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { cookie } });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += String(chunk)));
      res.on('end', () =>
        reject(new Error(`HTTP ${res.statusCode} ${String(res.headers['retry-after'])} ${body}`)),
      );
    });
    socket.once('error', reject);
  });
}

/** A client that completes the upgrade and then never reads again: a consumer as slow as can be. */
function stalledSocket(port: number, cookie: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const tcp = tcpConnect(port, '127.0.0.1', () => {
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
    tcp.once('data', (head: Buffer) => {
      if (!String(head).startsWith('HTTP/1.1 101')) return reject(new Error(String(head)));
      tcp.pause();
      resolve(tcp);
    });
    tcp.once('error', reject);
  });
}

const cookieHeader = (browser: TestBrowser) =>
  [...browser.cookies.entries()].map(([name, value]) => `${name}=${value}`).join('; ');

const BUFFER_CAP = 64 * 1024;

describe('WebSocket caps', () => {
  let t: TestContext;
  let port: number;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      WS_MAX_SOCKETS_PER_PLAYER: '2',
      WS_MAX_BUFFERED_BYTES: String(BUFFER_CAP),
    });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = Number(new URL(address).port);
    url = `${address.replace('http', 'ws')}/ws`;
  });
  afterAll(() => t.close());

  async function signedInCookie() {
    const p = await t.newPlayer();
    const browser = new TestBrowser(t.app);
    await browser.login(p.username, p.password);
    return cookieHeader(browser);
  }

  it('refuses a player socket past the cap (429 RATE_LIMITED) and takes one again once one closes', async () => {
    const alice = await signedInCookie();
    const first = await openSocket(url, alice);
    const second = await openSocket(url, alice);
    await expect(openSocket(url, alice)).rejects.toThrow(/^HTTP 429 15 .*"code":"RATE_LIMITED"/);
    // The cap is per player: another player connects all the same.
    const bob = await openSocket(url, await signedInCookie());

    const closed = new Promise((resolve) => first.once('close', resolve));
    first.close();
    await closed;
    await expect.poll(() => openSocket(url, alice).then((s) => (s.close(), 'open'))).toBe('open');
    for (const s of [second, bob]) s.close();
  });

  it('closes a consumer that stops reading, without queueing past the cap; others keep every event', async () => {
    const readerCookie = await signedInCookie();
    const reader = await openSocket(url, readerCookie);
    const received: string[] = [];
    reader.on('message', (raw) => {
      if (!String(raw).startsWith('{"type":"hello"')) received.push(String(raw));
    });
    const stalled = await stalledSocket(port, await signedInCookie());

    const serverSide = () => [...t.app.websocketServer.clients];
    expect(serverSide().filter((s) => s.readyState === WebSocket.OPEN)).toHaveLength(2);

    // 24 MiB of events: more than the kernel buffers of a loopback connection can absorb for the stalled one.
    const padding = 'x'.repeat(64 * 1024);
    const events = 384;
    let largestBuffered = 0;
    for (let i = 0; i < events; i++) {
      t.app.services.events.publish({ type: 'result', data: { i, padding } });
      await new Promise((resolve) => setImmediate(resolve));
      for (const s of serverSide()) largestBuffered = Math.max(largestBuffered, s.bufferedAmount);
    }

    const shed = serverSide().find((s) => s.readyState !== WebSocket.OPEN);
    expect(shed).toBeDefined();
    // Never more than the cap plus the one frame sent before the check saw it full.
    expect(largestBuffered).toBeLessThanOrEqual(BUFFER_CAP + padding.length + 1024);
    const heldAfterClose = shed!.bufferedAmount;
    t.app.services.events.publish({ type: 'result', data: { i: events, padding } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(shed!.bufferedAmount).toBe(heldAfterClose);

    // The reader was never closed and gets every event (the hello frame may come before its listener).
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(events + 1);
    expect(reader.readyState).toBe(WebSocket.OPEN);

    // Once it reads again, the stalled client finds the close frame with the slow-consumer code.
    stalled.resume();
    const closeFrame = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      stalled.on('data', (chunk: Buffer) => chunks.push(chunk));
      stalled.on('close', () => resolve(Buffer.concat(chunks)));
      stalled.end();
    });
    expect(closeFrame.includes(Buffer.from('SLOW_CONSUMER'))).toBe(true);
    expect(
      closeFrame.includes(Buffer.from([SLOW_CONSUMER_CLOSE_CODE >> 8, SLOW_CONSUMER_CLOSE_CODE & 0xff])),
    ).toBe(true);
    reader.close();
  });
});
