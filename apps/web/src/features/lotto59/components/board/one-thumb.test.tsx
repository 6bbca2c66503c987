import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { openRound, placedBets } from '@/testing/lotto59-fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';
import { BetBoard } from './bet-board';

const round = openRound(Date.now());

function renderBoard({ balanceRiel = 100_000, litRanges = new Set<string>() } = {}) {
  const barSlot = document.body.appendChild(document.createElement('div'));
  const onPlaced = vi.fn();
  const view = renderWithProviders(
    <BetBoard
      round={round}
      open
      jackpotPoolRiel={10_000_000}
      balanceRiel={balanceRiel}
      litRanges={litRanges}
      barSlot={barSlot}
      onPlaced={onPlaced}
      ticketsHref={(id) => `/ticket/lotto59?round=${id}`}
    />,
  );
  return { ...view, onPlaced, barSlot };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const numbersField = () => screen.getByLabelText('លេខ') as HTMLInputElement;
const amountField = () => screen.getByLabelText('ទឹកប្រាក់ភ្នាល់ក្នុងមួយសំបុត្រ (៛)') as HTMLInputElement;
const grid = () => screen.getByRole('group', { name: 'ជ្រើសលេខ 1 ដល់ 59' });

describe('one-thumb betting: the bet bar', () => {
  it('holds the countdown, the summary and the bet button, disabled while the slip is empty', async () => {
    const { user, barSlot } = renderBoard();
    const bar = within(barSlot).getByRole('region', { name: 'ការភ្នាល់របស់អ្នក' });
    expect(within(bar).getByTestId('bar-countdown')).toBeTruthy();
    const place = within(bar).getByRole('button', { name: 'ភ្នាល់' }) as HTMLButtonElement;
    expect(place.disabled).toBe(true);
    await user.click(button(/^លើ /));
    expect(place.disabled).toBe(false);
    await user.click(button('5,000'));
    expect(within(bar).getByTestId('slip-summary').textContent).toBe('1 សំបុត្រ · សរុប 5,000 ៛');
    // The toasts stand above it.
    await waitFor(() =>
      expect(document.documentElement.style.getPropertyValue('--bottom-bar-height')).toMatch(/px$/),
    );
  });
});

describe('one-thumb betting: the 1–59 grid', () => {
  it('a tap adds a number to the typed list and typing presses the grid; quick selectors pick the domain’s sets', async () => {
    const { user } = renderBoard();
    await user.click(within(grid()).getByRole('button', { name: '7' }));
    await user.click(within(grid()).getByRole('button', { name: '9' }));
    await user.click(within(grid()).getByRole('button', { name: '8' }));
    expect(numbersField().value).toBe('7-9');
    await user.clear(numbersField());
    await user.type(numbersField(), '5, 10-11');
    expect(within(grid()).getByRole('button', { name: '10' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(button('សេស'));
    expect(numbersField().value.startsWith('1, 3, 5, 7')).toBe(true);
    expect(button('សេស').getAttribute('aria-pressed')).toBe('true');
    await user.click(button('ធំ 30–59'));
    expect(numbersField().value).toBe('30-59');
    await user.click(button('ទាំងអស់'));
    expect(numbersField().value).toBe('1-59');
    await user.click(button('ទាំងអស់'));
    expect(numbersField().value).toBe('');
  }, 20_000);

  it('places a NUMBER bet picked on the grid', async () => {
    const { calls } = mockFetch({
      'POST /api/bet': { body: { data: placedBets(round.id, 2, 500, 99_000) } },
    });
    const { user, onPlaced } = renderBoard();
    await user.click(button('ប៉ុស្តិ៍ B'));
    await user.click(within(grid()).getByRole('button', { name: '12' }));
    await user.click(within(grid()).getByRole('button', { name: '40' }));
    await user.click(button('500'));
    await user.click(button('ភ្នាល់'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'បញ្ជាក់' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledOnce());
    expect(calls.find((c) => c.route === 'POST /api/bet')?.body).toMatchObject({
      bets: [{ type: 'NUMBER', posts: ['B'], numbers: [12, 40], amount: 500 }],
    });
  });
});

describe('one-thumb betting: checked before the confirm (seed §5 messages)', () => {
  it.each([
    ['100', 'ទឹកប្រាក់ភ្នាល់អប្បបរមាគឺ 500 ៛'],
    ['3000000', 'ទឹកប្រាក់ភ្នាល់អតិបរមាគឺ 2,000,000 ៛'],
    ['150000', 'ទឹកប្រាក់មិនគ្រប់គ្រាន់'],
  ])('%s ៛ is refused on the board, with no dialog and no call', async (typed, message) => {
    const { calls } = mockFetch({});
    const { user } = renderBoard({ balanceRiel: 100_000 });
    await user.click(button(/^ចន្លោះ 2 /));
    await user.type(amountField(), typed);
    await user.click(button('ភ្នាល់'));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((c) => c.route.startsWith('POST '))).toHaveLength(0);
  });

  it('shows the amount with separators as it is typed, and ×2 doubles it', async () => {
    const { user } = renderBoard();
    await user.type(amountField(), '12500');
    expect(amountField().value).toBe('12,500');
    await user.click(button('បង្កើនទឹកប្រាក់ទ្វេដង'));
    expect(amountField().value).toBe('25,000');
  });
});

describe('one-thumb betting: repeat last bet', () => {
  it('places the same slip again, in the open round, with a new idempotency key', async () => {
    const { calls } = mockFetch({
      'POST /api/bet': { body: { data: placedBets(round.id, 1, 1000, 98_000) } },
    });
    const { user, onPlaced } = renderBoard();
    const repeat = button('ភ្នាល់ដដែលម្ដងទៀត') as HTMLButtonElement;
    expect(repeat.disabled).toBe(true);
    await user.click(button(/^ក្រោម /));
    await user.click(button('1,000'));
    await user.click(button('ភ្នាល់'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'បញ្ជាក់' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledOnce());
    // The slip is cleared; repeat brings the same bet back.
    expect((button('ភ្នាល់') as HTMLButtonElement).disabled).toBe(true);
    await user.click(button('ភ្នាល់ដដែលម្ដងទៀត'));
    const dialog = await screen.findByRole('alertdialog', { name: 'បញ្ជាក់ការភ្នាល់' });
    expect(dialog.textContent).toContain('1,000 ៛');
    await user.click(within(dialog).getByRole('button', { name: 'បញ្ជាក់' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(2));
    const bets = calls.filter((c) => c.route === 'POST /api/bet');
    expect(bets).toHaveLength(2);
    expect(bets[1]?.body).toEqual(bets[0]?.body);
    expect(bets[1]?.headers.get('Idempotency-Key')).not.toBe(bets[0]?.headers.get('Idempotency-Key'));
  });
});

describe('jackpot: the ball picker', () => {
  it('fills the line from taps, up to 5 balls, and the line goes out as picked', async () => {
    const { calls } = mockFetch({
      'POST /api/bet/jackpot': { body: { data: placedBets(round.id, 1, 1000, 99_000) } },
    });
    const { user, onPlaced } = renderBoard();
    await user.click(screen.getByRole('tab', { name: 'ជែកផត' }));
    const picker = screen.getByRole('group', { name: 'ជ្រើសលេខសម្រាប់ខ្សែទី 1' });
    for (const n of ['44', '3', '15', '26', '59'])
      await user.click(within(picker).getByRole('button', { name: n }));
    expect((screen.getByRole('textbox', { name: 'ខ្សែទី 1' }) as HTMLInputElement).value).toBe('3 15 26 44 59');
    expect((within(picker).getByRole('button', { name: '1' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(button('ភ្នាល់ជែកផត'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'បញ្ជាក់' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledOnce());
    expect(calls.find((c) => c.route === 'POST /api/bet/jackpot')?.body).toMatchObject({
      lines: [[3, 15, 26, 44, 59]],
    });
  });
});

describe('the board lights the last result', () => {
  it('marks the result’s band and side', () => {
    renderBoard({ litRanges: new Set(['RANGE_3', 'RANGE_7']) });
    expect(button(/^ចន្លោះ 3 /).dataset.lit).toBe('true');
    expect(button(/^លើ /).dataset.lit).toBe('true');
    expect(button(/^ចន្លោះ 1 /).dataset.lit).toBeUndefined();
  });
});
