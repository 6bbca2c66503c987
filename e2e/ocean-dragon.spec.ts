import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Fastify, { type FastifyInstance } from 'fastify';
import type { FishReply, SchoolFishView, ShotReply } from '../apps/demo-provider/src/api/game-api';
import { createDemoProvider, type DemoProvider } from '../apps/demo-provider/src/server';
import { TestWallet } from '../apps/demo-provider/src/test/test-wallet';
import { fishPoint } from '../apps/demo-provider/web/src/fishing/path';

/*
 * Ocean Dragon's page (issue 13) against the real studio server and a test wallet: the built page
 * (apps/demo-provider/web/dist; `npm run build:web -w @lotto59/demo-provider` first), provider 4 funded by a
 * signed transfer deposit, provider 5 on the seamless wallet. The test taps where the page draws a fish (the same
 * path function) and checks what the page shows against the server's answers.
 */

const SECRET_4 = 'c4'.repeat(32);
const SECRET_5 = 'e5'.repeat(32);
let wallet: TestWallet;
let studio: DemoProvider;
let app: FastifyInstance;
let base = '';
let dataDir = '';

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ocean-dragon-e2e-'));
  wallet = await new TestWallet({ '4': SECRET_4, '5': SECRET_5 }).start();
  studio = await createDemoProvider({
    database: { kind: 'sqlite', dataDir },
    secrets: { '4': SECRET_4, '5': SECRET_5 },
    walletBaseUrl: wallet.url,
    retry: { pollMs: 0 },
  });
  app = Fastify();
  await app.register(studio.plugin, { prefix: '/provider/demo' });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
