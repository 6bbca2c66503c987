import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { POSTS } from '@lotto59/domain';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../test/databases';
import { drawOf, openRound, placeBet } from '../../../test/lotto59-helpers';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/test-app';

/**
 * Web push end to end (decision 0051) against a local push endpoint that does what a push service's
 * receiving side and the browser do together: it checks the VAPID header (an ES256 JWT signed with the key
 * the subscription was made for, RFC 8292) and decrypts the body with the device's private key (RFC 8291,
 * aes128gcm). Nothing here uses web-push to decrypt: a wrong encryption or signature fails.
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The browser's side of one subscription: its ECDH key pair and auth secret. */
function newDevice(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    endpoint,
    ecdh,
    auth,
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: the one-record aes128gcm body, decrypted as the browser does. */
function decrypt(device: ReturnType<typeof newDevice>, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const uaPublic = device.ecdh.getPublicKey();
  const ecdhSecret = device.ecdh.computeSecret(asPublic);
  const prkKey = hmac(device.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record: the text, a 0x02 delimiter, then zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292 §3: `vapid t=<JWT>, k=<public key>`; the JWT's ES256 signature checked with that key. */
function checkVapid(header: string | undefined, publicKey: string, audience: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  expect(match, `Authorization: ${header}`).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [head, payload, signature] = jwt!.split('.');
  expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  expect(claims.aud).toBe(audience);
  expect(claims.sub).toBe('mailto:ops@example.test');
  expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  expect(claims.exp).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);
  const point = Buffer.from(k!, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(signed, 'the VAPID JWT is signed with the configured key').toBe(true);
}

describe.each(TEST_DIALECTS)('web push on %s', (dialect) => {
  let t: TestContext;
  let server: Server;
  let origin: string;
  const received: Received[] = [];
  const vapid = webpush.generateVAPIDKeys();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        // A push service: 201 Created for a live subscription, 410 Gone for one the browser dropped.
        res.statusCode = req.url?.startsWith('/gone') ? 410 : 201;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp(dialect, {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.test',
      PUSH_SERVICE_HOSTS: '127.0.0.1',
      PUSH_INSECURE_ENDPOINTS: 'true',
      // A classic round's length (the fast pool's minute leaves no time for a one-minute alert).
      LOTTO_OPEN_SECONDS_POLL_2: '180',
    });
    await t.app.services.lotto59.scheduler.tick();
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  async function signedIn() {
    const p = await t.newPlayer({ balance: 100_000 });
    const browser = new TestBrowser(t.app);
    await browser.login(p.username, p.password);
    return { ...p, browser };
  }

  const subscriptionsOf = (playerId: number) =>
    t.tdb.db.selectFrom('push_subscriptions').selectAll().where('player_id', '=', playerId).execute();

  it('gives the public key; subscribing needs a session and the XSRF token, and refuses a foreign host', async () => {
    const player = await signedIn();
    const key = await player.browser.get('/api/v1/push/key');
    expect(key.json()).toEqual({ data: { enabled: true, public_key: vapid.publicKey } });

    const device = newDevice(`${origin}/ok/xsrf`);
    player.browser.sendXsrf = false;
    const noToken = await player.browser.post('/api/v1/push/subscriptions', device.json);
    expect(noToken.statusCode).toBe(419);
    player.browser.sendXsrf = true;
    expect(await subscriptionsOf(player.id)).toEqual([]);

    const foreign = newDevice('https://attacker.example/collect');
    const refused = await player.browser.post('/api/v1/push/subscriptions', foreign.json);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('VALIDATION_FAILED');

    const anonymous = new TestBrowser(t.app);
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.post('/api/v1/push/subscriptions', device.json)).statusCode).toBe(401);

    const ok = await player.browser.post('/api/v1/push/subscriptions', device.json);
    expect(ok.statusCode).toBe(200);
    expect((await subscriptionsOf(player.id)).map((s) => s.endpoint)).toEqual([device.endpoint]);
    // Off again from the same device; the row goes.
    const off = await player.browser.request({
      method: 'DELETE',
      url: '/api/v1/push/subscriptions',
      payload: { endpoint: device.endpoint },
    });
    expect(off.statusCode).toBe(200);
    expect(await subscriptionsOf(player.id)).toEqual([]);
  });

  it('a winning lotto 59 ticket: the subscriber decrypts "your ticket won", the non-subscriber gets nothing', async () => {
    const subscriber = await signedIn();
    const other = await signedIn();
    const device = newDevice(`${origin}/ok/${subscriber.id}`);
    expect((await subscriber.browser.post('/api/v1/push/subscriptions', device.json)).statusCode).toBe(200);

    const round = await openRound(t.app, 'POLL_2');
    const numbers = drawOf(round);
    // Both bet the drawn first ball on every post: both win.
    const body = {
      poll: 'POLL_2',
      result_id: round.id,
      bets: [{ type: 'NUMBER', posts: [...POSTS], numbers: String(numbers[0]), amount: 1_000 }],
    };
    expect((await placeBet(subscriber.browser, body)).statusCode).toBe(200);
    expect((await placeBet(other.browser, body)).statusCode).toBe(200);
    const before = received.length;

    t.clock.advanceMs(round.close_at_ms - t.clock.nowMs());
    await t.app.services.lotto59.scheduler.tick();
    t.clock.advanceMs(round.settle_at_ms - t.clock.nowMs());
    await t.app.services.lotto59.scheduler.tick();
    expect((await t.app.services.lotto59.rounds.byId(round.id)).status).toBe('SETTLED');
    await t.app.services.push.service.idle();

    const pushes = received.slice(before);
    expect(pushes.map((p) => p.path)).toEqual([`/ok/${subscriber.id}`]);
    const [push] = pushes;
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.ttl).toBe(String(24 * 3600));
    checkVapid(push!.headers.authorization, vapid.publicKey, origin);
    const message = JSON.parse(decrypt(device, push!.body)) as Record<string, unknown>;
    expect(message).toEqual({ type: 'ticket_won', game: 'lotto59', url: '/ticket/lotto59' });
    // No amount in the push: it is shown inside the app only.
    expect(JSON.stringify(message)).not.toMatch(/\d{3}/);
  });

  it('a subscription the push service answers 410 for is deleted', async () => {
    const player = await signedIn();
    const gone = newDevice(`${origin}/gone/${player.id}`);
    const live = newDevice(`${origin}/ok/second-${player.id}`);
    await player.browser.post('/api/v1/push/subscriptions', gone.json);
    await player.browser.post('/api/v1/push/subscriptions', live.json);
    expect(await subscriptionsOf(player.id)).toHaveLength(2);
    const before = received.length;

    t.app.services.push.service.ticketWon('lottery', [player.id]);
    await t.app.services.push.service.idle();

    expect(
      received
        .slice(before)
        .map((p) => p.path)
        .sort(),
    ).toEqual([`/gone/${player.id}`, `/ok/second-${player.id}`]);
    expect((await subscriptionsOf(player.id)).map((s) => s.endpoint)).toEqual([live.endpoint]);
    const lotteryPush = received.slice(before).find((p) => p.path.startsWith('/ok/'))!;
    expect(JSON.parse(decrypt(live, lotteryPush.body))).toEqual({
      type: 'ticket_won',
      game: 'lottery',
      url: '/ticket/lottery',
    });
  });

  it('"the draw you bet on starts in 1 minute": once, with a one-minute TTL, to a bettor who bet ahead', async () => {
    const bettor = await signedIn();
    const device = newDevice(`${origin}/ok/draw-${bettor.id}`);
    await bettor.browser.post('/api/v1/push/subscriptions', device.json);
    // A fresh round, bet on as it opens (the earlier tests' clock has run into the open one).
    const current = await openRound(t.app, 'POLL_2');
    t.clock.advanceMs(current.close_at_ms - t.clock.nowMs());
    await t.app.services.lotto59.scheduler.tick();
    const round = await openRound(t.app, 'POLL_2');
    const body = {
      poll: 'POLL_2',
      result_id: round.id,
      bets: [{ type: 'RANGE_1', amount: 1_000 }],
    };
    expect((await placeBet(bettor.browser, body)).statusCode).toBe(200);
    const alerts = t.app.services.push.alerts;
    const leadMs = 60_000;
    expect(
      round.first_ball_at_ms - t.clock.nowMs(),
      'the round starts more than a minute after the bet',
    ).toBeGreaterThan(leadMs + 2_000);
    t.clock.advanceMs(round.first_ball_at_ms - leadMs - 1_000 - t.clock.nowMs());
    await alerts.tick();
    await t.app.services.push.service.idle();
    const before = received.length;
    t.clock.advanceMs(2_000);
    await alerts.tick();
    t.clock.advanceMs(2_000);
    await alerts.tick();
    await t.app.services.push.service.idle();

    const pushes = received.slice(before).filter((p) => p.path === `/ok/draw-${bettor.id}`);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.headers.ttl).toBe('60');
    expect(pushes[0]!.headers.urgency).toBe('high');
    expect(JSON.parse(decrypt(device, pushes[0]!.body))).toEqual({
      type: 'draw_soon',
      game: 'lotto59',
      url: '/game/lotto/59',
    });
  });
});
