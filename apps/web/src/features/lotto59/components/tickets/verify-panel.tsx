import { drawNumbers, isServerSeed, serverSeedHash } from '@lotto59/domain';
import { CircleCheck, CircleX, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useLottoTranslation } from '../../i18n';

export interface Verification {
  hash: string;
  hashMatches: boolean;
  numbers: number[];
  numbersMatch: boolean;
}

/**
 * Re-derives a draw in the browser, from the revealed seed, with the domain's own `drawNumbers` (pure
 * JavaScript, @noble/hashes: it works on plain http too, where WebCrypto is absent).
 */
export function verifyDraw(input: {
  roundId: number;
  serverSeed: string;
  serverSeedHash: string;
  numbers: readonly number[];
}): Verification | null {
  if (!isServerSeed(input.serverSeed)) return null;
  const hash = serverSeedHash(input.serverSeed);
  const numbers = drawNumbers(input.serverSeed, input.roundId);
  return {
    hash,
    hashMatches: hash === input.serverSeedHash,
    numbers,
    numbersMatch: numbers.length === input.numbers.length && numbers.every((n, i) => n === input.numbers[i]),
  };
}

function Check({ ok, label }: { ok: boolean; label: string }) {
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <p className={`flex items-start gap-2 font-semibold ${ok ? 'text-emerald-800' : 'text-red-700'}`}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      {label}
    </p>
  );
}

/** "Verify this draw": the seed hash and the numbers, computed here and compared with what the server published. */
export function VerifyPanel({
  roundId,
  serverSeed,
  serverSeedHash: publishedHash,
  numbers,
}: {
  roundId: number;
  serverSeed: string | null;
  serverSeedHash: string;
  numbers: readonly number[];
}) {
  const { t } = useLottoTranslation();
  const id = useId();
  const [result, setResult] = useState<Verification | null | 'invalid'>(null);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 print:hidden"
      data-testid="verify-panel"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck aria-hidden="true" className="size-5 text-emerald-700" />
        {t('verify.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('verify.explain')}</p>
      <dl className="space-y-1 text-sm">
        <div>
          <dt className="text-slate-600">{t('verify.publishedHash')}</dt>
          <dd className="font-mono break-all">{publishedHash}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('verify.seed')}</dt>
          <dd className="font-mono break-all">{serverSeed ?? t('verify.seedHidden')}</dd>
        </div>
      </dl>
      {serverSeed !== null && (
        <Button
          onClick={() =>
            setResult(
              verifyDraw({ roundId, serverSeed, serverSeedHash: publishedHash, numbers }) ?? 'invalid',
            )
          }
        >
          {t('verify.run')}
        </Button>
      )}
      {result === 'invalid' && <Check ok={false} label={t('verify.badSeed')} />}
      {result !== null && result !== 'invalid' && (
        <div
          role="status"
          className="space-y-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
          data-testid="verify-result"
        >
          <dl className="space-y-1 text-sm">
            <div>
              <dt className="text-slate-600">{t('verify.computedHash')}</dt>
              <dd className="font-mono break-all">{result.hash}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('verify.computedNumbers', { round: roundId })}</dt>
              <dd className="font-mono" data-testid="verify-numbers">
                {result.numbers.join(', ')}
              </dd>
            </div>
          </dl>
          <Check
            ok={result.hashMatches}
            label={result.hashMatches ? t('verify.hashOk') : t('verify.hashBad')}
          />
          <Check
            ok={result.numbersMatch}
            label={result.numbersMatch ? t('verify.numbersOk') : t('verify.numbersBad')}
          />
        </div>
      )}
    </section>
  );
}
