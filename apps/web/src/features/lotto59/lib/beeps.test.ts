import { describe, expect, it, vi } from 'vitest';
import { writeSoundState } from '@/lib/cookies';
import { unlockSoundOnFirstClick } from '@/lib/sound';
import { playTone } from './beeps';

class FakeAudioContext {
  static oscillators = 0;
  currentTime = 0;
  destination = {};
  resume = () => Promise.resolve();
  createOscillator() {
    FakeAudioContext.oscillators += 1;
    const node = { frequency: { value: 0 }, connect: () => node, start: vi.fn(), stop: vi.fn() };
    return node;
  }
  createGain() {
    const node = {
      gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
      connect: () => node,
    };
    return node;
  }
}

describe('draw sounds (seed §4)', () => {
  it('plays only once a click has unlocked audio, and only while the sound cookie allows it', () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    playTone('ball');
    expect(FakeAudioContext.oscillators).toBe(0);

    unlockSoundOnFirstClick(document);
    document.body.click();
    playTone('ball');
    expect(FakeAudioContext.oscillators).toBe(1);
    playTone('result');
    expect(FakeAudioContext.oscillators).toBe(4);

    writeSoundState('DISABLED');
    playTone('ball');
    expect(FakeAudioContext.oscillators).toBe(4);
  });
});
