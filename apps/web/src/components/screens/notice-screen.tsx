import type { ReactNode } from 'react';

/**
 * A page-sized notice inside the main layout: a screen that is not built yet, a game that is not open yet.
 * The heading is the page's `h1`.
 */
export function NoticeScreen({
  icon,
  title,
  message,
  children,
}: {
  icon: ReactNode;
  title: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-10 text-center sm:py-16">
      <div className="flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
        {icon}
      </div>
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      {children && <div className="mt-6">{children}</div>}
    </div>
  );
}
