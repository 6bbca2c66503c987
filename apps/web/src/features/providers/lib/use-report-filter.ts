import { useSearchParams } from 'react-router';
import { dateParam } from '@/lib/date-param';

/** What a provider report asks for: a range of Phnom Penh days, perhaps a status and a game, and a page. */
export interface ReportFilter<Status extends string, Game extends string = never> {
  /** `YYYY-MM-DD`; both absent = the server's default (the last 7 days). */
  from?: string | undefined;
  to?: string | undefined;
  status?: Status | undefined;
  game?: Game | undefined;
  page: number;
}

/**
 * A report's filter, kept in the address (`?from=…&to=…&status=…&game=…&page=…`): back, reload and links keep
 * it. `statuses` and `games` are the ones this report filters by (none for a report without that filter); any
 * other `status` or `game` in the address counts as absent and leaves it at the next change.
 */
export function useReportFilter<Status extends string, Game extends string = never>(
  statuses: readonly Status[],
  games: readonly Game[] = [],
): [ReportFilter<Status, Game>, (next: Partial<ReportFilter<Status, Game>>) => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const game = params.get('game') ?? '';
  const filter: ReportFilter<Status, Game> = {
    from: dateParam(params, 'from'),
    to: dateParam(params, 'to'),
    status: isOneOf(statuses, status) ? status : undefined,
    game: isOneOf(games, game) ? game : undefined,
    page: Math.max(1, Math.trunc(Number(params.get('page') ?? '1')) || 1),
  };
  const update = (next: Partial<ReportFilter<Status, Game>>) => {
    const merged = { ...filter, ...next };
    const search = new URLSearchParams();
    if (merged.from) search.set('from', merged.from);
    if (merged.to) search.set('to', merged.to);
    if (merged.status) search.set('status', merged.status);
    if (merged.game) search.set('game', merged.game);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };
  return [filter, update];
}

export function isOneOf<Value extends string>(values: readonly Value[], value: string): value is Value {
  return (values as readonly string[]).includes(value);
}
