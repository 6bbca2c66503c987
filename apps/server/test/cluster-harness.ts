import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePortBlock as freePortsFrom } from '../bench/http-session';

/* What the tests of `npm run start:cluster` share (cluster.test.ts, chaos.test.ts). */

export const HAPROXY = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((path) => existsSync(path));
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const redisUp = (() => {
  const { hostname, port } = new URL(REDIS_URL);
  const r = spawnSync(
    process.execPath,
    [
      '-e',
      `const s=require('net').connect(${Number(port || 6379)},'${hostname}',()=>{s.write('PING\\r\\n')});` +
        `s.on('data',d=>process.exit(String(d).startsWith('+PONG')?0:1));s.on('error',()=>process.exit(1));` +
        `setTimeout(()=>process.exit(1),2000)`,
    ],
    { timeout: 5000 },
  );
  return r.status === 0;
})();
/** A port with the next three free too (HAProxy, api1, api2, the studio). */
export function freePortBlock(): Promise<number> {
  return freePortsFrom(4);
}

/** A client that keeps its cookies and sends the XSRF header, like the web app. */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    signal?: AbortSignal,
  ) {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const res = await this.fetchOnce(`${this.base}${path}`, {
      method,
      ...(signal ? { signal } : {}),
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return {
      status: res.status,
      servedBy: res.headers.get('x-served-by'),
      retryAfter: res.headers.get('retry-after'),
      json: await res.json().catch(() => null),
    };
  }
  /**
   * A keep-alive connection the proxy closed just as the next request went out fails with "other side
   * closed" before any answer; a browser sends such a request again on a new connection, and so does this.
   */
  private async fetchOnce(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, init);
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code !== 'UND_ERR_SOCKET') throw error;
      return fetch(url, init);
    }
  }
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  /** The same session, straight to another address (one API process's own port). */
  at(base: string): Client {
    const other = new Client(base);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }
}
