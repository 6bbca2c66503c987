/** Shared look of the board's controls: 44 px touch targets, a clear pressed state, a visible focus ring. */
export const TOGGLE =
  'inline-flex min-h-11 items-center justify-center rounded-xl px-2 font-semibold ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-not-allowed disabled:opacity-50';
export const TOGGLE_OFF = 'bg-white text-slate-800 ring-slate-300 hover:bg-emerald-50';
export const TOGGLE_ON = 'bg-emerald-700 text-white ring-emerald-800';

export const INPUT =
  'block min-h-11 w-full rounded-lg border bg-white px-3 text-base outline-none focus:ring-4 disabled:bg-slate-100';
export const INPUT_OK = 'border-slate-300 focus:border-emerald-600 focus:ring-emerald-200';
export const INPUT_BAD = 'border-red-500 focus:border-red-500 focus:ring-red-200';
