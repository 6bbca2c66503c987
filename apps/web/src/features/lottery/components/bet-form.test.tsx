import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LotteryLoad } from '@lotto59/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { mockFetch } from '@/testing/fetch-mock';
import { BetForm } from './bet-form';

// What `ticket/load?type=VN` answers (lottery.md §6), injected instead of fetched.
const draw = (id: number, code: string, layout: 'VN_SOUTH' | 'VN_NORTH', label: string) => ({
  id,
  type: 'VN' as const,
  code,
  label_km: label,
  label_en: label,
  layout,
  draw_at: '2025-06-01T16:15:00.000+07:00',
  cutoff_at: '2025-06-01T16:05:00.000+07:00',
  status: 'OPEN' as const,
  server_seed_hash: 'a'.repeat(64),
});
const LOAD: LotteryLoad = {
  type: 'VN',
  draws: [draw(11, 'VN-S-20250601', 'VN_SOUTH', 'ខាងត្បូង'), draw(12, 'VN-N-20250601', 'VN_NORTH', 'ខាងជើង')],
  bet_types: [
    { code: '2D', digits: 2, price: 75 },
    { code: '3D', digits: 3, price: 650 },
  ],
  rate: 80,
  posts: ['A', 'B', 'ROLL'],
  lines: {},
  limits: {
    min_amount: 100,
    max_amount: { '2D': 100_000, '3D': 20_000 },
    max_numbers_per_item: { '2D': 100, '3D': 1000 },
    max_items: 50,
  },
  balance: 1_000_000,
};

