import { useState } from 'react';
import { useStatementTranslation } from '../i18n';
import type { VerifiedRow, VerifyResult, VerifyTransfer } from '../verify/verify-transfer';

type Shown = { state: 'idle' } | { state: 'checking' } | { state: 'failed' } | VerifyResult;

const STATE_CLASS: Record<Shown['state'], string> = {
  idle: '',
  checking: 'text-slate-600',
  verified: 'bg-emerald-50 text-emerald-800',
  'pending-seal': 'bg-amber-50 text-amber-900',
  mismatch: 'bg-red-50 text-red-700',
  failed: 'text-red-700',
};

/** A row's "verify": asks the verifier once, then shows its answer in place of the button. */
export function VerifyButton({ row, verify }: { row: VerifiedRow; verify: VerifyTransfer }) {
  const { t } = useStatementTranslation();
  const [shown, setShown] = useState<Shown>({ state: 'idle' });
  const run = async () => {
    setShown({ state: 'checking' });
    try {
      setShown(await verify(row));
    } catch {
      setShown({ state: 'failed' });
    }
  };
  if (shown.state === 'idle') {
    return (
      <button
        type="button"
        className="min-h-11 rounded-lg px-2 text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-700"
        onClick={() => void run()}
        data-testid="statement-verify"
      >
        {t('statement.verify')}
      </button>
    );
  }
  const label = {
    checking: t('statement.verifying'),
    verified: t('statement.verified'),
    'pending-seal': t('statement.pendingSeal'),
    mismatch: t('statement.mismatch'),
    failed: t('statement.verifyFailed'),
  }[shown.state];
  return (
    <span
      role="status"
      className={`inline-block rounded-md px-2 py-1 text-xs font-semibold whitespace-nowrap ${STATE_CLASS[shown.state]}`}
      data-testid="statement-verify-state"
      data-state={shown.state}
    >
      {label}
    </span>
  );
}