test.afterAll(async () => {
  await app.close();
  await studio.close();
  await wallet.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function deposit(user: string, amount: number): Promise<void> {
  const raw = JSON.stringify({
    request_uuid: `r-${user}`,
    transfer_id: `t-${user}`,
    user,
    amount,
    currency: 'KHR',
  });
  const ts = String(Date.now());
  const sig = createHmac('sha256', Buffer.from(SECRET_4, 'ascii')).update(`${ts}.${raw}`).digest('hex');
  const res = await fetch(`${base}/provider/demo/transfer/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-provider': '4', 'x-timestamp': ts, 'x-signature': sig },
    body: raw,
  });
  expect(await res.json()).toMatchObject({ status: 'RS_OK', provider_balance: amount });
}

let users = 0;
/** A school as the page received it, with the test's clock at that moment (to follow the server's clock). */
interface Seen {
  reply: FishReply;
  offset: number;
}

async function open(page: Page, provider: '4' | '5', balance: number, lang = 'km'): Promise<Seen[]> {
  users += 1;
  const user = `${provider}-${users}-${test.info().project.name}`;
  const code = `code-${user}`;
  wallet.issueCode(code, user, 'ocean-dragon', balance);
  if (provider === '4') await deposit(user, balance);
  const schools: Seen[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/fishing/fish'))
      void r
        .json()
        .then((reply: FishReply) => schools.push({ reply, offset: reply.now - Date.now() }))
        .catch(() => undefined);
  });
  await page.goto(
    `${base}/provider/demo/ocean-dragon/?provider=${provider}&code=${code}&lang=${lang}&sound=1`,
  );
  await expect(page.getByTestId('ocean')).toBeVisible();
  return schools;
}

/** Taps a fish where the page draws it (same path, same playfield), once one is well inside the screen. */
async function tapFish(page: Page, schools: Seen[]): Promise<{ fish: SchoolFishView; reply: ShotReply }> {
  const size = page.viewportSize()!;
  const bar = Math.max(72, Math.min(120, size.height * 0.14));
  const field = size.height - bar;
  for (let i = 0; i < 60; i += 1) {
    const school = schools.at(-1);
    if (school) {
      for (const fish of school.reply.fish) {
        // Where the fish will be when the click lands (a loaded machine takes a moment to deliver it).
        const p = fishPoint(fish, Date.now() + school.offset + 100);
        if (p.x > 0.2 && p.x < 0.8 && p.y > 0.15 && p.y < 0.85 && p.t > 0 && p.t < 1) {
          const [response] = await Promise.all([
            page
              .waitForResponse((r) => r.url().endsWith('/api/fishing/shoot'), { timeout: 3_000 })
              .catch(() => null),
            page.mouse.click(p.x * size.width, p.y * field),
          ]);
          // Where two fish overlap the page shoots the nearer one: the one it says it tapped.
          const tapped = Number(await page.getByTestId('ocean').getAttribute('data-tapped'));
          const hit = school.reply.fish.find((f) => f.id === tapped);
          if (response?.status() === 200 && hit)
            return { fish: hit, reply: (await response.json()) as ShotReply };
        }
      }
    }
    await page.waitForTimeout(500);
  }
  throw new Error('no fish to shoot');
}

const shots = 'artifacts/screenshots';

test('provider 4: a tap shoots the fish under it; the in-game balance follows the server', async ({
  page,
}, info) => {
  const schools = await open(page, '4', 100_000);
  await expect(page.getByTestId('ocean')).toHaveAttribute('data-balance', '100000');
  await page.waitForTimeout(3_000);
  await page.screenshot({ scale: 'css', path: `${shots}/ocean-dragon-p4-${info.project.name}.png` });
  // The cannon up two levels: 500 ៛ a shot.
  const size = page.viewportSize()!;
  const bar = Math.max(72, Math.min(120, size.height * 0.14));
  const cannon = Math.min(64, Math.min(size.width, size.height - bar) * 0.11);
  for (let i = 0; i < 2; i += 1)
    await page.mouse.click(
      size.width / 2 + cannon * 2.2,
      size.height - Math.max(bar * 0.3, 30) - cannon * 0.2,
    );
  await expect(page.getByTestId('ocean')).toHaveAttribute('data-level', '3');
  const { fish, reply } = await tapFish(page, schools);
  expect(reply).toMatchObject({ fish_id: fish.id, level: 3, cost: 500, magazine: null });
  expect(reply.balance).toBe(100_000 - 500 + reply.payout);
  await expect(page.getByTestId('ocean')).toHaveAttribute('data-balance', String(reply.balance));
  await page.waitForTimeout(150);
  await page.screenshot({ scale: 'css', path: `${shots}/ocean-dragon-p4-shot-${info.project.name}.png` });
});

test('provider 5: the first shot buys a magazine of 50 with one wallet bet; landscape and English', async ({
  page,
}, info) => {
  const size = page.viewportSize()!;
  if (info.project.name === 'phone') await page.setViewportSize({ width: size.height, height: size.width });
  const schools = await open(page, '5', 200_000, 'en');
  const { reply } = await tapFish(page, schools);
  expect(reply.magazine).toEqual({ level: 1, shots_left: 49 });
  expect(wallet.callsOf('bet').at(-1)!.body).toMatchObject({ amount: 5_000, game_code: 'ocean-dragon' });
  await expect(page.getByTestId('ocean')).toHaveAttribute('data-balance', String(reply.balance));
  await page.screenshot({ scale: 'css', path: `${shots}/ocean-dragon-p5-${info.project.name}.png` });
  // The info sheet: rules, the fish table and the fairness check of the shots.
  await page.mouse.click(30, 30);
  await expect(page.getByRole('dialog')).toContainText('Ocean Dragon');
  await page.screenshot({ scale: 'css', path: `${shots}/ocean-dragon-sheet-${info.project.name}.png` });
});

test('provider 5 on a 360 px phone: the balance keeps clear of the − cannon button (issue 26, item 5)', async ({
  page,
}, info) => {
  if (info.project.name === 'phone') await page.setViewportSize({ width: 360, height: 740 });
  await open(page, '5', 12_345_678);
  const ocean = page.getByTestId('ocean');
  await expect(ocean).toHaveAttribute('data-balance', '12345678');
  const edge = async (name: string) => Number(await ocean.getAttribute(name));
  expect(await edge('data-balance-right')).toBeLessThanOrEqual(await edge('data-minus-left'));
  await page.screenshot({ scale: 'css', path: `${shots}/ocean-dragon-p5-narrow-${info.project.name}.png` });
});
