import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readCookie } from './cookies';
import { isSoundUnlocked, unlockSoundOnFirstClick, useSoundState } from './sound';

function SoundToggle() {
  const { state, toggle } = useSoundState();
  return (
    <button type="button" onClick={toggle}>
      {state}
    </button>
  );
}

describe('sound (seed §4)', () => {
  it('toggles and persists in the sound cookie, enabled by default', async () => {
    render(<SoundToggle />);
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('ENABLED');
    await userEvent.click(button);
    expect(button.textContent).toBe('DISABLED');
    expect(readCookie('sound')).toBe('DISABLED');
    await userEvent.click(button);
    expect(readCookie('sound')).toBe('ENABLED');
  });

  it('unlocks audio on the first click, once', () => {
    const resume = vi.fn(() => Promise.resolve());
    const AudioContext = vi.fn(function (this: { resume: typeof resume }) {
      this.resume = resume;
    });
    vi.stubGlobal('AudioContext', AudioContext);
    const stop = unlockSoundOnFirstClick();
    expect(isSoundUnlocked()).toBe(false);
    act(() => document.body.click());
    act(() => document.body.click());
    expect(isSoundUnlocked()).toBe(true);
    expect(AudioContext).toHaveBeenCalledOnce();
    expect(resume).toHaveBeenCalledOnce();
    stop();
  });
});
