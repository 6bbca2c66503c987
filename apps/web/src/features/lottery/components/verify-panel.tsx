import { isServerSeed, lotterySheet, serverSeedHash } from '@lotto59/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { LotteryResult } from '@lotto59/contract';
import { useLotteryTranslation } from '../i18n';

export type Verification =
  | { kind: 'no-seed' }
  | { kind: 'not-revealed' }
  | { kind: 'bad-seed' }
  | {
      kind: 'checked';
      hashOk: boolean;
      /** Printed lines whose number differs from the recomputed one (or that one side lacks). */
      mismatched: { code: string; index: number; shown: string | null; expected: string | null }[];
      lines: number;
    };

/**
 * lottery.md §7 in the browser: the revealed seed must hash to the hash published before the draw, and the
 * domain's sheet algorithm run on (seed, draw id, layout) must give every printed number.
 */
export function verifyDrawResult(result: LotteryResult): Verification {
  if (result.source !== 'ENGINE' || result.server_seed_hash === null) return { kind: 'no-seed' };
  const seed = result.server_seed;
  if (seed === null) return { kind: 'not-revealed' };
  if (!isServerSeed(seed)) return { kind: 'bad-seed' };
  const expected = lotterySheet(seed, result.draw.id, result.draw.layout);
  const key = (line: { code: string; index: number }) => `${line.code}#${String(line.index)}`;
  const shown = new Map(result.lines.map((line) => [key(line), line.number]));
  const mismatched: Extract<Verification, { kind: 'checked' }>['mismatched'] = [];
  for (const line of expected) {
    const printed = shown.get(key(line)) ?? null;
    if (printed !== line.number)
      mismatched.push({ code: line.code, index: line.index, shown: printed, expected: line.number });
    shown.delete(key(line));
  }
  for (const [extra, number] of shown) {
    const [code = '', index = '0'] = extra.split('#');
    mismatched.push({ code, index: Number(index), shown: number, expected: null });
  }
  return {
    kind: 'checked',
    hashOk: serverSeedHash(seed) === result.server_seed_hash,
    mismatched,
    lines: expected.length,
  };
}

/** The verify panel under a result sheet: seed, hash, and match or mismatch, recomputed on request. */
export function VerifyPanel({ result }: { result: LotteryResult }) {
  const { t } = useLotteryTranslation();
  const [verification, setVerification] = useState<Verification | null>(null);
  const upfront = verifyDrawResult(result);
  return (
    <section
      className="space-y-3 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 print:hidden"
      data-testid="verify-panel"
    >
      <h2 className="text-lg font-semibold">{t('verify.title')}</h2>
      <p className="text-sm text-slate-700">{t('verify.intro')}</p>
      {upfront.kind === 'no-seed' && <p>{t('verify.noSeed')}</p>}
      {result.server_seed_hash !== null && (
        <p className="text-sm">
          <span className="font-semibold">{t('verify.hash')}</span>{' '}
          <code className="break-all">{result.server_seed_hash}</code>
        </p>
      )}
      {upfront.kind === 'not-revealed' && <p>{t('verify.notRevealed')}</p>}
      {result.server_seed !== null && (
        <>
          <p className="text-sm">
            <span className="font-semibold">{t('verify.seed')}</span>{' '}
            <code className="break-all">{result.server_seed}</code>
          </p>
          <Button onClick={() => setVerification(verifyDrawResult(result))} data-testid="verify-run">
            {t('verify.run')}
          </Button>
        </>
      )}
      {verification && <VerificationText verification={verification} />}
    </section>
  );
}

function VerificationText({ verification }: { verification: Verification }) {
  const { t } = useLotteryTranslation();
  if (verification.kind === 'bad-seed')
    return (
      <p role="status" className="font-semibold text-red-700" data-testid="verify-outcome" data-match="false">
        {t('verify.badSeed')}
      </p>
    );
  if (verification.kind !== 'checked') return null;
  const match = verification.hashOk && verification.mismatched.length === 0;
  return (
    <div
      role="status"
      data-testid="verify-outcome"
      data-match={String(match)}
      className={`space-y-1 rounded-xl p-3 font-semibold ring-1 ${
        match ? 'bg-emerald-50 text-emerald-900 ring-emerald-200' : 'bg-red-50 text-red-800 ring-red-200'
      }`}
    >
      <p>{verification.hashOk ? t('verify.hashOk') : t('verify.hashBad')}</p>
      <p>
        {verification.mismatched.length === 0
          ? t('verify.match', { count: verification.lines })
          : t('verify.mismatch', { count: verification.mismatched.length })}
      </p>
      {verification.mismatched.length > 0 && (
        <ul className="text-sm font-normal">
          {verification.mismatched.map((m) => (
            <li key={`${m.code}-${String(m.index)}`} className="tabular-nums">
              {m.shown ?? '—'} → {t('verify.expected', { number: m.expected ?? '—' })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
