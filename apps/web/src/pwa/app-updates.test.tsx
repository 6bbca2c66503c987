import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import AppUpdates from './app-updates';

/** The new version the worker found, as `registerServiceWorker` reports it; `apply` is what the tap runs. */
const apply = vi.fn();
vi.mock('./register-sw', () => ({
  registerServiceWorker: (onUpdate: (applyUpdate: () => void) => void) => {
    onUpdate(apply);
    return () => undefined;
  },
}));

describe('the update prompt (decision 0051)', () => {
  it('offers the new version; the tap applies it once and shows it is under way until the page reloads', async () => {
    const { user } = renderWithProviders(<AppUpdates />);
    const prompt = await screen.findByTestId('update-prompt');
    expect(prompt.textContent).toContain('កំណែថ្មីរួចរាល់ហើយ។');
    expect(apply).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'ធ្វើបច្ចុប្បន្នភាព' }));
    expect(apply).toHaveBeenCalledTimes(1);
    // The new worker may take a moment to take over: the button says so and takes no second tap.
    const applying = screen.getByRole<HTMLButtonElement>('button', { name: 'កំពុងធ្វើបច្ចុប្បន្នភាព…' });
    expect(applying.disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'ពេលក្រោយ' }).disabled).toBe(true);
    await user.click(applying);
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
