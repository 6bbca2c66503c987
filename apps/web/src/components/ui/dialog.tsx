import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './focus-trap';

export interface DialogProps {
  /** `alertdialog` for messages that need an answer, `dialog` otherwise. */
  role?: 'dialog' | 'alertdialog';
  title: ReactNode;
  children: ReactNode;
  /** Escape does what the cancel (or the only) button does. */
  onEscape: () => void;
  /** Extra classes of the panel (its colour band). */
  className?: string;
}

/** A modal dialog over the page: focus kept inside while open, Escape closes it (see `useFocusTrap`). */
export function Dialog({ role = 'dialog', title, children, onEscape, className = '' }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useFocusTrap(panel, onEscape);

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/60 p-4">
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        className={`w-full max-w-sm overflow-hidden rounded-2xl bg-white shadow-2xl outline-none ${className}`}
      >
        <h2 id={titleId} className="px-5 pt-5 text-lg font-semibold">
          {title}
        </h2>
        <div id={bodyId} className="px-5 pt-2 pb-5">
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
