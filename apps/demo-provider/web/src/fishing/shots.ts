import type { ShotReply } from '../../../src/api/game-api';
import { CANNON_COSTS } from '../../../src/rules';
import { GameApiFailure } from '../shared/api';
import { riel, thousands } from '../shared/i18n';
import { type Flight, type LiveFish, type Ocean, cannonAt, radiusOf, say, serverNow, unit } from './ocean';
import { fishPoint } from './path';

/* What the fishing page asks the server: the live fish, and each shot. The server decides all money. */

const MAX_IN_FLIGHT = 3;

export function handleError(o: Ocean, error: unknown): void {
  const code = error instanceof GameApiFailure ? error.code : 'NETWORK';
  if (code === 'INVALID_SESSION' || code === 'SESSION_EXPIRED') {
    o.ended = true;
    o.message(o.text.t('reopen'));
    return;
  }
  say(o, o.text.error(code));
}

export async function poll(o: Ocean): Promise<void> {
  if (o.ended) return;
  try {
    const sent = Date.now();
    const reply = await o.api.fish();
    o.clockOffset = reply.now - (sent + Date.now()) / 2;
    const seen = new Set<number>();
    for (const view of reply.fish) {
      seen.add(view.id);
      if (!o.fish.has(view.id)) o.fish.set(view.id, { view, radius: radiusOf(o, view.kind) });
    }
    // A fish the server no longer lists was caught (or swam away): it goes.
    for (const id of o.fish.keys())
      if (!seen.has(id) && fishPoint(o.fish.get(id)!.view, serverNow(o)).t < 1) o.fish.delete(id);
  } catch (error) {
    handleError(o, error);
  }
}

export function setLevel(o: Ocean, next: number): void {
  o.level = Math.min(CANNON_COSTS.length, Math.max(1, next));
  o.sound.play('chip');
  say(o, `${o.text.t('cannon')} ${riel(CANNON_COSTS[o.level - 1]!)} ${o.text.t('perShot')}`, 1_200);
}

/** The server's answer to a shot: the balance, the magazine, and a capture drawn where the fish was. */
function landShot(o: Ocean, target: LiveFish, flight: Flight, reply: ShotReply): void {
  flight.reply = reply;
  o.balance = reply.balance;
  o.shotsLeft = reply.magazine?.shots_left ?? null;
  if (!reply.captured) return;
  const caughtAt = fishPoint(target.view, serverNow(o));
  o.fish.delete(reply.fish_id);
  o.captures.push({
    x: caughtAt.x * o.width,
    y: caughtAt.y * o.field,
    r: Math.max(22, unit(o) * 0.06),
    startedAt: performance.now(),
    label: `× ${reply.multiplier}`,
    sub: `+${thousands(reply.payout)} ៛`,
  });
  o.sound.play('win');
  o.live.textContent = `${o.text.t('caught')} × ${reply.multiplier}: ${riel(reply.payout)}`;
}

/** Sends a shot at `target`; false when none was sent (the game is over, or MAX_IN_FLIGHT shots still fly). */
export function fire(o: Ocean, target: LiveFish): boolean {
  if (o.ended || o.flights.filter((f) => !f.done).length >= MAX_IN_FLIGHT) return false;
  const c = cannonAt(o);
  const p = fishPoint(target.view, serverNow(o));
  o.aim = Math.atan2(p.y * o.field - c.y, p.x * o.width - c.x);
  o.recoilAt = performance.now();
  const flight: Flight = {
    fromX: c.x + Math.cos(o.aim) * c.size,
    fromY: c.y + Math.sin(o.aim) * c.size,
    fishId: target.view.id,
    startedAt: performance.now(),
  };
  o.flights.push(flight);
  o.sound.play('tick');
  const requestId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  o.api
    .shoot({ fish_id: target.view.id, level: o.level, request_id: requestId })
    .then((reply) => landShot(o, target, flight, reply))
    .catch((error: unknown) => {
      flight.done = true;
      if (error instanceof GameApiFailure && error.code === 'FISH_NOT_THERE') {
        o.fish.delete(target.view.id);
        return;
      }
      handleError(o, error);
    });
  return true;
}
