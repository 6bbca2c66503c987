/** Cache keys of the lottery calls: `['lottery', …]`, so one invalidation after a bet or delete refreshes all. */
export const lotteryKeys = {
  all: ['lottery'] as const,
  drawTimesAll: () => ['lottery', 'draw-times'] as const,
  drawTimes: (date: string) => ['lottery', 'draw-times', date] as const,
  nextDraws: () => ['lottery', 'next-draws'] as const,
  result: (id: number) => ['lottery', 'result', id] as const,
  load: (type: string) => ['lottery', 'load', type] as const,
  tickets: () => ['lottery', 'tickets'] as const,
  totals: () => ['lottery', 'totals'] as const,
  items: (ticketId: number) => ['lottery', 'items', ticketId] as const,
};
