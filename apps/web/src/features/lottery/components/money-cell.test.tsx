import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoneyCell } from './money-cell';

describe('MoneyCell', () => {
  it('writes a signed loss with the one minus sign of every screen, not a hyphen (issue 26, item 12)', () => {
    render(
      <table>
        <tbody>
          <tr>
            <MoneyCell value={-1_200} signed testId="loss" />
            <MoneyCell value={950} signed testId="win" />
            <MoneyCell value={1_200} testId="plain" />
          </tr>
        </tbody>
      </table>,
    );
    expect(screen.getByTestId('loss').textContent).toBe('\u22121,200 ៛');
    expect(screen.getByTestId('win').textContent).toBe('+950 ៛');
    expect(screen.getByTestId('plain').textContent).toBe('1,200 ៛');
  });
});
