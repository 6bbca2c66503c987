import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type {
  DealReply,
  FairState,
  GameApiError,
  HistoryRound,
  SessionReply,
  SpinReply,
} from '../apps/demo-provider/src/api/game-api';
import {
  ANGKOR_FORTUNE,
  baccaratTable,
  checkLineBet,
  checkRoundBets,
  dealCoup,
  evaluateSpin,
  fairWordSource,
  isClientSeed,
  serverSeedHash,
  settleRound,
  spinFromStream,
} from '../apps/demo-provider/src/rules';

/*
 * A stand-in for the demo studio's server, for e2e/demo-games.spec.ts only: it serves the built game pages
 * (apps/demo-provider/web/dist) and answers the studio's game API (apps/demo-provider/src/api/game-api.ts) with
 * rounds computed by the real rules from a real seed pair, in memory. Launch codes it understands:
 * `expired` is refused as the real server refuses a spent code; `tamper` makes the history lie about its
 * results, so the fairness panel's "mismatch" can be seen; `poor` starts with 1,500 ៛; `once` plays one round,
 * then the session has expired; `lucky` (slot) picks a seed whose first spin wins on a line. Once the real studio server is merged, the spec is
 * pointed at it instead.
 */

const DIST = 'apps/demo-provider/web/dist';
const BASE = '/provider/demo/';
const START_BALANCE = 1_000_000;
/** The casino wallet's default largest bet (PROVIDER_MAX_BET), announced as the studio's server does. */
const WALLET_MAX_BET = 5_000_000;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json',
};

interface Player {
  game: string;
  balance: number;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  tamper: boolean;
  /** Rounds left before the session expires (`once`), or null. */
  roundsLeft: number | null;
  /** Newest first, with the seed each round used (revealed once that seed is rotated away). */
  rounds: (HistoryRound & { seed: string })[];
  replies: Map<string, unknown>;
}

const newSeed = () => randomBytes(32).toString('hex');

/**
 * A fresh seed whose first spin (nonce 0) wins on a line: a line hits about every other spin, so a few draws
 * find one, and the test sees a win without spinning for a minute on a busy machine. Still a real seed pair,
 * verifiable like any other.
 */
function luckySeed(clientSeed: string): string {
  for (;;) {
    const seed = newSeed();
    const stops = spinFromStream(fairWordSource(seed, clientSeed, 0));
    if (evaluateSpin(stops, ANGKOR_FORTUNE.lineBets[0]!).lineWins.length > 0) return seed;
  }
}

function fairOf(p: Player): FairState {
  return { server_seed_hash: serverSeedHash(p.serverSeed), client_seed: p.clientSeed, next_nonce: p.nonce };
}

function refuse(res: ServerResponse, status: number, code: GameApiError['code'], message: string): void {
  send(res, status, { code, message } satisfies GameApiError);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function serveFile(url: string, res: ServerResponse): void {
  let path = normalize(decodeURIComponent(url.slice(BASE.length).split('?')[0]!));
  if (path.startsWith('..')) path = '';
  let file = join(DIST, path);
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!existsSync(file)) {
    res.writeHead(404).end('not found');
    return;
  }
  res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
}

export interface DemoFixture {
  url: string;
  close(): Promise<void>;
}

/**
 * Builds the pages first (a second or two), so the test never runs a stale build: `npm run test:e2e` builds the
 * web app only.
 */
