import { type Circle, type Ocean, buttons, cannonAt, say, serverNow } from './ocean';
import { fishUnder } from './path';
import { fire, setLevel } from './shots';

/* The fishing page's input: a tap on a button acts; a tap on the sea aims, and shoots the fish under it.
 * Holding keeps shooting; the arrow keys and +/- change the cannon. */

const HOLD_REPEAT_MS = 280;

interface Holding {
  x: number;
  y: number;
  timer: number;
}

const targetAt = (o: Ocean, x: number, y: number) =>
  fishUnder([...o.fish.values()], x / o.width, y / o.field, serverNow(o), o.width / o.field);
const hit = (b: Circle, x: number, y: number): boolean => Math.hypot(b.x - x, b.y - y) <= b.r * 1.4;

function aimAt(o: Ocean, x: number, y: number): void {
  const c = cannonAt(o);
  o.aim = Math.atan2(Math.min(y, c.y - 1) - c.y, x - c.x);
}

/** A tap on one of the drawn buttons; true when it was one. */
function pressButton(o: Ocean, x: number, y: number, openSheet: () => void): boolean {
  const b = buttons(o);
  if (hit(b.down, x, y)) setLevel(o, o.level - 1);
  else if (hit(b.up, x, y)) setLevel(o, o.level + 1);
  else if (hit(b.sound, x, y)) {
    o.sound.muted = !o.sound.muted;
    say(o, o.sound.muted ? o.text.t('soundOff') : o.text.t('soundOn'), 1_200);
  } else if (hit(b.info, x, y)) openSheet();
  else return false;
  return true;
}

/** Aims and shoots at the tap, then keeps shooting at whatever is under the finger while it is held. */
function shootAndHold(o: Ocean, event: PointerEvent): Holding {
  const x = event.clientX;
  const y = event.clientY;
  aimAt(o, x, y);
  const target = targetAt(o, x, y);
  const fired = target ? fire(o, target) : false;
  // The fish a shot was sent at, for the browser tests (they tap where a fish is drawn, then wait for the answer):
  // empty when the tap hit nothing, or hit a fish while MAX_IN_FLIGHT shots were still flying (none sent).
  o.canvas.dataset.tapped = fired && target ? String(target.view.id) : '';
  o.canvas.setPointerCapture(event.pointerId);
  const holding: Holding = {
    x,
    y,
    timer: window.setInterval(() => {
      const next = targetAt(o, holding.x, holding.y);
      if (next) fire(o, next);
    }, HOLD_REPEAT_MS),
  };
  return holding;
}

export function listenToInput(o: Ocean, openSheet: () => void): void {
  let holding: Holding | null = null;
  o.canvas.addEventListener('pointerdown', (event) => {
    if (pressButton(o, event.clientX, event.clientY, openSheet)) return;
    holding = shootAndHold(o, event);
  });
  o.canvas.addEventListener('pointermove', (event) => {
    if (!holding) return;
    holding.x = event.clientX;
    holding.y = event.clientY;
    aimAt(o, holding.x, holding.y);
  });
  const release = () => {
    if (holding) window.clearInterval(holding.timer);
    holding = null;
  };
  o.canvas.addEventListener('pointerup', release);
  o.canvas.addEventListener('pointercancel', release);
  window.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowUp' || event.key === '+') setLevel(o, o.level + 1);
    if (event.key === 'ArrowDown' || event.key === '-') setLevel(o, o.level - 1);
  });
}
