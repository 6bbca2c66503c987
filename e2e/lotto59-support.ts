import { expect, test, type Page } from '@playwright/test';

/**
 * Lotto 59 timings of the e2e server (playwright.config.ts passes them as LOTTO_* variables, see
 * docs/operations.md): a fast round (POLL_2) every 15 s, its 10 balls out within 3.5 s of the close and
 * settled after 4 s. The classic pool keeps a window long enough for the pages the other specs open.
 */
export const LOTTO_E2E = {
  openSecondsPoll1: 30,
  // 15 s: a flow of several steps (two bets in one round, a reload mid-bet) keeps its round on a busy machine
  // with two browsers running side by side (playwright.config.ts, docs/ci-timing.md).
  openSecondsPoll2: 15,
  releaseDelaySeconds: 0.5,
  releaseBallSeconds: 0.3,
  releaseTotalSeconds: 4,
} as const;

/** Longest wait for the next fast round to close, be drawn and settled, with room for a slow machine. */
export const ROUND_CYCLE_MS = (LOTTO_E2E.openSecondsPoll2 + LOTTO_E2E.releaseTotalSeconds) * 1000 + 10_000;

/** The seconds the countdown shows (0 when none is running). */
export const secondsLeft = (page: Page): Promise<number> =>
  page.evaluate(() =>
    Number(document.querySelector('[data-testid="countdown"]')?.getAttribute('data-seconds-left') ?? 0),
  );

/** Waits until the open round has at least `seconds` left, so a bet started now lands in it. */
export async function waitForBettingWindow(page: Page, seconds = 5): Promise<void> {
  await expect
    .poll(() => secondsLeft(page), { timeout: ROUND_CYCLE_MS, intervals: [200] })
    .toBeGreaterThanOrEqual(seconds);
}

/** The fast pool, through the pool switch (the board starts on the player's pool, classic by default). */
export async function switchToFastPool(page: Page): Promise<void> {
  const fast = page.getByRole('group', { name: 'ប្រភេទជុំ' }).getByRole('button', { name: 'រហ័ស' });
  await fast.click();
  await expect(fast).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('countdown')).toBeVisible();
}

/** Presses a toggle (range, post) unless it is pressed already. */
export async function press(page: Page, name: string | RegExp): Promise<void> {
  const button = page.getByRole('button', { name });
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/** Range buttons by their accessible names: `ចន្លោះ 1 សរុប 55–238 គុណ 9.20`, `ក្រោម …`, `លើ …`. */
export const RANGE_BUTTON = {
  RANGE_1: /^ចន្លោះ 1 /,
  RANGE_2: /^ចន្លោះ 2 /,
  RANGE_3: /^ចន្លោះ 3 /,
  RANGE_4: /^ចន្លោះ 4 /,
  RANGE_5: /^ចន្លោះ 5 /,
  RANGE_6: /^ក្រោម /,
  RANGE_7: /^លើ /,
} as const;

/**
 * Presses the bet bar's button. At phone size Chromium may zoom the page in on a focused field (it did to
 * 114 % after the amount or number field was typed into, seen in CI and under load: the visual viewport
 * moved off the layout viewport), and Playwright's hit test of the bar, which is pinned to the layout
 * viewport's bottom, then lands on the results grid for minutes on end. A player would pinch back out; the
 * test does the same through the DevTools protocol before tapping, and writes the zoom it found into the
 * report. That the bar stays on screen over the board is asserted by lotto59-game.spec.ts from the boxes.
 */
export async function pressBet(page: Page, name = 'ភ្នាល់'): Promise<void> {
  const zoom = await page.evaluate(() => window.visualViewport?.scale ?? 1);
  if (Math.abs(zoom - 1) > 0.001) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.resetPageScaleFactor');
    await cdp.detach();
    test.info().annotations.push({ type: 'page zoom reset before the bet tap', description: String(zoom) });
  }
  await page.getByRole('button', { name, exact: true }).click();
}

