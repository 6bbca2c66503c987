import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

export interface PagerLabels {
  /** The name of the navigation landmark ("pages"). */
  nav: string;
  previous: string;
  next: string;
  pageOf: (page: number, last: number) => string;
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
