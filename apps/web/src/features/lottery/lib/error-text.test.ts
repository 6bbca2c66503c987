import { describe, expect, it } from 'vitest';
import { httpErrorOf } from '@/testing/http-errors';
import { lotteryT } from '../i18n';
import { serverRefusalAlert } from './error-text';

describe('a refused ticket', () => {
  it('says the room left under the player’s own limit, with the link to the limits page', () => {
    const alert = serverRefusalAlert(
      httpErrorOf(
        { message: 'x', code: 'LIMIT_REACHED', remaining: 3000, kind: 'LOSS', period: 'WEEK' },
        422,
      ),
      lotteryT,
    );
    expect(alert.message).toContain('3,000 ៛');
    expect(alert.link).toMatchObject({ href: '/user/limits' });
  });

  it('says a break is a break, not that the lottery is off (both are 403)', () => {
    const until = Date.UTC(2026, 10, 29, 3, 0);
    const onBreak = serverRefusalAlert(httpErrorOf({ message: 'x', code: 'ON_BREAK', until }, 403), lotteryT);
    expect(onBreak.message).toBe('អ្នកកំពុងសម្រាក។ អ្នកអាចលេងវិញចាប់ពី 29-11-2026 10:00 ព្រឹក។');
    const off = serverRefusalAlert(httpErrorOf({ message: 'x', code: 'LOTTERY_DISABLED' }, 403), lotteryT);
    expect(off).toEqual({ status: 'ERROR', message: 'ឆ្នោតមិនត្រូវបានបើកសម្រាប់គណនីនេះទេ' });
  });
});
