/**
 * Feedback of seed §2: alert and confirm dialogs, the status toast and the winners banner. A small store any
 * code may call (the HTTP client raises the "please log in again" alert); `NotificationsHost` draws it.
 */
import { winnersBannerDurationMs } from '@lotto59/domain';
import { useSyncExternalStore } from 'react';
import { STATUS_TOAST_MS } from '@/config/constants';

/** Seed §3 message status: ERROR, LOADING, or anything success-like. */
export const MESSAGE_STATUSES = ['ERROR', 'LOADING', 'SUCCESS'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export interface AlertOptions {
  /** Red for ERROR, green otherwise (seed §2). */
  status?: 'ERROR' | 'SUCCESS';
  /** Defaults to the Khmer word for OK (seed §2). */
  title?: string;
  message: string;
  /** A link under the message (a refusal by a limit links to the responsible-gaming page). */
  link?: { href: string; label: string };
  /** Runs when the player presses OK (or Escape). */
  onClose?: () => void;
  /** Alerts with the same key are shown once, however often they are raised while one is open. */
  key?: string;
}

export interface ConfirmOptions {
  title?: string;
  message: string;
  onConfirm: () => void;
  onCancel?: () => void;
}

export interface ToastOptions {
  status: MessageStatus;
  /** Without one, the status's own text (loading: "the draw is loading"). */
  message?: string;
}

/** Seed §3 winner announcement. */
export interface Winner {
  bet_id: number;
  /** The jackpot tier; 2 is the small jackpot. */
  diff: number;
  /** Whole riel. */
  price: number;
}

export interface BannerOptions {
  winners?: readonly Winner[];
  message?: string;
}

interface Shown<T> {
  id: number;
  options: T;
}

export interface NotificationsState {
  alerts: readonly Shown<AlertOptions>[];
  confirm: Shown<ConfirmOptions> | null;
  /** Every toast still within its time, oldest first: a new one never replaces an earlier one. */
  toasts: readonly Shown<ToastOptions>[];
  banner: Shown<BannerOptions> | null;
}

/** Seed §4: 60 s when the banner carries a message, otherwise 10 s plus 10 s per winner. */
export function bannerDurationMs(banner: BannerOptions): number {
  return winnersBannerDurationMs({ message: banner.message, winnerCount: banner.winners?.length ?? 0 });
}

/** More toasts than this at once drop the oldest: the stack must not grow over the page. */
export const TOASTS_SHOWN_MAX = 3;

const EMPTY: NotificationsState = { alerts: [], confirm: null, toasts: [], banner: null };
let state: NotificationsState = EMPTY;
let nextId = 1;
const listeners = new Set<() => void>();
let bannerTimer: ReturnType<typeof setTimeout> | undefined;

function update(next: Partial<NotificationsState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const notifications = {
  alert(options: AlertOptions): void {
    if (options.key !== undefined && state.alerts.some((a) => a.options.key === options.key)) return;
    update({ alerts: [...state.alerts, { id: nextId++, options }] });
  },
  /** Closes the alert on top; its `onClose` runs. */
  closeAlert(id: number): void {
    const shown = state.alerts.find((a) => a.id === id);
    if (!shown) return;
    update({ alerts: state.alerts.filter((a) => a.id !== id) });
    shown.options.onClose?.();
  },
  confirm(options: ConfirmOptions): void {
    update({ confirm: { id: nextId++, options } });
  },
  settleConfirm(confirmed: boolean): void {
    const shown = state.confirm;
    if (!shown) return;
    update({ confirm: null });
    if (confirmed) shown.options.onConfirm();
    else shown.options.onCancel?.();
  },
  /**
   * Seed §2: each toast hides itself after 850 ms. Toasts queue: one raised while another shows joins the
   * stack with its own time (a "bet placed" just before the close is not wiped by "the draw is loading").
   * The same status and message again is one toast, its time started again.
   */
  toast(options: ToastOptions): void {
    const id = nextId++;
    const others = state.toasts.filter(
      (t) => t.options.status !== options.status || t.options.message !== options.message,
    );
    update({ toasts: [...others, { id, options }].slice(-TOASTS_SHOWN_MAX) });
    setTimeout(() => update({ toasts: state.toasts.filter((t) => t.id !== id) }), STATUS_TOAST_MS);
  },
  showBanner(options: BannerOptions): void {
    clearTimeout(bannerTimer);
    const id = nextId++;
    update({ banner: { id, options } });
    bannerTimer = setTimeout(() => {
      if (state.banner?.id === id) update({ banner: null });
    }, bannerDurationMs(options));
  },
  hideBanner(): void {
    clearTimeout(bannerTimer);
    update({ banner: null });
  },
  getState(): NotificationsState {
    return state;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests: forget everything shown. */
  reset(): void {
    clearTimeout(bannerTimer);
    state = EMPTY;
    for (const listener of listeners) listener();
  },
};

export function useNotifications(): NotificationsState {
  return useSyncExternalStore(notifications.subscribe, notifications.getState, notifications.getState);
}
