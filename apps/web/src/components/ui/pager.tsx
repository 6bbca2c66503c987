import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { TranslationValues } from '@/lib/i18n';
import { Button } from './button';

export interface PagerLabels {
  /** The name of the navigation landmark ("pages"). */
  nav: string;
  previous: string;
  next: string;
  pageOf: (page: number, last: number) => string;
}

/** The keys a translation namespace gives its pager: `pages`, `previous`, `next` and `pageOf` ({{page}}, {{last}}). */
type PagerKey<Namespace extends string> =
  `${Namespace}.pages` | `${Namespace}.previous` | `${Namespace}.next` | `${Namespace}.pageOf`;

/** The four pager labels of a namespace that names them the usual way (`pagerLabels(t, 'report')`). */
export function pagerLabels<Namespace extends string>(
  t: (key: PagerKey<NoInfer<Namespace>>, values?: TranslationValues) => string,
  namespace: Namespace,
): PagerLabels {
  return {
    nav: t(`${namespace}.pages`),
    previous: t(`${namespace}.previous`),
    next: t(`${namespace}.next`),
    pageOf: (page, last) => t(`${namespace}.pageOf`, { page, last }),
  };
}

/** Previous / next over the list envelope's `meta`; nothing when everything fits on one page. */
export function Pager({
  meta,
  onPage,
  labels,
}: {
  meta: { current_page: number; last_page: number };
  onPage: (page: number) => void;
  labels: PagerLabels;
}) {
  const { current_page: page, last_page: last } = meta;
  if (last <= 1) return null;
  return (
    <nav aria-label={labels.nav} className="flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-5" />
        {labels.previous}
      </Button>
      <span className="text-sm text-slate-600" aria-live="polite">
        {labels.pageOf(page, last)}
      </span>
      <Button variant="secondary" disabled={page >= last} onClick={() => onPage(page + 1)}>
        {labels.next}
        <ChevronRight aria-hidden="true" className="size-5" />
      </Button>
    </nav>
  );
}
