import type { SchoolFishView, SessionReply, ShotReply } from '../../../src/api/game-api';
import { CANNON_COSTS, FISH_KINDS, MAGAZINE_SHOTS } from '../../../src/rules';
import { GameApi, GameApiFailure } from '../shared/api';
import { h } from '../shared/dom';
import { i18n, riel, thousands } from '../shared/i18n';
import { readLaunchParams } from '../shared/params';
import { createSound } from '../shared/sound';
import { drawBullet, drawCannon, drawCapture, drawFish, drawNet, drawSea, lookOf } from './art';
import { fishPoint, fishUnder } from './path';
import { verifyShot } from './verify';
import '../shared/base.css';
import './fishing.css';

/*
 * Ocean Dragon's page: a full-screen canvas. The server decides everything that touches money: it tells the page
 * which fish swim (their cosmetic paths) and answers each shot. The page aims, animates and shows the balance.
 */

interface LiveFish {
  view: SchoolFishView;
  /** Hit radius in playfield-height units. */
  radius: number;
}
interface Flight {
  fromX: number;
  fromY: number;
  fishId: number;
  startedAt: number;
  reply?: ShotReply;
  done?: boolean;
}
interface Effect {
  x: number;
  y: number;
  r: number;
  startedAt: number;
  label?: string;
  sub?: string;
}

const BULLET_MS = 220;
const NET_MS = 450;
const CAPTURE_MS = 1_400;
const POLL_MS = 2_500;
const HOLD_REPEAT_MS = 280;
const MAX_IN_FLIGHT = 3;
const TAP_SLACK = 0.03;
/** The leave handshake with the casino's page around this one (apps/web/…/providers/lib/finish-game.ts). */
const FINISH_MESSAGE = 'fishing:exit';
const FINISHED_MESSAGE = 'fishing:exited';

const params = readLaunchParams(window.location.search, '4');
const text = i18n(params.lang);
document.documentElement.lang = params.lang;
document.title = text.t('fishingTitle');
const root = document.getElementById('app')!;
const api = new GameApi();
const sound = createSound(params.sound);

function message(line: string): void {
  root.replaceChildren(h('p', { class: 'ocean-message', role: 'alert', 'data-testid': 'reopen' }, line));
}

async function start(): Promise<void> {
  root.replaceChildren(h('p', { class: 'ocean-message', role: 'status' }, text.t('loading')));
  let session: SessionReply;
  try {
    session = await api.openSession(params.provider, params.code);
  } catch (error) {
    const code = error instanceof GameApiFailure ? error.code : 'NETWORK';
    message(code === 'INVALID_SESSION' || code === 'SESSION_EXPIRED' ? text.t('reopen') : text.error(code));
    return;
  }
  play(session);
}

