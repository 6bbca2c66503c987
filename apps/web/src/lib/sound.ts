import { useSyncExternalStore } from 'react';
import type { SoundState } from '@lotto59/domain';
import { readSoundState, writeSoundState } from './cookies';

/**
 * Seed §4: sound on or off, kept in the `sound` cookie (enabled by default). Browsers only play audio after a
 * user gesture, so the audio context is created and resumed on the player's first click.
 */
const listeners = new Set<() => void>();
let audioContext: AudioContext | undefined;
let unlocked = false;

export function isSoundUnlocked(): boolean {
  return unlocked;
}

/** The one audio context of the page, once the first click has unlocked it. */
export function getAudioContext(): AudioContext | undefined {
  return audioContext;
}

function unlock(): void {
  if (unlocked) return;
  unlocked = true;
  const Context = (window as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Context) return;
  try {
    audioContext = new Context();
    void audioContext.resume().catch(() => undefined);
  } catch {
    audioContext = undefined;
  }
}

/** Listens for the first click or key press anywhere; returns a function that stops listening. */
export function unlockSoundOnFirstClick(target: Document = document): () => void {
  const options = { capture: true, once: true } as const;
  const handler = () => {
    unlock();
    stop();
  };
  const stop = () => {
    target.removeEventListener('click', handler, options);
    target.removeEventListener('keydown', handler, options);
  };
  target.addEventListener('click', handler, options);
  target.addEventListener('keydown', handler, options);
  return stop;
}

export function setSoundState(state: SoundState): void {
  writeSoundState(state);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSoundState(): { state: SoundState; toggle: () => void } {
  const state = useSyncExternalStore(subscribe, readSoundState, readSoundState);
  return { state, toggle: () => setSoundState(state === 'ENABLED' ? 'DISABLED' : 'ENABLED') };
}
