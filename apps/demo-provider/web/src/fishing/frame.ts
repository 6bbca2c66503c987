import { CANNON_COSTS, MAGAZINE_SHOTS } from '../../../src/rules';
import { riel } from '../shared/i18n';
import { drawBullet, drawCannon, drawCapture, drawFish, drawNet, drawSea } from './art';
import { type Ocean, TAP_SLACK, barHeight, buttons, cannonAt, serverNow, unit } from './ocean';
import { fishPoint } from './path';

/* One animation frame of the fishing page: the sea, the fish, the bullets, nets and captures, then the HUD. */

const BULLET_MS = 220;
const NET_MS = 450;
const CAPTURE_MS = 1_400;
/** Space between the HUD's texts and the screen edge or a button. */
const HUD_MARGIN_PX = 8;
/** The smallest HUD text still legible on a phone. */
const HUD_FONT_MIN_PX = 10;

function drawSchool(o: Ocean, now: number, server: number): void {
  const { g } = o;
  for (const f of o.fish.values()) {
    const p = fishPoint(f.view, server);
    if (p.t > 1.05) {
      o.fish.delete(f.view.id);
      continue;
    }
    if (p.t < 0) continue;
    const r = (f.radius - TAP_SLACK) * o.field;
    g.save();
    g.translate(p.x * o.width, p.y * o.field);
    const facingLeft = Math.cos(p.angle) < 0;
    g.rotate(facingLeft ? p.angle - Math.PI : p.angle);
    if (facingLeft) g.scale(-1, 1);
    drawFish(g, f.view.kind, r, now + f.view.id * 97);
    g.restore();
  }
}

/** Bullets fly to their fish (or straight on, when it is gone) and leave a net where they land. */
function drawFlights(o: Ocean, now: number, server: number): void {
  for (const flight of o.flights) {
    if (flight.done) continue;
    const k = (now - flight.startedAt) / BULLET_MS;
    const target = o.fish.get(flight.fishId);
    const to = target ? fishPoint(target.view, server) : null;
    const toX = to ? to.x * o.width : flight.fromX + Math.cos(o.aim) * o.field;
    const toY = to ? to.y * o.field : flight.fromY + Math.sin(o.aim) * o.field;
    if (k >= 1) {
      flight.done = true;
      o.nets.push({ x: toX, y: toY, r: Math.max(24, unit(o) * 0.07), startedAt: now });
      continue;
    }
    drawBullet(
      o.g,
      flight.fromX + (toX - flight.fromX) * k,
      flight.fromY + (toY - flight.fromY) * k,
      Math.max(3, unit(o) * 0.008),
    );
  }
  for (let i = o.flights.length - 1; i >= 0; i -= 1)
    if (o.flights[i]!.done && o.flights[i]!.reply !== undefined) o.flights.splice(i, 1);
}

function drawEffects(o: Ocean, now: number): void {
  for (const list of [o.nets, o.captures]) {
    const life = list === o.nets ? NET_MS : CAPTURE_MS;
    for (let i = list.length - 1; i >= 0; i -= 1) if (now - list[i]!.startedAt > life) list.splice(i, 1);
  }
  for (const net of o.nets) drawNet(o.g, net.x, net.y, net.r, (now - net.startedAt) / NET_MS);
  for (const c of o.captures)
    drawCapture(o.g, c.x, c.y, c.r, (now - c.startedAt) / CAPTURE_MS, c.label ?? '', c.sub ?? '');
}

export function frame(o: Ocean): void {
  if (o.ended) return;
  const now = performance.now();
  const server = serverNow(o);
  drawSea(o.g, o.width, o.height, now);
  drawSchool(o, now, server);
  drawFlights(o, now, server);
  drawEffects(o, now);
  drawHud(o, now);
  requestAnimationFrame(() => frame(o));
}

/** Sets the bold HUD font at `size` px, or smaller so that `line` fits in `room` px; the width it takes. */
function fitFont(g: CanvasRenderingContext2D, line: string, size: number, room: number): number {
  let px = size;
  for (;;) {
    g.font = `bold ${px}px 'Noto Sans Khmer', sans-serif`;
    const w = g.measureText(line).width;
    if (w <= room || px <= HUD_FONT_MIN_PX) return w;
    px -= 1;
  }
}