function play(session: SessionReply): void {
  const canvas = h('canvas', {
    class: 'ocean-canvas',
    'data-testid': 'ocean',
    'aria-label': text.t('tapToShoot'),
  });
  const live = h('p', { class: 'sr-only', 'aria-live': 'polite', 'data-testid': 'status' });
  root.replaceChildren(canvas, live);
  const g = canvas.getContext('2d')!;

  let balance = session.balance;
  let level = 1;
  let shotsLeft: number | null = null;
  let clockOffset = 0;
  let width = 0;
  let height = 0;
  let field = 0;
  let toast: { text: string; until: number } | null = null;
  let aim = -Math.PI / 2;
  let recoilAt = 0;
  let ended = false;
  const fish = new Map<number, LiveFish>();
  const flights: Flight[] = [];
  const nets: Effect[] = [];
  const captures: Effect[] = [];

  const serverNow = () => Date.now() + clockOffset;
  const unit = () => Math.min(width, field);

  function resize(): void {
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    width = window.innerWidth;
    height = window.innerHeight;
    field = height - barHeight();
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    for (const f of fish.values()) f.radius = radiusOf(f.view.kind);
  }
  const barHeight = () => Math.max(72, Math.min(120, window.innerHeight * 0.14));
  // A finger is not a pixel: the hit circle is the drawn fish plus a margin.
  const radiusOf = (kind: string) => (lookOf(kind).radius * unit() * 1.25) / field + TAP_SLACK;
  // The cannon sits low, with room under it for the cost of a shot even in a short landscape bar.
  const cannonAt = () => ({
    x: width / 2,
    y: height - Math.max(barHeight() * 0.3, 30),
    size: Math.min(64, unit() * 0.11),
  });
  const buttons = () => {
    const c = cannonAt();
    return {
      down: { x: c.x - c.size * 2.2, y: c.y - c.size * 0.2, r: c.size * 0.45 },
      up: { x: c.x + c.size * 2.2, y: c.y - c.size * 0.2, r: c.size * 0.45 },
      sound: { x: width - 30, y: 30, r: 20 },
      info: { x: 30, y: 30, r: 20 },
    };
  };

  function say(line: string, ms = 2_500): void {
    toast = { text: line, until: performance.now() + ms };
    live.textContent = line;
  }

  async function poll(): Promise<void> {
    if (ended) return;
    try {
      const sent = Date.now();
      const reply = await api.fish();
      clockOffset = reply.now - (sent + Date.now()) / 2;
      const seen = new Set<number>();
      for (const view of reply.fish) {
        seen.add(view.id);
        if (!fish.has(view.id)) fish.set(view.id, { view, radius: radiusOf(view.kind) });
      }
      // A fish the server no longer lists was caught (or swam away): it goes.
      for (const id of fish.keys())
        if (!seen.has(id) && fishPoint(fish.get(id)!.view, serverNow()).t < 1) fish.delete(id);
    } catch (error) {
      handleError(error);
    }
  }

  function handleError(error: unknown): void {
    const code = error instanceof GameApiFailure ? error.code : 'NETWORK';
    if (code === 'INVALID_SESSION' || code === 'SESSION_EXPIRED') {
      ended = true;
      message(text.t('reopen'));
      return;
    }
    say(text.error(code));
  }

  /** Sends a shot at `target`; false when none was sent (the game is over, or MAX_IN_FLIGHT shots still fly). */
  function fire(target: LiveFish): boolean {
    if (ended || flights.filter((f) => !f.done).length >= MAX_IN_FLIGHT) return false;
    const c = cannonAt();
    const p = fishPoint(target.view, serverNow());
    aim = Math.atan2(p.y * field - c.y, p.x * width - c.x);
    recoilAt = performance.now();
    const flight: Flight = {
      fromX: c.x + Math.cos(aim) * c.size,
      fromY: c.y + Math.sin(aim) * c.size,
      fishId: target.view.id,
      startedAt: performance.now(),
    };
    flights.push(flight);
    sound.play('tick');
    const requestId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
    api
      .shoot({ fish_id: target.view.id, level, request_id: requestId })
      .then((reply) => {
        flight.reply = reply;
        balance = reply.balance;
        shotsLeft = reply.magazine?.shots_left ?? null;
        if (reply.captured) {
          const caughtAt = fishPoint(target.view, serverNow());
          fish.delete(reply.fish_id);
          captures.push({
            x: caughtAt.x * width,
            y: caughtAt.y * field,
            r: Math.max(22, unit() * 0.06),
            startedAt: performance.now(),
            label: `× ${reply.multiplier}`,
            sub: `+${thousands(reply.payout)} ៛`,
          });
          sound.play('win');
          live.textContent = `${text.t('caught')} × ${reply.multiplier}: ${riel(reply.payout)}`;
        }
      })
      .catch((error: unknown) => {
        flight.done = true;
        if (error instanceof GameApiFailure && error.code === 'FISH_NOT_THERE') {
          fish.delete(target.view.id);
          return;
        }
        handleError(error);
      });
    return true;
  }

  // Pointer: a tap on a button acts; a tap on the sea aims, and shoots the fish under it. Holding keeps shooting.
  let holding: { x: number; y: number; timer: number } | null = null;
  const targetAt = (x: number, y: number) =>
    fishUnder([...fish.values()], x / width, y / field, serverNow(), width / field);
  const hit = (b: { x: number; y: number; r: number }, x: number, y: number) =>
    Math.hypot(b.x - x, b.y - y) <= b.r * 1.4;

  canvas.addEventListener('pointerdown', (event) => {
    const x = event.clientX;
    const y = event.clientY;
    const b = buttons();
    if (hit(b.down, x, y)) return setLevel(level - 1);
    if (hit(b.up, x, y)) return setLevel(level + 1);
    if (hit(b.sound, x, y)) {
      sound.muted = !sound.muted;
      return say(sound.muted ? text.t('soundOff') : text.t('soundOn'), 1_200);
    }
    if (hit(b.info, x, y)) return openSheet();
    const c = cannonAt();
    aim = Math.atan2(Math.min(y, c.y - 1) - c.y, x - c.x);
    const target = targetAt(x, y);
    const fired = target ? fire(target) : false;
    // The fish a shot was sent at, for the browser tests (they tap where a fish is drawn, then wait for the answer):
    // empty when the tap hit nothing, or hit a fish while MAX_IN_FLIGHT shots were still flying (none sent).
    canvas.dataset.tapped = fired && target ? String(target.view.id) : '';
    canvas.setPointerCapture(event.pointerId);
    holding = {
      x,
      y,
      timer: window.setInterval(() => {
        if (!holding) return;
        const next = targetAt(holding.x, holding.y);
        if (next) fire(next);
      }, HOLD_REPEAT_MS),
    };
  });
  canvas.addEventListener('pointermove', (event) => {
    if (!holding) return;
    holding.x = event.clientX;
    holding.y = event.clientY;
    const c = cannonAt();
    aim = Math.atan2(Math.min(holding.y, c.y - 1) - c.y, holding.x - c.x);
  });
  const release = () => {
    if (holding) window.clearInterval(holding.timer);
    holding = null;
  };
  canvas.addEventListener('pointerup', release);
  canvas.addEventListener('pointercancel', release);
  window.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowUp' || event.key === '+') setLevel(level + 1);
    if (event.key === 'ArrowDown' || event.key === '-') setLevel(level - 1);
  });

  function setLevel(next: number): void {
    level = Math.min(CANNON_COSTS.length, Math.max(1, next));
    sound.play('chip');
    say(`${text.t('cannon')} ${riel(CANNON_COSTS[level - 1]!)} ${text.t('perShot')}`, 1_200);
  }

  function openSheet(): void {
    const sheet = h('section', { class: 'ocean-sheet', role: 'dialog', 'aria-label': text.t('rules') });
    const close = () => sheet.remove();
    const kinds = FISH_KINDS.map((k) =>
      h(
        'tr',
        {},
        h('td', {}, k.code === 'DRAGON' ? text.t('dragon') : k.code),
        h('td', {}, `× ${k.multipliers.join(' / ')}`),
      ),
    );
    const shots = h('div', {}, text.t('loading'));
    sheet.append(
      h('button', { type: 'button', onclick: close, 'data-testid': 'close' }, text.t('close')),
      h('h2', {}, text.t('fishingTitle')),
      h('p', {}, text.t('fishRules')),
      h('p', {}, `${text.t('rtp')}: 96.00 %`),
      h('table', {}, ...kinds),
      h('h2', {}, text.t('fairTitle')),
      h('p', {}, text.t('fairExplain')),
      h('p', {}, `${text.t('serverSeedHash')}: `, h('code', {}, session.fair.server_seed_hash)),
      h(
        'button',
        {
          type: 'button',
          onclick: () => {
            void api
              .rotate()
              .then((r) => {
                session.fair = r.current;
                close();
                openSheet();
              })
              .catch(handleError);
          },
        },
        text.t('rotate'),
      ),
      h('h2', {}, text.t('pastRounds')),
      shots,
    );
    root.append(sheet);
    api
      .fishingHistory(20)
      .then((list) => {
        shots.replaceChildren(
          list.length === 0
            ? text.t('noRounds')
            : h(
                'table',
                {},
                ...list.map((shot) => {
                  const check = verifyShot(shot);
                  const verdict =
                    check.status === 'match'
                      ? text.t('match')
                      : check.status === 'mismatch'
                        ? text.t('mismatch')
                        : '…';
                  return h(
                    'tr',
                    {},
                    h('td', {}, `#${shot.nonce}`),
                    h('td', {}, shot.fish),
                    h('td', {}, riel(shot.cost)),
                    h('td', {}, shot.captured ? `× ${shot.multiplier}` : '—'),
                    h('td', { title: check.status === 'pending' ? text.t('pending') : '' }, verdict),
                  );
                }),
              ),
        );
      })
      .catch(handleError);
  }

  function frame(): void {
    if (ended) return;
    const now = performance.now();
    const server = serverNow();
    drawSea(g, width, height, now);

    for (const f of fish.values()) {
      const p = fishPoint(f.view, server);
      if (p.t > 1.05) {
        fish.delete(f.view.id);
        continue;
      }
      if (p.t < 0) continue;
      const r = (f.radius - TAP_SLACK) * field;
      g.save();
      g.translate(p.x * width, p.y * field);
      const facingLeft = Math.cos(p.angle) < 0;
      g.rotate(facingLeft ? p.angle - Math.PI : p.angle);
      if (facingLeft) g.scale(-1, 1);
      drawFish(g, f.view.kind, r, now + f.view.id * 97);
      g.restore();
    }

    for (const flight of flights) {
      if (flight.done) continue;
      const k = (now - flight.startedAt) / BULLET_MS;
      const target = fish.get(flight.fishId);
      const to = target ? fishPoint(target.view, server) : null;
      const toX = to ? to.x * width : flight.fromX + Math.cos(aim) * field;
      const toY = to ? to.y * field : flight.fromY + Math.sin(aim) * field;
      if (k >= 1) {
        flight.done = true;
        nets.push({ x: toX, y: toY, r: Math.max(24, unit() * 0.07), startedAt: now });
        continue;
      }
      drawBullet(
        g,
        flight.fromX + (toX - flight.fromX) * k,
        flight.fromY + (toY - flight.fromY) * k,
        Math.max(3, unit() * 0.008),
      );
    }
    for (let i = flights.length - 1; i >= 0; i -= 1)
      if (flights[i]!.done && flights[i]!.reply !== undefined) flights.splice(i, 1);
    for (const list of [nets, captures]) {
      const life = list === nets ? NET_MS : CAPTURE_MS;
      for (let i = list.length - 1; i >= 0; i -= 1) if (now - list[i]!.startedAt > life) list.splice(i, 1);
    }
    for (const net of nets) drawNet(g, net.x, net.y, net.r, (now - net.startedAt) / NET_MS);
    for (const c of captures)
      drawCapture(g, c.x, c.y, c.r, (now - c.startedAt) / CAPTURE_MS, c.label ?? '', c.sub ?? '');

    drawHud(now);
    requestAnimationFrame(frame);
  }

  function drawHud(now: number): void {
    const bar = barHeight();
    const shade = g.createLinearGradient(0, height - bar, 0, height);
    shade.addColorStop(0, 'rgba(2, 26, 49, 0)');
    shade.addColorStop(1, 'rgba(2, 26, 49, 0.85)');
    g.fillStyle = shade;
    g.fillRect(0, height - bar, width, bar);
    const c = cannonAt();
    drawCannon(g, c.x, c.y, c.size, aim, level, Math.max(0, 1 - (now - recoilAt) / 150));
    const b = buttons();
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    for (const [button, label] of [
      [b.down, '−'],
      [b.up, '+'],
      [b.info, '?'],
      [b.sound, sound.muted ? '♪̸' : '♪'],
    ] as const) {
      g.fillStyle = 'rgba(10, 95, 138, 0.85)';
      g.strokeStyle = '#f0c75e';
      g.lineWidth = 2;
      g.beginPath();
      g.arc(button.x, button.y, button.r, 0, Math.PI * 2);
      g.fill();
      g.stroke();
      g.fillStyle = '#fff';
      g.font = `bold ${Math.round(button.r)}px sans-serif`;
      g.fillText(label, button.x, button.y + 1);
    }
    const small = Math.round(Math.max(12, Math.min(18, width / 28)));
    g.font = `bold ${small}px 'Noto Sans Khmer', sans-serif`;
    g.fillStyle = '#f0c75e';
    g.fillText(riel(CANNON_COSTS[level - 1]!), c.x, height - small * 0.8);
    g.textAlign = 'left';
    g.fillStyle = '#fff';
    g.fillText(text.t('balance'), 12, height - bar * 0.62);
    g.fillStyle = '#ffe08a';
    g.font = `bold ${Math.round(small * 1.2)}px 'Noto Sans Khmer', sans-serif`;
    g.fillText(riel(balance), 12, height - bar * 0.3);
    if (shotsLeft !== null) {
      g.textAlign = 'right';
      g.font = `bold ${small}px 'Noto Sans Khmer', sans-serif`;
      g.fillStyle = '#fff';
      g.fillText(`${shotsLeft}/${MAGAZINE_SHOTS} ${text.t('bullets')}`, width - 12, height - bar * 0.3);
    }
    g.textAlign = 'center';
    g.font = `bold ${small * 1.3}px 'Noto Sans Khmer', sans-serif`;
    g.fillStyle = '#f0c75e';
    g.fillText(text.t('fishingTitle'), width / 2, 30);
    if (toast && toast.until > now) {
      g.font = `${small}px 'Noto Sans Khmer', sans-serif`;
      const w = Math.min(width - 24, g.measureText(toast.text).width + 32);
      g.fillStyle = 'rgba(0, 0, 0, 0.6)';
      g.fillRect((width - w) / 2, 56, w, small * 2.2);
      g.fillStyle = '#fff';
      g.fillText(toast.text, width / 2, 56 + small * 1.1, width - 40);
    }
    canvas.dataset.balance = String(balance);
    canvas.dataset.level = String(level);
    canvas.dataset.fish = String(fish.size);
  }

  resize();
  window.addEventListener('resize', resize);
  void poll();
  window.setInterval(() => void poll(), POLL_MS);
  say(text.t('tapToShoot'));
  requestAnimationFrame(frame);
  // Leaving settles provider 5's magazine (its unfired bullets come back); provider 4's money stays in the game
  // until the casino withdraws it.
  window.addEventListener('pagehide', () => {
    if (session.fair && params.provider === '5') void api.exitFishing().catch(() => undefined);
  });
  // The casino's page asks before it closes the session (its leave button): the magazine is settled first, and
  // the answer comes once the wallet has its win, so the balance the casino reads next holds it. Only the page
  // that frames this one may ask; the answer goes back to its origin alone.
  window.addEventListener('message', (event) => {
    const type = (event.data as { type?: unknown } | null)?.type;
    if (event.source !== window.parent || window.parent === window || type !== FINISH_MESSAGE) return;
    ended = true;
    const answer = () => window.parent.postMessage({ type: FINISHED_MESSAGE }, event.origin);
    api.exitFishing().then(answer, answer);
  });
}

void start();
