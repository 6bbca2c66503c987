import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockReply } from '@/testing/fetch-mock';
import { openRound, placedBets } from '@/testing/lotto59-fixtures';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PENDING_BET_STORAGE_KEY } from '../../lib/pending-bet';
import { BetBoard } from './bet-board';

const round = openRound(Date.now());
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function renderBoard({ open = true, onPlaced = vi.fn(), balanceRiel = 100_000 } = {}) {
  // The game screen's bottom, where the bet bar is drawn.
  const barSlot = document.body.appendChild(document.createElement('div'));
  const view = renderWithProviders(
    <BetBoard
      round={round}
      open={open}
      jackpotPoolRiel={10_000_000}
      balanceRiel={balanceRiel}
      litRanges={new Set()}
      barSlot={barSlot}
      onPlaced={onPlaced}
      ticketsHref={(id) => `/ticket/lotto59?round=${id}`}
    />,
  );
  return { ...view, onPlaced };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const numbersField = () => screen.getByLabelText('លេខ');
const amountField = () => screen.getByLabelText('ទឹកប្រាក់ភ្នាល់ក្នុងមួយសំបុត្រ (៛)');
const pendingBet = () => sessionStorage.getItem(PENDING_BET_STORAGE_KEY);

describe('betting board: the slip', () => {
  it('asks for posts when numbers are typed without one (seed §5 "select posts"), without a call', async () => {
    const { calls } = mockFetch({});
    const { user } = renderBoard();
    await user.type(numbersField(), '៥, 10-12');
    await user.click(button('1,000'));
    await user.click(button('ភ្នាល់'));
    expect(screen.getByRole('alert').textContent).toBe('សូមជ្រើសរើសប៉ុស្តិ៍');
    // The board may read its configuration; no bet goes out.
    expect(calls.filter((c) => c.route.startsWith('POST '))).toHaveLength(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says "invalid amount" (seed §5) for an amount that is not whole riel', async () => {
    const { user } = renderBoard();
    await user.click(button(/^ចន្លោះ 1 /));
    await user.type(amountField(), '12.5');
    await user.click(button('ភ្នាល់'));
    expect(screen.getByRole('alert').textContent).toBe('ទឹកប្រាក់មិនត្រឹមត្រូវ');
    expect(amountField().getAttribute('aria-invalid')).toBe('true');
    await user.clear(amountField());
    await user.type(amountField(), '0');
    await user.click(button('ភ្នាល់'));
    expect(screen.getByRole('alert').textContent).toBe('ទឹកប្រាក់មិនត្រឹមត្រូវ');
  });

  it('reports a bad number list and a range written backwards', async () => {
    const { user } = renderBoard();
    await user.click(button('ប៉ុស្តិ៍ B'));
    await user.type(amountField(), '500');
    await user.type(numbersField(), '60');
    await user.click(button('ភ្នាល់'));
    expect(screen.getByRole('alert').textContent).toBe('លេខត្រូវនៅចន្លោះ 1 ដល់ 59');
    await user.clear(numbersField());
    await user.type(numbersField(), '12-៥');
    await user.click(button('ភ្នាល់'));
    expect(screen.getByRole('alert').textContent).toBe('ចន្លោះលេខត្រូវចាប់ពីលេខតូចទៅលេខធំ');
  });

  it('reads dash ranges and Khmer digits, totals the stake, confirms, and sends one submission with a key', async () => {
    const { calls } = mockFetch({
      'POST /api/bet': { body: { data: placedBets(round.id, 9, 500, 95_500) } },
    });
    const { user, onPlaced } = renderBoard();
    await user.click(button(/^ក្រោម /));
    await user.click(button('ប៉ុស្តិ៍ A'));
    await user.click(button('ប៉ុស្តិ៍ C'));
    await user.type(numbersField(), '៥, 10-12');
    await user.click(button('500'));
    // 1 range + 2 posts × 4 numbers.
    expect(screen.getByTestId('slip-summary').textContent).toBe('9 សំបុត្រ · សរុប 4,500 ៛');

    await user.click(button('ភ្នាល់'));
    const dialog = await screen.findByRole('alertdialog', { name: 'បញ្ជាក់ការភ្នាល់' });
    expect(dialog.textContent).toContain('9 សំបុត្រ ក្នុងជុំ #42');
    expect(dialog.textContent).toContain('4,500 ៛');
    await user.click(within(dialog).getByRole('button', { name: 'បញ្ជាក់' }));

    await waitFor(() => expect(onPlaced).toHaveBeenCalledOnce());
    const bet = calls.find((call) => call.route === 'POST /api/bet');
    expect(bet?.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(bet?.body).toEqual({
      poll: 'POLL_2',
      result_id: 42,
      bets: [
        { type: 'RANGE_6', amount: 500 },
        { type: 'NUMBER', posts: ['A', 'C'], numbers: [5, 10, 11, 12], amount: 500 },
      ],
    });
    expect(pendingBet()).toBeNull();
    expect(screen.getByTestId('last-bet').textContent).toContain('ជុំ #42');
    // The slip is cleared for the next bet; the amount stays.
    expect(screen.getByTestId('slip-summary').textContent).toBe('សូមជ្រើសរើសការភ្នាល់ និងទឹកប្រាក់');
    expect((amountField() as HTMLInputElement).value).toBe('500');
  });

  it('sends jackpot lines to their own call at the fixed stake', async () => {
    const { calls } = mockFetch({
      'POST /api/bet/jackpot': { body: { data: placedBets(round.id, 1, 1000, 99_000) } },
    });
    const { user, onPlaced } = renderBoard();
    await user.click(screen.getByRole('tab', { name: 'ជែកផត' }));
    expect(screen.getByText('ប្រាក់រង្វាន់ជែកផត 10,000,000 ៛')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'ខ្សែទី 1' }), '59 ១ 2 3 4');
    await user.click(button('ភ្នាល់ជែកផត'));
    const dialog = await screen.findByRole('alertdialog', { name: 'បញ្ជាក់ការភ្នាល់' });
    expect(dialog.textContent).toContain('1,000 ៛');
    await user.click(within(dialog).getByRole('button', { name: 'បញ្ជាក់' }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledOnce());
    expect(calls.find((c) => c.route === 'POST /api/bet/jackpot')?.body).toEqual({
      poll: 'POLL_2',
      result_id: 42,
      lines: [[1, 2, 3, 4, 59]],
    });
  });

  it('is disabled while betting is closed', () => {
    renderBoard({ open: false });
    expect(screen.getByTestId('board-closed').textContent).toContain('បិទហើយ');
    expect((button('ភ្នាល់') as HTMLButtonElement).disabled).toBe(true);
    expect((button(/^ចន្លោះ 3 /) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('betting board: the answer', () => {
  async function placeRange6(user: ReturnType<typeof renderBoard>['user']) {
    await user.click(button(/^ក្រោម /));
    await user.type(amountField(), '1000');
    await user.click(button('ភ្នាល់'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'បញ្ជាក់' }));
  }

  it('maps the server’s refusal to the player’s message (seed §5) and forgets the bet', async () => {
    mockFetch({
      'POST /api/bet': {
        status: 422,
        body: { message: 'The amount must not be greater than 2000000.', code: 'BET_AMOUNT_TOO_HIGH' },
      },
    });
    const { user, onPlaced } = renderBoard();
    await placeRange6(user);
    const alert = await screen.findByRole('alertdialog', { name: /ការភ្នាល់មិនត្រូវបានទទួល/ });
    expect(alert.textContent).toContain('ទឹកប្រាក់ភ្នាល់អតិបរមាគឺ 2,000,000 ៛');
    expect(onPlaced).not.toHaveBeenCalled();
    expect(pendingBet()).toBeNull();
  });

  it('keeps the key until the answer: no answer says "result unknown", and a reload sends the same key again', async () => {
    let attempt = 0;
    const { calls } = mockFetch({
      'POST /api/bet': (): MockReply => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        return { body: { data: placedBets(round.id, 1, 1000, 99_000) } };
      },
    });
    const first = renderBoard();
    await placeRange6(first.user);
    const alert = await screen.findByRole('alertdialog', { name: /មិនទាន់ដឹងលទ្ធផល/ });
    expect(alert.textContent).toContain('សូមពិនិត្យសំបុត្ររបស់អ្នក');
    const betCalls = () => calls.filter((c) => c.route === 'POST /api/bet');
    const key = betCalls()[0]?.headers.get('Idempotency-Key');
    expect(pendingBet()).toContain(key);
    first.unmount();

    // The page comes back (a reload): the pending bet goes out again with its key, once.
    const second = renderBoard();
    await waitFor(() => expect(second.onPlaced).toHaveBeenCalledOnce());
    expect(betCalls().map((c) => c.headers.get('Idempotency-Key'))).toEqual([key, key]);
    expect(betCalls()[1]?.body).toEqual(betCalls()[0]?.body);
    expect(pendingBet()).toBeNull();
    expect(await screen.findByText('ការភ្នាល់ដែលបានផ្ញើមុនពេលផ្ទុកឡើងវិញ ត្រូវបានទទួល')).toBeTruthy();
  });

  it('holds the pending bet in sessionStorage while it is on its way', async () => {
    let release: (reply: MockReply) => void = () => undefined;
    mockFetch({ 'POST /api/bet': () => new Promise<MockReply>((resolve) => (release = resolve)) });
    const { user } = renderBoard();
    await placeRange6(user);
    await waitFor(() => expect(pendingBet()).not.toBeNull());
    expect(JSON.parse(pendingBet()!).submission.body.result_id).toBe(42);
    expect((button('ភ្នាល់') as HTMLButtonElement).disabled).toBe(true);
    release({ body: { data: placedBets(round.id, 1, 1000, 99_000) } });
    await waitFor(() => expect(pendingBet()).toBeNull());
  });
});

describe('betting board: the configuration', () => {
  it("shows the server's rates and limits, not the defaults, once the server has answered", async () => {
    mockFetch({
      'GET /api/v1/lotto59/config': (): MockReply => ({
        body: {
          data: {
            rates: {
              RANGE_1: 918,
              RANGE_2: 460,
              RANGE_3: 230,
              RANGE_4: 460,
              RANGE_5: 918,
              RANGE_6: 195,
              RANGE_7: 195,
              NUMBER: 5000,
            },
            limits: { minRiel: 1000, maxRiel: 500_000 },
            jackpot: {
              stakeRiel: 1000,
              tier3Multiplier: 5,
              tier2Multiplier: 150,
              poolSeedRiel: 10_000_000,
              poolSharePercent: 20,
              linesPerPlayerRoundMax: 10,
            },
            timing: {
              openSeconds: { POLL_1: 180, POLL_2: 60 },
              releaseDelaySeconds: 1,
              releaseBallSeconds: 5,
              releaseTotalSeconds: 65,
            },
          },
        },
      }),
    });
    renderBoard();
    expect((await screen.findAllByText(/9\.18/)).length).toBeGreaterThan(0);
    expect(screen.queryByText(/9\.20/)).toBeNull();
    expect(await screen.findByText(/500,000/)).toBeTruthy();
  });
});
