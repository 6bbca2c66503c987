/*
 * Ocean Dragon's own drawn art, all on a 2D canvas (no image files): the sea, the fish (one look per class, bigger
 * and brighter as they pay more), the dragon, the cannon, bullets, nets and capture bursts.
 */

export interface FishLook {
  body: string;
  belly: string;
  fin: string;
  stripes: number;
  /** Radius in the playfield's height units (0..1). */
  radius: number;
}

const PALETTE: readonly [string, string, string][] = [
  ['#ffb347', '#ffe0a8', '#ff7f2a'],
  ['#7fd8ff', '#d6f4ff', '#2aa6e0'],
  ['#9cf29c', '#e2ffd9', '#42b85a'],
  ['#ff8fb1', '#ffd6e4', '#e0457b'],
  ['#c9a3ff', '#eadcff', '#8a52e0'],
  ['#ffd84f', '#fff2b5', '#e0a800'],
  ['#5ef0d0', '#cafff3', '#14b894'],
  ['#ff6f5e', '#ffd0c8', '#c93a2a'],
];

export function lookOf(kind: string): FishLook {
  if (kind === 'DRAGON')
    return { body: '#d4213d', belly: '#ffd36b', fin: '#ffb01f', stripes: 0, radius: 0.11 };
  const multiplier = Number(kind.slice(1));
  const tier = Math.min(PALETTE.length - 1, Math.floor(Math.log2(multiplier)));
  const [body, belly, fin] = PALETTE[tier]!;
  return {
    body,
    belly,
    fin,
    stripes: multiplier >= 20 ? 3 : multiplier >= 8 ? 2 : 0,
    radius: 0.028 + 0.012 * Math.log2(multiplier),
  };
}

export function drawSea(g: CanvasRenderingContext2D, w: number, h: number, time: number): void {
  const sea = g.createLinearGradient(0, 0, 0, h);
  sea.addColorStop(0, '#0a5f8a');
  sea.addColorStop(0.55, '#05395e');
  sea.addColorStop(1, '#021a31');
  g.fillStyle = sea;
  g.fillRect(0, 0, w, h);
  // Light rays from the surface, swaying slowly.
  g.save();
  g.globalAlpha = 0.07;
  g.fillStyle = '#bff3ff';
  for (let i = 0; i < 6; i += 1) {
    const x = ((i + 0.5) / 6) * w + Math.sin(time / 3_000 + i) * w * 0.03;
    g.beginPath();
    g.moveTo(x - w * 0.03, 0);
    g.lineTo(x + w * 0.03, 0);
    g.lineTo(x + w * 0.12, h);
    g.lineTo(x - w * 0.02, h);
    g.closePath();
    g.fill();
  }
  g.restore();
  // Sand and weed at the bottom.
  g.fillStyle = '#2a3b3a';
  g.beginPath();
  g.moveTo(0, h);
  for (let x = 0; x <= w; x += w / 12) g.lineTo(x, h - h * 0.04 - Math.sin(x / 40) * h * 0.01);
  g.lineTo(w, h);
  g.fill();
  g.strokeStyle = '#1f7a4d';
  g.lineWidth = Math.max(2, w / 300);
  for (let i = 0; i < 9; i += 1) {
    const x = (((i * 137) % 100) / 100) * w;
    g.beginPath();
    g.moveTo(x, h);
    g.quadraticCurveTo(
      x + Math.sin(time / 900 + i) * 12,
      h * 0.9,
      x + Math.sin(time / 700 + i) * 8,
      h * 0.82,
    );
    g.stroke();
  }
  // Rising bubbles.
  g.fillStyle = 'rgba(220, 250, 255, 0.35)';
  for (let i = 0; i < 18; i += 1) {
    const x = (((i * 53) % 97) / 97) * w + Math.sin(time / 600 + i) * 6;
    const y = h - ((time / 30 + i * 71) % h);
    g.beginPath();
    g.arc(x, y, 1.5 + (i % 3), 0, Math.PI * 2);
    g.fill();
  }
}