function setup() {
  const onSubmit = vi.fn();
  const confirm = vi.fn((_message: string, _title: string, onConfirm: () => void) => onConfirm());
  const user = userEvent.setup();
  // The number picker reads and saves the player's favourite numbers (GET/PUT /api/v1/favourites).
  const { calls } = mockFetch({
    'GET /api/v1/favourites': { body: { data: { LOTTO59: [], LOTTERY_2D: ['42'], LOTTERY_3D: [] } } },
    'PUT /api/v1/favourites/LOTTERY_2D': {
      body: { data: { LOTTO59: [], LOTTERY_2D: ['07', '42'], LOTTERY_3D: [] } },
    },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BetForm load={LOAD} onSubmit={onSubmit} submitting={false} confirm={confirm} />
    </QueryClientProvider>,
  );
  const type = async (numbers: string, amount: string) => {
    await user.clear(screen.getByTestId('bet-numbers'));
    await user.type(screen.getByTestId('bet-numbers'), numbers);
    await user.clear(screen.getByTestId('bet-amount'));
    if (amount) await user.type(screen.getByTestId('bet-amount'), amount);
  };
  const post = (name: string) => user.click(within(screen.getByTestId(`post-${name}`)).getByRole('checkbox'));
  const figure = (name: string) => screen.getByTestId(`preview-${name}`).textContent;
  const error = () => screen.getByTestId('bet-error').textContent;
  return { user, onSubmit, confirm, type, post, figure, error, calls };
}

describe('the bet screen preview (lottery.md §3–§4)', () => {
  it('expands a range and shows lines, face, discount and net before anything is sent (§4 example)', async () => {
    const { post, type, figure, onSubmit } = setup();
    await post('A');
    await post('B');
    await type('10-14', '1000');
    expect(figure('numbers')).toBe('1011121314');
    expect(figure('count')).toBe('5');
    expect(figure('lines')).toBe('2');
    expect(figure('face')).toBe('10,000 ៛');
    expect(figure('discount')).toBe('2,000 ៛');
    expect(figure('net')).toBe('8,000 ៛');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('counts ROLL lines of the draw’s layout: 17 for a southern 3D roll, 23 for a northern one', async () => {
    const { user, post, type, figure } = setup();
    await user.click(screen.getByRole('radio', { name: 'លេខ ៣ ខ្ទង់' }));
    await post('ROLL');
    await type('386', '100');
    expect(figure('lines')).toBe('17');
    expect(figure('face')).toBe('1,700 ៛');
    expect(figure('net')).toBe('1,360 ៛');
    await user.selectOptions(screen.getByTestId('bet-draw'), '12');
    await post('ROLL'); // another layout clears the posts
    await type('386', '100');
    expect(figure('lines')).toBe('23');
  });

  it('reads Khmer digits, wildcards and permutations, and keeps the amount’s separators', async () => {
    const { user, post, type, figure } = setup();
    await post('B');
    await type('១២-១៤ 2*', '១០០០');
    expect(screen.getByTestId('bet-amount')).toHaveProperty('value', '1,000');
    expect(figure('count')).toBe('13');
    await type('12 112', '100');
    await user.click(screen.getByRole('radio', { name: 'លេខ ៣ ខ្ទង់' }));
    await type('112', '100');
    await user.click(screen.getByTestId('bet-permute'));
    expect(figure('numbers')).toBe('112121211');
  });

  it.each([
    ['7', '«7» ត្រូវមាន 2 ខ្ទង់'],
    ['19-12', '«19-12» លេខដើមធំជាងលេខចុង'],
    ['10 1x', '«1x» មិនមែនជាលេខទេ'],
    ['1*-20', '«1*-20» មិនអាចប្រើ * ក្នុងចន្លោះលេខបានទេ'],
    ['០៧ ១២៣', '«១២៣» ត្រូវមាន 2 ខ្ទង់'],
  ])('names the offending token of %j', async (numbers, message) => {
    const { post, type, error } = setup();
    await post('A');
    await type(numbers, '1000');
    expect(error()).toBe(message);
    expect(screen.queryByTestId('preview-net')).toBeNull();
  });

  it('asks for posts first, then refuses a bad or too small amount (seed §5 client messages)', async () => {
    const { user, post, type, error } = setup();
    await type('10', '1000');
    expect(error()).toBe('សូមជ្រើសរើសប៉ុស្តិ៍');
    await post('A');
    await type('10', '0');
    expect(error()).toBe('ទឹកប្រាក់មិនត្រឹមត្រូវ');
    await type('10', '50');
    expect(error()).toBe('ទឹកប្រាក់ភ្នាល់អប្បបរមាគឺ 100 ៛');
    await type('00-99 1*', '200000');
    expect(error()).toBe('ទឹកប្រាក់ភ្នាល់អតិបរមាគឺ 100,000 ៛');
    await user.click(screen.getByRole('radio', { name: 'លេខ ៣ ខ្ទង់' }));
    await type('000-999 1000', '100');
    expect(error()).toBe('«1000» ត្រូវមាន 3 ខ្ទង់');
  });

  it('gathers items into one ticket and sends it after the confirm dialog, numbers as typed', async () => {
    const { user, post, type, onSubmit, confirm } = setup();
    await post('A');
    await post('B');
    await type('10-14', '1,000');
    await user.click(screen.getByTestId('bet-add'));
    await user.click(screen.getByRole('radio', { name: 'លេខ ៣ ខ្ទង់' }));
    await post('A'); // A off
    await post('ROLL');
    await type('386', '100');
    await user.click(screen.getByTestId('bet-add'));
    expect(screen.getAllByTestId('slip-item')).toHaveLength(2);
    expect(screen.getByTestId('slip-net').textContent).toBe('9,360 ៛');
    await user.click(screen.getByTestId('bet-submit'));
    expect(confirm.mock.calls[0]?.[0]).toContain('9,360 ៛');
    expect(onSubmit).toHaveBeenCalledWith(
      {
        type: 'VN',
        draw_id: 11,
        items: [
          { bet_type: '2D', posts: ['A', 'B'], numbers: '10-14', permute: false, amount: 1000 },
          { bet_type: '3D', posts: ['ROLL'], numbers: '386', permute: false, amount: 100 },
        ],
      },
      expect.any(Function),
    );
  });
});

describe('the 00–99 / 000–999 picker and the saved numbers (issue 26, item 5)', () => {
  it('writes a 2D number in two taps, adds a saved one, and saves the numbers written', async () => {
    const { user, post, figure, calls } = setup();
    await post('A');
    const picker = screen.getByTestId('number-picker');
    await user.click(
      within(within(picker).getByRole('group', { name: 'ខ្ទង់ទី 1' })).getByRole('button', { name: '0' }),
    );
    await user.click(
      within(within(picker).getByRole('group', { name: 'ខ្ទង់ទី 2' })).getByRole('button', { name: '7' }),
    );
    await user.click(screen.getByTestId('picker-add'));
    expect(screen.getByTestId('bet-numbers')).toHaveProperty('value', '07');
    // A saved number of the player's: one tap.
    await user.click(
      await within(screen.getByTestId('lottery-favourites')).findByRole('button', { name: '42' }),
    );
    expect(screen.getByTestId('bet-numbers')).toHaveProperty('value', '07 42');
    await user.type(screen.getByTestId('bet-amount'), '1000');
    expect(figure('numbers')).toBe('0742');
    await user.click(screen.getByTestId('save-lottery-favourites'));
    const put = calls.find((call) => call.route === 'PUT /api/v1/favourites/LOTTERY_2D');
    expect(put?.body).toEqual({ numbers: ['07', '42'] });
  });

  it('has three digits for 3D', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('radio', { name: 'លេខ ៣ ខ្ទង់' }));
    expect(within(screen.getByTestId('number-picker')).getAllByRole('group')).toHaveLength(3);
  });
});
