/*
 * Synthesized sounds (no audio files to download): reel ticks, a reel's stop, the win chime, a card's flip.
 * Only when the launch asked for sound (`sound=1`), and only after the player's first tap, since browsers keep an
 * AudioContext silent until a gesture. The player can still mute from the page.
 */

export type SoundName = 'tick' | 'stop' | 'win' | 'flip' | 'chip';

export interface Sound {
  play(name: SoundName): void;
  readonly available: boolean;
  muted: boolean;
}

export function createSound(enabled: boolean): Sound {
  let ctx: AudioContext | null = null;
  const unlock = () => {
    if (ctx || !enabled) return;
    try {
      ctx = new AudioContext();
      void ctx.resume();
    } catch {
      ctx = null;
    }
  };
  if (enabled) window.addEventListener('pointerdown', unlock, { capture: true });

  const tone = (freq: number, start: number, length: number, type: OscillatorType, gain: number) => {
    if (!ctx) return;
    const t0 = ctx.currentTime + start;
    const osc = ctx.createOscillator();
    const amp = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, t0);
    amp.gain.setValueAtTime(gain, t0);
    amp.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
    osc.connect(amp).connect(ctx.destination);
    osc.start(t0);
    osc.stop(t0 + length);
  };

  const noise = (length: number, gain: number) => {
    if (!ctx) return;
    const buffer = ctx.createBuffer(1, Math.floor(ctx.sampleRate * length), ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
    const source = ctx.createBufferSource();
    const amp = ctx.createGain();
    const band = ctx.createBiquadFilter();
    band.type = 'bandpass';
    band.frequency.value = 2500;
    amp.gain.value = gain;
    source.buffer = buffer;
    source.connect(band).connect(amp).connect(ctx.destination);
    source.start();
  };

  const sound: Sound = {
    available: enabled,
    muted: !enabled,
    play(name) {
      if (sound.muted || !ctx) return;
      switch (name) {
        case 'tick':
          tone(1400, 0, 0.03, 'square', 0.03);
          break;
        case 'stop':
          tone(90, 0, 0.18, 'sine', 0.35);
          tone(180, 0, 0.08, 'triangle', 0.12);
          break;
        case 'win':
          // A rising pentatonic arpeggio, the sound of the region's pin peat bells more than of a casino siren.
          [523, 587, 659, 784, 880, 1047].forEach((f, i) => tone(f, i * 0.09, 0.5, 'triangle', 0.12));
          break;
        case 'flip':
          noise(0.08, 0.4);
          break;
        case 'chip':
          tone(2200, 0, 0.05, 'sine', 0.08);
          tone(3100, 0.02, 0.05, 'sine', 0.05);
          break;
      }
    },
  };
  return sound;
}
