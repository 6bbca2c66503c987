import { expect, type Page, type TestInfo } from '@playwright/test';
import { isPhone } from './support';

/** Helpers of the provider games' browser tests on our server (fishing-live, sport-live). */

export const riel = (n: number): string => `${n.toLocaleString('en-US')} ៛`;

/** The top bar's balance as a number (its text is "សមតុល្យ: 1,234 ៛", the label for screen readers). */
export async function topBarBalance(page: Page): Promise<number> {
  const text = (await page.getByTestId('top-bar-balance').textContent()) ?? '';
  const figure = /([\d,]+) ៛/.exec(text)?.[1];
  expect(figure, `a balance in "${text}"`).toBeDefined();
  return Number(figure!.replaceAll(',', ''));
}

/** A link of the side menu, the way a player reaches it: the overlay on a phone, the rail on a desktop. */
export async function fromMenu(page: Page, info: TestInfo, name: string): Promise<void> {
  if (isPhone(info)) {
    await page.getByRole('banner').getByRole('button', { name: /ម៉ឺនុយ/ }).click();
    await page.getByRole('dialog', { name: 'ម៉ឺនុយមេ' }).getByRole('link', { name, exact: true }).click();
  } else {
    await page.getByRole('navigation', { name: 'ម៉ឺនុយមេ' }).getByRole('link', { name, exact: true }).click();
  }
}

/** Our server's answer to a GET from the page's own session (cookies), unwrapped from its `{data}` envelope. */
export async function apiData<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}
