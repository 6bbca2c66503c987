import { getAudioContext } from '@/lib/sound';
import { readSoundState } from '@/lib/cookies';

/**
 * Short tones for the live draw (seed §4: sounds when enabled, unlocked by the first click). WebAudio
 * oscillators: nothing to download.
 */
const TONES = {
  /** A ball comes out. */
  ball: [{ hz: 880, ms: 90 }],
  /** Betting has closed; the draw starts. */
  closed: [
    { hz: 660, ms: 110 },
    { hz: 440, ms: 160 },
  ],
  /** The whole result is out. */
  result: [
    { hz: 523, ms: 120 },
    { hz: 659, ms: 120 },
    { hz: 784, ms: 200 },
  ],
  /** The player won in the round just settled: a rising fanfare. */
  win: [
    { hz: 523, ms: 100 },
    { hz: 659, ms: 100 },
    { hz: 784, ms: 100 },
    { hz: 1046, ms: 320 },
  ],
  /** A bet was placed. */
  placed: [{ hz: 1046, ms: 70 }],
} as const;
export type Tone = keyof typeof TONES;

const VOLUME = 0.08;

export function playTone(tone: Tone): void {
  const context = getAudioContext();
  if (!context || readSoundState() !== 'ENABLED') return;
  let at = context.currentTime;
  for (const { hz, ms } of TONES[tone]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = hz;
    gain.gain.setValueAtTime(VOLUME, at);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + ms / 1000);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + ms / 1000);
    at += ms / 1000;
  }
}
