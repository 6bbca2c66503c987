import { lotterySheet, sheetFromNumbers, type LotteryResultSource, type SheetLine } from '@lotto59/domain';
import type { DrawRow } from './draws.repository';

/**
 * Where a draw's sheet comes from (lottery.md §7). The scheduler asks the draw's source at draw time; null
 * means "not yet" (the feed has nothing complete). Sources are pure of the database: the draws service
 * stores what they answer, once.
 */
export interface ResultSource {
  readonly kind: LotteryResultSource;
  sheetFor(draw: DrawRow): Promise<SheetLine[] | null>;
}

/** The provably fair engine: the sheet follows from the committed seed and the draw id (domain sheet.ts). */
export const engineSource: ResultSource = {
  kind: 'ENGINE',
  sheetFor: (draw) => {
    if (draw.server_seed === null) return Promise.resolve(null);
    return Promise.resolve(lotterySheet(draw.server_seed, Number(draw.id), draw.layout));
  },
};

/** The operator's sheet (`ops lottery result set`): checked like a feed's, every line with its digits. */
export class ManualSource implements ResultSource {
  readonly kind = 'MANUAL' as const;

  constructor(private readonly numbers: Readonly<Record<string, readonly string[]>>) {}

  sheetFor(draw: DrawRow): Promise<SheetLine[] | null> {
    const sheet = sheetFromNumbers(draw.layout, this.numbers);
    if (!sheet.ok) {
      const { code, problem } = sheet.error;
      return Promise.reject(new Error(`line ${code}: ${problem}`));
    }
    return Promise.resolve(sheet.value);
  }
}

/** What a feed answers: `{ "lines": { "G8": ["14"], "G7": ["386"], … } }` for the asked draw code and date. */
interface FeedBody {
  lines?: Record<string, string[]>;
}

export type FetchLike = (
  url: string,
  init: { signal: AbortSignal },
) => Promise<{
  ok: boolean;
  json(): Promise<unknown>;
}>;

/**
 * An official results feed over HTTP, one URL per draw code prefix (`LOTTERY_FEED_URL`). It is asked with
 * `?code=<draw code>`; a sheet counts only when every line of the layout is there with its digit count.
 * A failed call or an incomplete sheet is "not yet": the scheduler asks again on its next poll.
 */
export class FeedSource implements ResultSource {
  readonly kind = 'FEED' as const;

  constructor(
    private readonly urls: Readonly<Record<string, string>>,
    private readonly fetchImpl: FetchLike = fetch,
    private readonly timeoutMs = 10_000,
  ) {}

  servesSeries(series: string): boolean {
    return this.urls[series] !== undefined;
  }

  async sheetFor(draw: DrawRow): Promise<SheetLine[] | null> {
    const base = this.urls[draw.series];
    if (base === undefined) return null;
    const url = new URL(base);
    url.searchParams.set('code', draw.code);
    try {
      const res = await this.fetchImpl(url.toString(), { signal: AbortSignal.timeout(this.timeoutMs) });
      if (!res.ok) return null;
      const body = (await res.json()) as FeedBody;
      if (typeof body !== 'object' || body === null || typeof body.lines !== 'object') return null;
      const sheet = sheetFromNumbers(draw.layout, body.lines);
      return sheet.ok ? sheet.value : null;
    } catch {
      return null;
    }
  }
}
