import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';

const FRAMED =
  'flex flex-col items-center gap-2 rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200';
const IN_CARD = 'flex flex-col items-center gap-2 p-6 text-center text-slate-600';

/**
 * "Nothing here" under a filter: the inbox icon and one line. A list on the page stands in its own white box
 * (`framed`); a list inside a card is already on white, so the box is left off there.
 */
export function EmptyState({ children, framed = true }: { children: ReactNode; framed?: boolean }) {
  return (
    <div className={framed ? FRAMED : IN_CARD}>
      <Inbox aria-hidden="true" className="size-10 text-slate-400" />
      <p>{children}</p>
    </div>
  );
}
