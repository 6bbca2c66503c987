import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways when its content (a wide table) does not fit a phone. It is focusable and named,
 * so a keyboard user can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  children,
  className = '',
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 ${className}`}
    >
      {children}
    </div>
  );
}