function drawButtons(o: Ocean): void {
  const { g } = o;
  const b = buttons(o);
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  for (const [button, label] of [
    [b.down, '−'],
    [b.up, '+'],
    [b.info, '?'],
    [b.sound, o.sound.muted ? '♪̸' : '♪'],
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
}

/** The balance left of the − button and the magazine right of the + button, each drawn smaller if need be. */
function drawCounters(o: Ocean, small: number, bar: number): void {
  const { g, text, height, width } = o;
  const b = buttons(o);
  // Issue 26, item 5: the balance and the magazine keep to the sides of the − and + buttons; on a 360 px
  // screen a seven-figure balance ran under "−". A figure that does not fit is drawn smaller.
  const side = { left: HUD_MARGIN_PX, right: b.down.x - b.down.r - HUD_MARGIN_PX };
  g.textAlign = 'left';
  g.fillStyle = '#fff';
  fitFont(g, text.t('balance'), small, side.right - side.left);
  g.fillText(text.t('balance'), side.left, height - bar * 0.62);
  g.fillStyle = '#ffe08a';
  const balanceWidth = fitFont(g, riel(o.balance), Math.round(small * 1.2), side.right - side.left);
  g.fillText(riel(o.balance), side.left, height - bar * 0.3);
  o.canvas.dataset.balanceRight = String(Math.ceil(side.left + balanceWidth));
  o.canvas.dataset.minusLeft = String(Math.floor(b.down.x - b.down.r));
  if (o.shotsLeft === null) return;
  g.textAlign = 'right';
  g.fillStyle = '#fff';
  const magazine = `${o.shotsLeft}/${MAGAZINE_SHOTS} ${text.t('bullets')}`;
  fitFont(g, magazine, small, width - HUD_MARGIN_PX - (b.up.x + b.up.r + HUD_MARGIN_PX));
  g.fillText(magazine, width - HUD_MARGIN_PX, height - bar * 0.3);
}

function drawTitleAndToast(o: Ocean, small: number, now: number): void {
  const { g, width, toast } = o;
  g.textAlign = 'center';
  g.font = `bold ${small * 1.3}px 'Noto Sans Khmer', sans-serif`;
  g.fillStyle = '#f0c75e';
  g.fillText(o.text.t('fishingTitle'), width / 2, 30);
  if (!toast || toast.until <= now) return;
  g.font = `${small}px 'Noto Sans Khmer', sans-serif`;
  const w = Math.min(width - 24, g.measureText(toast.text).width + 32);
  g.fillStyle = 'rgba(0, 0, 0, 0.6)';
  g.fillRect((width - w) / 2, 56, w, small * 2.2);
  g.fillStyle = '#fff';
  g.fillText(toast.text, width / 2, 56 + small * 1.1, width - 40);
}

function drawHud(o: Ocean, now: number): void {
  const { g, width, height } = o;
  const bar = barHeight();
  const shade = g.createLinearGradient(0, height - bar, 0, height);
  shade.addColorStop(0, 'rgba(2, 26, 49, 0)');
  shade.addColorStop(1, 'rgba(2, 26, 49, 0.85)');
  g.fillStyle = shade;
  g.fillRect(0, height - bar, width, bar);
  const c = cannonAt(o);
  drawCannon(g, c.x, c.y, c.size, o.aim, o.level, Math.max(0, 1 - (now - o.recoilAt) / 150));
  drawButtons(o);
  const small = Math.round(Math.max(12, Math.min(18, width / 28)));
  g.font = `bold ${small}px 'Noto Sans Khmer', sans-serif`;
  g.fillStyle = '#f0c75e';
  g.fillText(riel(CANNON_COSTS[o.level - 1]!), c.x, height - small * 0.8);
  drawCounters(o, small, bar);
  drawTitleAndToast(o, small, now);
  o.canvas.dataset.balance = String(o.balance);
  o.canvas.dataset.level = String(o.level);
  o.canvas.dataset.fish = String(o.fish.size);
}
