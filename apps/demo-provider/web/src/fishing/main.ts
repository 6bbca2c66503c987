import type { SessionReply } from '../../../src/api/game-api';
import { GameApi, GameApiFailure } from '../shared/api';
import { h } from '../shared/dom';
import { i18n } from '../shared/i18n';
import { readLaunchParams } from '../shared/params';
import { createSound } from '../shared/sound';
import { frame } from './frame';
import { listenToInput } from './input';
import { type Ocean, resize, say } from './ocean';
import { openSheet } from './sheet';
import { poll } from './shots';
import '../shared/base.css';
import './fishing.css';

/*
 * Ocean Dragon's page: a full-screen canvas. The server decides everything that touches money: it tells the page
 * which fish swim (their cosmetic paths) and answers each shot. The page aims, animates and shows the balance.
 * Its parts: ocean.ts (state, geometry), shots.ts (the server's answers), input.ts, frame.ts (drawing), sheet.ts.
 */

const POLL_MS = 2_500;
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

function createOcean(session: SessionReply): Ocean {
  const canvas = h('canvas', {
    class: 'ocean-canvas',
    'data-testid': 'ocean',
    'aria-label': text.t('tapToShoot'),
  });
  const live = h('p', { class: 'sr-only', 'aria-live': 'polite', 'data-testid': 'status' });
  root.replaceChildren(canvas, live);
  return {
    session,
    text,
    api,
    sound,
    canvas,
    g: canvas.getContext('2d')!,
    live,
    message,
    balance: session.balance,
    level: 1,
    shotsLeft: null,
    clockOffset: 0,
    width: 0,
    height: 0,
    field: 0,
    toast: null,
    aim: -Math.PI / 2,
    recoilAt: 0,
    ended: false,
    fish: new Map(),
    flights: [],
    nets: [],
    captures: [],
  };
}

/**
 * Leaving settles provider 5's magazine (its unfired bullets come back); provider 4's money stays in the game
 * until the casino withdraws it. The casino's page asks before it closes the session (its leave button): the
 * magazine is settled first, and the answer comes once the wallet has its win, so the balance the casino reads
 * next holds it. Only the page that frames this one may ask; the answer goes back to its origin alone.
 */
function listenForLeave(o: Ocean): void {
  window.addEventListener('pagehide', () => {
    if (o.session.fair && params.provider === '5') void api.exitFishing().catch(() => undefined);
  });
  window.addEventListener('message', (event) => {
    const type = (event.data as { type?: unknown } | null)?.type;
    if (event.source !== window.parent || window.parent === window || type !== FINISH_MESSAGE) return;
    o.ended = true;
    const answer = () => window.parent.postMessage({ type: FINISHED_MESSAGE }, event.origin);
    api.exitFishing().then(answer, answer);
  });
}

function play(session: SessionReply): void {
  const o = createOcean(session);
  listenToInput(o, () => openSheet(o, root));
  resize(o);
  window.addEventListener('resize', () => resize(o));
  void poll(o);
  window.setInterval(() => void poll(o), POLL_MS);
  say(o, text.t('tapToShoot'));
  requestAnimationFrame(() => frame(o));
  listenForLeave(o);
}

void start();
