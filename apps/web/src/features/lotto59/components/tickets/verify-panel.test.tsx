import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { verifyDraw, VerifyPanel } from './verify-panel';

/** docs/game-rules.md, test vectors: seed `00` × 32, round 1. */
const SEED = '0'.repeat(64);
const HASH = '60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55';
const NUMBERS = [31, 28, 46, 54, 20, 11, 10, 24, 12, 30];

describe('verify this draw', () => {
  it('re-derives the published vector in the browser: the hash and all 10 numbers match', async () => {
    const user = userEvent.setup();
    render(<VerifyPanel roundId={1} serverSeed={SEED} serverSeedHash={HASH} numbers={NUMBERS} />);
    await user.click(screen.getByRole('button', { name: 'ផ្ទៀងផ្ទាត់ឥឡូវនេះ' }));
    const result = screen.getByTestId('verify-result');
    expect(screen.getByTestId('verify-numbers').textContent).toBe(NUMBERS.join(', '));
    expect(result.textContent).toContain(HASH);
    expect(result.textContent).toContain('កូដហាសត្រូវគ្នានឹងអ្វីដែលបានបោះពុម្ព');
    expect(result.textContent).toContain('លេខទាំង 10 ត្រូវគ្នានឹងលទ្ធផល');
  });

  it('says so when the numbers or the hash do not match what was published', async () => {
    const user = userEvent.setup();
    const tampered = [...NUMBERS.slice(0, 9), 59];
    render(<VerifyPanel roundId={1} serverSeed={SEED} serverSeedHash={'f'.repeat(64)} numbers={tampered} />);
    await user.click(screen.getByRole('button', { name: 'ផ្ទៀងផ្ទាត់ឥឡូវនេះ' }));
    const result = screen.getByTestId('verify-result');
    expect(result.textContent).toContain('កូដហាសមិនត្រូវគ្នាទេ');
    expect(result.textContent).toContain('លេខមិនត្រូវគ្នានឹងលទ្ធផលទេ');
  });

  it('waits for the seed: before the last ball there is nothing to verify yet', () => {
    render(<VerifyPanel roundId={7} serverSeed={null} serverSeedHash={HASH} numbers={[1, 2]} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('នឹងបង្ហាញ ក្រោយលេខទាំងអស់ចេញរួច')).toBeTruthy();
  });

  it('follows the discard rule of the published vectors (round 6,453,059)', () => {
    const seed = '0123456789abcdef'.repeat(4);
    const result = verifyDraw({
      roundId: 6_453_059,
      serverSeed: seed,
      serverSeedHash: 'a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e',
      numbers: [54, 28, 3, 37, 39, 50, 41, 30, 10, 23],
    });
    expect(result).toMatchObject({ hashMatches: true, numbersMatch: true });
    expect(
      verifyDraw({ roundId: 1, serverSeed: 'NOT-HEX', serverSeedHash: HASH, numbers: NUMBERS }),
    ).toBeNull();
  });
});
