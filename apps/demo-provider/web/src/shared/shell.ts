import type { DemoSeamlessProvider, SessionReply } from '../../../src/api/game-api';
import { GameApi, GameApiFailure } from './api';
import { fill, h } from './dom';
import { type ErrorCode, i18n, type I18n, riel, type TextKey } from './i18n';
import { readLaunchParams, type LaunchParams } from './params';
import { createSound, type Sound } from './sound';
import './base.css';

/*
 * What both game pages share around their table: the top bar (game name, balance, rules, fairness, sound), the
 * spoken status line, the error line, the "reopen the game" screen, and the session opened from the launch code.
 */

export interface Shell {
  params: LaunchParams;
  i18n: I18n;
  api: GameApi;
  sound: Sound;
  session: SessionReply;
  /** The page's game area, below the top bar. */
  main: HTMLElement;
  setBalance(balance: number): void;
  /** Said by screen readers (aria-live); the game shows the same facts in its own way. */
  announce(text: string): void;
  /** A short note shown under the game and said by screen readers (a refused chip, an empty table). */
  notice(text: string): void;
  /** A refusal in the player's language; an ended session replaces the game with the reopen screen. */
  showError(error: unknown): void;
  clearError(): void;
  /** A modal sheet (rules, paytable, fairness) with a close button; `build` fills it each time it opens. */
  sheet(title: TextKey, build: (body: HTMLElement) => void): () => void;
  /** Adds a button to the top bar. */
  addTopButton(label: TextKey, onClick: () => void, testId: string): HTMLButtonElement;
}

function reopenScreen(root: HTMLElement, text: I18n): void {
  fill(
    root,
    h(
      'main',
      { class: 'reopen', role: 'alert', 'data-testid': 'reopen', 'aria-label': document.title },
      h('p', { class: 'reopen-text' }, text.t('reopen')),
    ),
  );
}

export async function openShell(
  title: TextKey,
  defaultProvider: DemoSeamlessProvider,
): Promise<Shell | null> {
  const params = readLaunchParams(window.location.search, defaultProvider);
  const text = i18n(params.lang);
  document.documentElement.lang = params.lang;
  document.title = text.t(title);
  document.body.dataset.platform = params.platform;
  const root = document.getElementById('app')!;
  root.replaceChildren(h('p', { class: 'boot', role: 'status' }, text.t('loading')));

  const api = new GameApi();
  let session: SessionReply;
  try {
    session = await api.openSession(params.provider, params.code);
  } catch (error) {
    const code = error instanceof GameApiFailure ? error.code : 'NETWORK';
    if (code === 'INVALID_SESSION' || code === 'SESSION_EXPIRED' || code === 'INVALID_BET') {
      reopenScreen(root, text);
    } else {
      fill(root, h('p', { class: 'reopen', role: 'alert', 'data-testid': 'reopen' }, text.error(code)));
    }
    return null;
  }

  const sound = createSound(params.sound);
  const balance = h('output', { class: 'balance-value', 'data-testid': 'balance' }, riel(session.balance));
  const buttons = h('div', { class: 'top-buttons' });
  const live = h('p', { class: 'sr-only', 'aria-live': 'polite', 'data-testid': 'status' });
  const note = h('p', { class: 'notice', 'aria-hidden': 'true', 'data-testid': 'notice' });
  const errorLine = h('p', { class: 'error', role: 'alert', 'data-testid': 'error', hidden: true });
  // The page runs in the operator's frame, whose own header and main are unnamed: named landmarks here keep every
  // landmark of the whole screen unique (axe landmark-unique, issue 26, item 12).
  const main = h('main', { class: 'game', 'aria-label': text.t(title) });
  const header = h(
    'header',
    { class: 'top', 'aria-label': text.t(title) },
    h('h1', { class: 'title' }, text.t(title)),
    h('div', { class: 'balance' }, h('span', { class: 'balance-label' }, text.t('balance')), balance),
    buttons,
  );
  fill(root, header, main, note, errorLine, live);

  const shell: Shell = {
    params,
    i18n: text,
    api,
    sound,
    session,
    main,
    setBalance: (value) => {
      balance.textContent = riel(value);
    },
    announce: (value) => {
      live.textContent = value;
      note.textContent = '';
    },
    notice: (value) => {
      live.textContent = value;
      // aria-hidden: the live region already says it once.
      note.textContent = value;
    },
    showError: (error) => {
      const code: ErrorCode = error instanceof GameApiFailure ? error.code : 'NETWORK';
      if (!(error instanceof GameApiFailure)) console.error(error);
      if (code === 'INVALID_SESSION' || code === 'SESSION_EXPIRED') return reopenScreen(root, text);
      errorLine.textContent = text.error(code);
      errorLine.hidden = false;
    },
    clearError: () => {
      errorLine.hidden = true;
      errorLine.textContent = '';
    },
    sheet: (sheetTitle, build) => {
      const body = h('div', { class: 'sheet-body' });
      const closeButton = h('button', { type: 'button', class: 'btn sheet-close' }, text.t('close'));
      const dialog = h(
        'dialog',
        { class: 'sheet', 'aria-label': text.t(sheetTitle), 'data-testid': `sheet-${sheetTitle}` },
        h('div', { class: 'sheet-head' }, h('h2', {}, text.t(sheetTitle)), closeButton),
        body,
      );
      closeButton.addEventListener('click', () => dialog.close());
      // A tap on the dimmed backdrop (the dialog element itself, outside its box) closes it too.
      dialog.addEventListener('click', (event) => {
        if (event.target === dialog) dialog.close();
      });
      document.body.append(dialog);
      return () => {
        build(body);
        dialog.showModal();
      };
    },
    addTopButton: (label, onClick, testId) => {
      const button = h(
        'button',
        { type: 'button', class: 'btn top-btn', 'data-testid': testId },
        text.t(label),
      );
      button.addEventListener('click', onClick);
      buttons.append(button);
      return button;
    },
  };

  if (sound.available) {
    const toggle = shell.addTopButton(
      'sound',
      () => {
        sound.muted = !sound.muted;
        toggle.setAttribute('aria-pressed', String(!sound.muted));
      },
      'sound-toggle',
    );
    sound.muted = false;
    toggle.setAttribute('aria-pressed', 'true');
  }
  return shell;
}