/** A fish centred at the origin facing +x, `r` its radius in pixels. */
export function drawFish(g: CanvasRenderingContext2D, kind: string, r: number, time: number): void {
  if (kind === 'DRAGON') return drawDragon(g, r, time);
  const look = lookOf(kind);
  const wag = Math.sin(time / 120) * 0.25;
  // Tail.
  g.fillStyle = look.fin;
  g.beginPath();
  g.moveTo(-r * 0.8, 0);
  g.lineTo(-r * 1.5, -r * (0.6 + wag));
  g.lineTo(-r * 1.3, 0);
  g.lineTo(-r * 1.5, r * (0.6 - wag));
  g.closePath();
  g.fill();
  // Body.
  const body = g.createLinearGradient(0, -r * 0.6, 0, r * 0.6);
  body.addColorStop(0, look.body);
  body.addColorStop(1, look.belly);
  g.fillStyle = body;
  g.beginPath();
  g.ellipse(0, 0, r, r * 0.6, 0, 0, Math.PI * 2);
  g.fill();
  // Dorsal fin.
  g.fillStyle = look.fin;
  g.beginPath();
  g.moveTo(-r * 0.3, -r * 0.5);
  g.quadraticCurveTo(r * 0.1, -r * 1.0, r * 0.35, -r * 0.52);
  g.closePath();
  g.fill();
  // Stripes for the richer fish.
  g.strokeStyle = 'rgba(0, 0, 0, 0.25)';
  g.lineWidth = r * 0.12;
  for (let i = 0; i < look.stripes; i += 1) {
    const x = -r * 0.35 + i * r * 0.3;
    g.beginPath();
    g.moveTo(x, -r * 0.5);
    g.lineTo(x, r * 0.5);
    g.stroke();
  }
  // Eye.
  g.fillStyle = '#fff';
  g.beginPath();
  g.arc(r * 0.55, -r * 0.12, r * 0.16, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = '#111';
  g.beginPath();
  g.arc(r * 0.6, -r * 0.12, r * 0.08, 0, Math.PI * 2);
  g.fill();
}

function drawDragon(g: CanvasRenderingContext2D, r: number, time: number): void {
  // A serpent of segments waving behind a golden head.
  const segments = 9;
  for (let i = segments; i >= 1; i -= 1) {
    const x = -i * r * 0.32;
    const y = Math.sin(time / 250 - i * 0.7) * r * 0.25;
    const size = r * (0.42 - i * 0.025);
    g.fillStyle = i % 2 === 0 ? '#d4213d' : '#b3162f';
    g.beginPath();
    g.arc(x, y, size, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#ffb01f';
    g.beginPath();
    g.moveTo(x - size * 0.3, y - size * 0.8);
    g.lineTo(x, y - size * 1.5);
    g.lineTo(x + size * 0.3, y - size * 0.8);
    g.fill();
  }
  g.fillStyle = '#ffd36b';
  g.beginPath();
  g.ellipse(r * 0.1, 0, r * 0.5, r * 0.36, 0, 0, Math.PI * 2);
  g.fill();
  g.strokeStyle = '#ffb01f';
  g.lineWidth = r * 0.06;
  g.beginPath();
  g.moveTo(r * 0.2, -r * 0.3);
  g.quadraticCurveTo(-r * 0.1, -r * 0.8, -r * 0.3, -r * 0.7);
  g.moveTo(r * 0.3, r * 0.2);
  g.quadraticCurveTo(r * 0.7, r * 0.6, r * 0.9, r * 0.4);
  g.stroke();
  g.fillStyle = '#111';
  g.beginPath();
  g.arc(r * 0.35, -r * 0.1, r * 0.07, 0, Math.PI * 2);
  g.fill();
}

export function drawCannon(
  g: CanvasRenderingContext2D,
  x: number,
  y: number,
  size: number,
  angle: number,
  level: number,
  recoil: number,
): void {
  g.save();
  g.translate(x, y);
  g.rotate(angle + Math.PI / 2);
  const barrel = g.createLinearGradient(-size * 0.25, 0, size * 0.25, 0);
  barrel.addColorStop(0, '#8a6414');
  barrel.addColorStop(0.5, '#ffe08a');
  barrel.addColorStop(1, '#8a6414');
  g.fillStyle = barrel;
  const length = size * (1 + level * 0.06) - recoil * size * 0.2;
  g.fillRect(-size * (0.16 + level * 0.02), -length, size * (0.32 + level * 0.04), length);
  g.fillStyle = '#5c3d05';
  g.fillRect(-size * 0.22, -length - size * 0.08, size * 0.44, size * 0.12);
  g.restore();
  g.fillStyle = '#1b3a5c';
  g.strokeStyle = '#f0c75e';
  g.lineWidth = size * 0.08;
  g.beginPath();
  g.arc(x, y, size * 0.5, Math.PI, 0);
  g.closePath();
  g.fill();
  g.stroke();
}

export function drawBullet(g: CanvasRenderingContext2D, x: number, y: number, r: number): void {
  g.fillStyle = '#fff3b0';
  g.beginPath();
  g.arc(x, y, r, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = 'rgba(255, 220, 120, 0.35)';
  g.beginPath();
  g.arc(x, y, r * 2, 0, Math.PI * 2);
  g.fill();
}

/** A net opening at (x, y); `k` goes 0 → 1 over its life. */
export function drawNet(g: CanvasRenderingContext2D, x: number, y: number, r: number, k: number): void {
  g.save();
  g.globalAlpha = 1 - k;
  g.strokeStyle = '#e8fbff';
  g.lineWidth = Math.max(1, r * 0.05);
  const radius = r * (0.5 + k * 0.7);
  g.beginPath();
  g.arc(x, y, radius, 0, Math.PI * 2);
  for (let i = 0; i < 8; i += 1) {
    const a = (i / 8) * Math.PI * 2;
    g.moveTo(x, y);
    g.lineTo(x + Math.cos(a) * radius, y + Math.sin(a) * radius);
  }
  g.stroke();
  g.restore();
}

/** A capture: coins bursting out and the multiplier and payout rising. */
export function drawCapture(
  g: CanvasRenderingContext2D,
  x: number,
  y: number,
  r: number,
  k: number,
  label: string,
  sub: string,
): void {
  g.save();
  g.globalAlpha = Math.min(1, 2 * (1 - k));
  for (let i = 0; i < 10; i += 1) {
    const a = (i / 10) * Math.PI * 2;
    const d = r * (0.5 + k * 2);
    g.fillStyle = i % 2 ? '#ffd84f' : '#ffb01f';
    g.beginPath();
    g.arc(x + Math.cos(a) * d, y + Math.sin(a) * d - k * r, r * 0.18, 0, Math.PI * 2);
    g.fill();
  }
  g.textAlign = 'center';
  g.fillStyle = '#fff6c2';
  g.strokeStyle = '#5c3d05';
  g.lineWidth = Math.max(2, r * 0.12);
  g.font = `bold ${Math.round(r * 0.9)}px sans-serif`;
  g.strokeText(label, x, y - k * r * 1.5);
  g.fillText(label, x, y - k * r * 1.5);
  g.font = `bold ${Math.round(r * 0.55)}px 'Noto Sans Khmer', sans-serif`;
  g.strokeText(sub, x, y - k * r * 1.5 + r * 0.75);
  g.fillText(sub, x, y - k * r * 1.5 + r * 0.75);
  g.restore();
}
