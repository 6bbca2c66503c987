import { describe, expect, it } from 'vitest';
import { httpErrorOf } from '@/testing/http-errors';
import { rgRefusalAlert } from './rg-refusal';

describe('a refusal by a responsible-gaming limit (responsible-gaming.md §5)', () => {
  it('says the room left and the limit in Khmer, with a link to the limits page', () => {
    const alert = rgRefusalAlert(
      httpErrorOf(
        { message: 'x', code: 'LIMIT_REACHED', remaining: 3000, kind: 'WAGER', period: 'DAY' },
        422,
      ),
      'km',
    );
    expect(alert).toMatchObject({
      status: 'ERROR',
      message: 'ការភ្នាល់នេះលើសដែនកំណត់ការភ្នាល់ប្រចាំថ្ងៃរបស់អ្នក។ នៅសល់ 3,000 ៛។',
      link: { href: '/user/limits', label: 'មើលដែនកំណត់របស់ខ្ញុំ' },
    });
  });

  it('says when play resumes after a break, in the Khmer day period', () => {
    const until = Date.UTC(2026, 10, 29, 3, 0); // 29-11-2026 10:00 AM in Phnom Penh
    const alert = rgRefusalAlert(httpErrorOf({ message: 'x', code: 'ON_BREAK', until }, 403), 'km');
    expect(alert?.message).toBe('អ្នកកំពុងសម្រាក។ អ្នកអាចលេងវិញចាប់ពី 29-11-2026 10:00 ព្រឹក។');
  });

  it('is nothing for any other error', () => {
    expect(
      rgRefusalAlert(httpErrorOf({ message: 'x', code: 'INSUFFICIENT_FUNDS' }, 422), 'km'),
    ).toBeUndefined();
    expect(rgRefusalAlert(new Error('x'), 'km')).toBeUndefined();
  });
});