/** Presses "bet", then confirms in the dialog; returns the round the dialog named. */
export async function placeAndConfirm(
  page: Page,
  submit = 'ភ្នាល់',
): Promise<{ round: number; message: string }> {
  await pressBet(page, submit);
  const dialog = page.getByRole('alertdialog', { name: 'បញ្ជាក់ការភ្នាល់' });
  await expect(dialog).toBeVisible();
  const message = (await dialog.textContent()) ?? '';
  const round = Number(/#(\d+)/.exec(message)?.[1]);
  await dialog.getByRole('button', { name: 'បញ្ជាក់', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  return { round, message };
}

/** The alert a refused bet raises: checks its message, then closes it. */
export async function expectRefusal(page: Page, message: string): Promise<void> {
  const alert = page.getByRole('alertdialog', { name: 'ការភ្នាល់មិនត្រូវបានទទួល' });
  await expect(alert).toContainText(message);
}

export async function closeAlert(page: Page): Promise<void> {
  await page.getByRole('alertdialog').getByRole('button', { name: 'យល់ព្រម' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

/** The top bar's balance, as a number of riel. */
export async function balanceOf(page: Page): Promise<number> {
  const text = (await page.getByTestId('top-bar-balance').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/** `12,500 ៛`, as the app writes riel. */
export const riel = (amount: number): string => `${amount.toLocaleString('en-US')} ៛`;

/** One ledger movement of the player, as `GET /api/statement` answers it (packages/contract). */
export interface LedgerRow {
  kind: string;
  product: string;
  amount: number;
  balance_after: number;
  reference: { type: string; id: string } | null;
}

/** The kinds a lotto 59 flow moves: what the balance is made of after the player's start. */
const GAME_KINDS = new Set(['STAKE', 'PAYOUT', 'REFUND']);

/** Every ledger movement of the signed-in player, oldest first, read from the server now. */
export async function ledgerOf(page: Page): Promise<LedgerRow[]> {
  const rows: LedgerRow[] = [];
  for (let p = 1; ; p += 1) {
    const res = await page.request.get(`/api/statement?per_page=100&page=${p}`);
    expect(res.status()).toBe(200);
    const { data } = (await res.json()) as { data: { items: LedgerRow[]; meta: { last_page: number } } };
    rows.push(...data.items);
    if (p >= data.meta.last_page) break;
  }
  return rows.reverse();
}

/** The stakes of the ledger, oldest first, as positive riel. */
export const stakesOf = (rows: LedgerRow[]): number[] =>
  rows.filter((r) => r.kind === 'STAKE').map((r) => -r.amount);

/**
 * Waits until the top bar shows the ledger's balance at that moment: `start` less every stake placed, plus
 * every payout and refund credited so far, read back from the server (and equal to the ledger's own
 * `balance_after` of its newest movement). A payout that lands between a bet and this check (a round that
 * closes while the flow's steps run slowly on a shared CPU) is part of both figures, so the check holds
 * whenever it runs, and still fails when the top bar shows anything the ledger does not say. Returns the
 * ledger it matched, for the flow to check its stakes.
 */
export async function expectBalanceOnLedger(page: Page, start: number): Promise<LedgerRow[]> {
  let rows: LedgerRow[] = [];
  await expect
    .poll(async () => {
      rows = await ledgerOf(page);
      const ledger = start + rows.filter((r) => GAME_KINDS.has(r.kind)).reduce((s, r) => s + r.amount, 0);
      const newest = rows.at(-1)?.balance_after ?? start;
      if (newest !== ledger) return `ledger: start − stakes + payouts ${ledger}, balance_after ${newest}`;
      const shown = await balanceOf(page);
      return shown === ledger ? 'top bar = ledger' : `top bar ${shown}, ledger ${ledger}`;
    })
    .toBe('top bar = ledger');
  return rows;
}

/**
 * Starts `check` now and keeps its outcome for the step that needs it: a flow watches a moment that lasts a
 * few seconds on the fast clocks (the draw's loading and first balls) from before the steps that may still
 * be running when it comes on a busy machine. The returned function waits for the outcome and throws a
 * failure there, in its step (never as an unhandled rejection).
 */
export function watchFor(check: () => Promise<unknown>): () => Promise<void> {
  const outcome = check().then(
    () => null,
    (error: unknown) => error,
  );
  return async () => {
    const failed = await outcome;
    if (failed !== null) throw failed;
  };
}

/** What `recordDrawStarts` saw since it began. */
interface DrawStartsSeen {
  /** The texts of the loading toasts shown ("the draw is loading"). */
  loadingToasts: string[];
  /** Rounds whose draw panel showed between one and nine balls out. */
  midReleaseRounds: number[];
}

/**
 * Records, in the page, the moments a draw starts with: the "draw is loading" toast (it hides after 850 ms)
 * and the draw panel with some but not all balls out (under 3 s on the fast clocks). A check that polls for
 * them meets such short moments only by luck on a loaded machine (a CI run missed the toast for a whole
 * round); a MutationObserver sees each one as it happens. Start it while the round to watch is still open
 * (every loading toast after that is its close or a later one), and on the page that stays open until then.
 */
export async function recordDrawStarts(page: Page): Promise<{ started(round: number): Promise<void> }> {
  await page.evaluate(() => {
    const seen = { loadingToasts: [] as string[], midReleaseRounds: [] as number[] };
    (window as unknown as { __e2eDrawStarts: typeof seen }).__e2eDrawStarts = seen;
    const counted = new WeakSet<Element>();
    const scan = () => {
      for (const toast of Array.from(
        document.querySelectorAll('[data-testid="toast-stack"] [data-status="LOADING"]'),
      )) {
        if (counted.has(toast)) continue;
        counted.add(toast);
        seen.loadingToasts.push(toast.textContent?.trim() ?? '');
      }
      for (const panel of Array.from(document.querySelectorAll('[data-testid="draw-panel"][data-round]'))) {
        const released = Number(panel.getAttribute('data-released'));
        const round = Number(panel.getAttribute('data-round'));
        if (released >= 1 && released <= 9 && !seen.midReleaseRounds.includes(round))
          seen.midReleaseRounds.push(round);
      }
    };
    scan();
    new MutationObserver(scan).observe(document, { childList: true, subtree: true, attributes: true });
  });
  const seen = () =>
    page.evaluate(() => (window as unknown as { __e2eDrawStarts: DrawStartsSeen }).__e2eDrawStarts);
  return {
    async started(round: number) {
      await expect
        .poll(
          async () => {
            const { loadingToasts, midReleaseRounds } = await seen();
            return {
              loading: loadingToasts.some((text) => text.includes('កំពុងផ្ទុកលទ្ធផលឆ្នោត')),
              released: midReleaseRounds.includes(round),
            };
          },
          { timeout: ROUND_CYCLE_MS },
        )
        .toEqual({ loading: true, released: true });
    },
  };
}