export async function startDemoFixture(): Promise<DemoFixture> {
  execFileSync('npm', ['run', '--silent', 'build:web', '-w', '@lotto59/demo-provider'], { stdio: 'ignore' });
  const players = new Map<string, Player>();

  const record = (p: Player, round: Omit<HistoryRound, 'server_seed' | 'created_at' | 'game_code'>) => {
    p.rounds.unshift({
      ...round,
      game_code: p.game,
      server_seed: null,
      created_at: new Date().toISOString(),
      seed: p.serverSeed,
    });
    p.nonce += 1;
    if (p.roundsLeft !== null) p.roundsLeft -= 1;
  };

  const api = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (path === 'api/session' && req.method === 'POST') {
      const body = await readJson(req);
      const code = String(body.code ?? '');
      if (!code || code === 'expired')
        return refuse(res, 401, 'INVALID_SESSION', 'launch code unknown or used');
      const session = randomBytes(24).toString('base64url');
      const game = body.provider === '2' ? 'baccarat' : 'angkor-fortune';
      const clientSeed = randomBytes(8).toString('hex');
      const p: Player = {
        game,
        balance: code === 'poor' ? 1_500 : START_BALANCE,
        serverSeed: code === 'lucky' ? luckySeed(clientSeed) : newSeed(),
        clientSeed,
        nonce: 0,
        tamper: code === 'tamper',
        roundsLeft: code === 'once' ? 1 : null,
        rounds: [],
        replies: new Map(),
      };
      players.set(session, p);
      const reply: SessionReply = {
        session,
        user: 'demo',
        game_code: game,
        currency: 'KHR',
        balance: p.balance,
        expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
        max_bet: WALLET_MAX_BET,
        fair: fairOf(p),
      };
      return send(res, 200, reply);
    }
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const p = players.get(bearer);
    if (!p) return refuse(res, 401, 'INVALID_SESSION', 'no such session');
    if (p.roundsLeft === 0) return refuse(res, 401, 'SESSION_EXPIRED', 'session expired');

    if (path === 'api/slot/spin' && req.method === 'POST') {
      const body = await readJson(req);
      const requestId = String(body.request_id);
      if (p.replies.has(requestId)) return send(res, 200, p.replies.get(requestId));
      const lineBet = checkLineBet(Number(body.line_bet));
      if (!lineBet.ok) return refuse(res, 400, 'INVALID_BET', lineBet.message);
      const totalBet = lineBet.value * ANGKOR_FORTUNE.lines.length;
      if (totalBet > p.balance) return refuse(res, 409, 'NOT_ENOUGH_MONEY', 'not enough money');
      const stops = spinFromStream(fairWordSource(p.serverSeed, p.clientSeed, p.nonce));
      const outcome = evaluateSpin(stops, lineBet.value);
      p.balance += outcome.totalWin - totalBet;
      const reply: SpinReply = {
        round_id: randomBytes(8).toString('hex'),
        nonce: p.nonce,
        client_seed: p.clientSeed,
        server_seed_hash: serverSeedHash(p.serverSeed),
        stops,
        window: outcome.window.map((column) => [...column]),
        lines: outcome.lineWins.map((w) => ({
          line: w.lineIndex + 1,
          symbol: w.symbol,
          count: w.count,
          win: w.win,
        })),
        scatter: { count: outcome.scatter.count, win: outcome.scatter.win },
        total_bet: totalBet,
        win: outcome.totalWin,
        balance: p.balance,
      };
      record(p, {
        round_id: reply.round_id,
        nonce: reply.nonce,
        client_seed: reply.client_seed,
        server_seed_hash: reply.server_seed_hash,
        total_bet: totalBet,
        win: reply.win,
        result: { stops: p.tamper ? stops.map((s) => (s + 1) % 32) : stops },
      });
      p.replies.set(requestId, reply);
      return send(res, 200, reply);
    }

    if (path === 'api/baccarat/deal' && req.method === 'POST') {
      const body = await readJson(req);
      const requestId = String(body.request_id);
      if (p.replies.has(requestId)) return send(res, 200, p.replies.get(requestId));
      const asked = Array.isArray(body.bets) ? (body.bets as { type: string; amount: number }[]) : [];
      const checked = checkRoundBets(
        asked.map((b) => ({ kind: b.type, amount: b.amount })),
        baccaratTable(WALLET_MAX_BET),
      );
      if (!checked.ok) return refuse(res, 400, 'INVALID_BET', checked.message);
      const stake = checked.value.reduce((sum, b) => sum + b.amount, 0);
      if (stake > p.balance) return refuse(res, 409, 'NOT_ENOUGH_MONEY', 'not enough money');
      const coup = dealCoup(fairWordSource(p.serverSeed, p.clientSeed, p.nonce));
      const settled = settleRound(checked.value, coup);
      p.balance += settled.payout - settled.stake;
      const order: DealReply['deal_order'] = [
        { hand: 'PLAYER', card: coup.player[0]!.id },
        { hand: 'BANKER', card: coup.banker[0]!.id },
        { hand: 'PLAYER', card: coup.player[1]!.id },
        { hand: 'BANKER', card: coup.banker[1]!.id },
      ];
      if (coup.player[2]) order.push({ hand: 'PLAYER', card: coup.player[2].id });
      if (coup.banker[2]) order.push({ hand: 'BANKER', card: coup.banker[2].id });
      const reply: DealReply = {
        round_id: randomBytes(8).toString('hex'),
        nonce: p.nonce,
        client_seed: p.clientSeed,
        server_seed_hash: serverSeedHash(p.serverSeed),
        deal_order: order,
        player_cards: coup.player.map((c) => c.id),
        banker_cards: coup.banker.map((c) => c.id),
        player_score: coup.playerValue,
        banker_score: coup.bankerValue,
        outcome: coup.outcome,
        bets: settled.bets.map((b) => ({ type: b.kind, amount: b.amount, payout: b.payout })),
        total_bet: settled.stake,
        win: settled.payout,
        balance: p.balance,
      };
      record(p, {
        round_id: reply.round_id,
        nonce: reply.nonce,
        client_seed: reply.client_seed,
        server_seed_hash: reply.server_seed_hash,
        total_bet: settled.stake,
        win: settled.payout,
        result: {
          deal_order: p.tamper
            ? order.map((d, i) => (i === 0 ? { ...d, card: (d.card + 1) % 416 } : d))
            : order,
          outcome: coup.outcome,
        },
      });
      p.replies.set(requestId, reply);
      return send(res, 200, reply);
    }

    if (path.startsWith('api/history') && req.method === 'GET') {
      const limit = Number(new URL(path, 'http://x/').searchParams.get('limit') ?? 30);
      const current = p.serverSeed;
      return send(
        res,
        200,
        p.rounds.slice(0, limit).map(({ seed, ...round }): HistoryRound => ({
          ...round,
          server_seed: seed === current ? null : seed,
        })),
      );
    }

    if (path === 'fair' && req.method === 'GET') return send(res, 200, fairOf(p));
    if (path === 'fair' && req.method === 'POST') {
      const body = await readJson(req);
      if (body.rotate === true) {
        const previous = {
          server_seed: p.serverSeed,
          server_seed_hash: serverSeedHash(p.serverSeed),
          client_seed: p.clientSeed,
          last_nonce: p.nonce > 0 ? p.nonce - 1 : null,
        };
        p.serverSeed = newSeed();
        p.nonce = 0;
        return send(res, 200, { previous, current: fairOf(p) });
      }
      const seed = String(body.client_seed ?? '');
      if (!isClientSeed(seed))
        return refuse(res, 400, 'INVALID_BET', 'client seed must be [A-Za-z0-9_-]{1,64}');
      p.clientSeed = seed;
      return send(res, 200, fairOf(p));
    }
    return refuse(res, 404, 'INVALID_BET', 'no such endpoint');
  };

  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith(BASE)) return void res.writeHead(404).end();
    const path = url.slice(BASE.length);
    if (path.startsWith('api/') || path === 'fair') {
      api(req, res, path).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
      return;
    }
    serveFile(url, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
