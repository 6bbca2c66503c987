import {
  LOTTERY_SHEET_ALGORITHM,
  isoInTimeZone,
  postOfLine,
  type LotteryDrawStatus,
  type SheetLine,
} from '@lotto59/domain';
import type { LotteryDraw, LotteryResult, LotterySheetLine } from '@lotto59/contract';
import type { DrawRow } from './draws.repository';

/** The wire forms of a draw (lottery.md §6). Pure: the clock and time zone are passed in. */

const KHMER_DIGITS = '០១២៣៤៥៦៧៨៩';
const khmerDigits = (text: string) => text.replace(/\d/g, (d) => KHMER_DIGITS[Number(d)]!);

const SERIES_LABELS: Record<string, { km: string; en: string }> = {
  'VN-S': { km: 'ឆ្នោតយួន ខាងត្បូង', en: 'Vietnam South' },
  'VN-C': { km: 'ឆ្នោតយួន កណ្ដាល', en: 'Vietnam Central' },
  'VN-N': { km: 'ឆ្នោតយួន ខាងជើង', en: 'Vietnam North' },
  TN: { km: 'ទិញឈ្នះ', en: 'Buy-win' },
};
const TYPE_LABELS = {
  VN: { km: 'ឆ្នោតយួន', en: 'Vietnam' },
  KH: { km: 'ឆ្នោតខ្មែរ', en: 'Khmer' },
  TN: { km: 'ទិញឈ្នះ', en: 'Buy-win' },
} as const;

/** `ឆ្នោតយួន ខាងត្បូង ១៦:១៥` / `Vietnam South 16:15`: the series and its local draw time. */
export function drawLabels(draw: DrawRow, timeZone: string): { km: string; en: string } {
  const name = SERIES_LABELS[draw.series] ?? TYPE_LABELS[draw.type];
  const time = isoInTimeZone(draw.draw_at_ms, timeZone).slice(11, 16);
  return { km: `${name.km} ${khmerDigits(time)}`, en: `${name.en} ${time}` };
}

/** CLOSED is the stored OPEN past its cut-off: no writer has to be on time for it. */
export function drawStatusAt(
  draw: Pick<DrawRow, 'status' | 'cutoff_at_ms'>,
  nowMs: number,
): LotteryDrawStatus {
  return draw.status === 'OPEN' && nowMs >= draw.cutoff_at_ms ? 'CLOSED' : draw.status;
}

export function drawView(draw: DrawRow, nowMs: number, timeZone: string): LotteryDraw {
  const labels = drawLabels(draw, timeZone);
  return {
    id: Number(draw.id),
    type: draw.type,
    code: draw.code,
    label_km: labels.km,
    label_en: labels.en,
    layout: draw.layout,
    draw_at: isoInTimeZone(Number(draw.draw_at_ms), timeZone),
    cutoff_at: isoInTimeZone(Number(draw.cutoff_at_ms), timeZone),
    status: drawStatusAt(draw, nowMs),
    server_seed_hash: draw.server_seed_hash,
  };
}

const PRIZE_LABELS: Record<string, { km: string; en: string }> = {
  DB: { km: 'រង្វាន់ពិសេស', en: 'Special prize' },
  ...Object.fromEntries(
    [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [
      `G${n}`,
      { km: `រង្វាន់ទី${khmerDigits(String(n))}`, en: `Prize ${n}` },
    ]),
  ),
};

/** KH rows: `A2` = post A 2 digits, `L4` = line 4; TN rows are the posts themselves. */
function lineLabels(code: string): { km: string; en: string } {
  const prize = PRIZE_LABELS[code];
  if (prize) return prize;
  const kh = /^([A-D])([23])$/.exec(code);
  if (kh) return { km: `ប៉ុស្តិ៍ ${kh[1]!} ${khmerDigits(kh[2]!)}ខ្ទង់`, en: `Post ${kh[1]!} ${kh[2]!}D` };
  const line = /^L(\d)$/.exec(code);
  if (line) return { km: `ជួរទី${khmerDigits(line[1]!)}`, en: `Line ${line[1]!}` };
  return { km: `ប៉ុស្តិ៍ ${code}`, en: `Post ${code}` };
}

export function parseSheet(json: string | null): SheetLine[] {
  return json === null ? [] : (JSON.parse(json) as SheetLine[]);
}

export function sheetLinesView(draw: DrawRow): LotterySheetLine[] {
  return parseSheet(draw.sheet).map((line) => {
    const labels = lineLabels(line.code);
    return {
      code: line.code,
      index: line.index,
      digits: line.digits,
      number: line.number,
      post: postOfLine(draw.layout, line.code),
      label_km: labels.km,
      label_en: labels.en,
    };
  });
}

/** `result/{id}`: the seed and the lines only once the sheet is stored (commit-reveal). */
export function resultView(draw: DrawRow, nowMs: number, timeZone: string): LotteryResult {
  const drawn = draw.sheet !== null && draw.status !== 'OPEN';
  return {
    draw: drawView(draw, nowMs, timeZone),
    source: draw.source,
    algorithm: LOTTERY_SHEET_ALGORITHM,
    server_seed_hash: draw.server_seed_hash,
    server_seed: drawn ? draw.server_seed : null,
    lines: drawn ? sheetLinesView(draw) : [],
  };
}
