import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useLotteryTranslation, type LotteryKey } from '../i18n';

const TABS: readonly { key: LotteryKey; href: string; end: boolean }[] = [
  { key: 'tabs.timeout', href: paths.lottery.timeout.getHref(), end: true },
  { key: 'tabs.bet', href: paths.lottery.bet.getHref(), end: false },
  { key: 'tabs.ticket', href: paths.lottery.ticket.getHref(), end: true },
  { key: 'tabs.result', href: paths.lottery.result.getHref(), end: true },
  { key: 'tabs.report', href: paths.lottery.report.getHref(), end: true },
];

/** `/game/lottery/…`: the game's title and its tabs (seed §2 sub-routes) above the chosen screen. */
export function LotteryShell({ children }: { children: ReactNode }) {
  const { t } = useLotteryTranslation();
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-3 sm:p-6">
      <h1 className="text-2xl font-semibold print:hidden">{t('title')}</h1>
      <nav aria-label={t('tabs.label')} className="print:hidden">
        <ul className="grid grid-cols-5 gap-1 rounded-xl bg-white p-1 shadow-sm ring-1 ring-slate-200">
          {TABS.map((tab) => (
            <li key={tab.key} className="min-w-0">
              <NavLink
                to={tab.href}
                end={tab.end}
                className={({ isActive }) =>
                  `flex h-full min-h-11 items-center justify-center rounded-lg px-1 text-center text-xs leading-tight font-semibold sm:text-sm focus-visible:outline-2 focus-visible:outline-emerald-700 ${
                    isActive ? 'bg-emerald-700 text-white' : 'text-slate-700 hover:bg-slate-100'
                  }`
                }
              >
                {t(tab.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}

/** Loading, failure with retry, or the content. */
export function QueryState({
  isPending,
  isError,
  onRetry,
  children,
}: {
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useLotteryTranslation();
  if (isPending)
    return (
      <p role="status" className="p-6 text-center text-slate-600">
        {t('common.loading')}
      </p>
    );
  if (isError)
    return (
      <div role="alert" className="space-y-3 rounded-xl bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
        <p>{t('common.loadFailed')}</p>
        <button
          type="button"
          onClick={onRetry}
          className="min-h-11 rounded-lg bg-white px-4 font-semibold text-slate-800 ring-1 ring-slate-300"
        >
          {t('common.retry')}
        </button>
      </div>
    );
  return <>{children}</>;
}

/** A titled white card. */
export function Card({
  title,
  children,
  testId,
  className = '',
}: {
  title?: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <section
      className={`space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 ${className}`}
      data-testid={testId}
    >
      {title && <h2 className="text-lg font-semibold">{title}</h2>}
      {children}
    </section>
  );
}
