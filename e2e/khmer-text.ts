import { expect, type Page } from '@playwright/test';
import { latinWordsOf } from '../apps/web/src/lib/latin-words';

/**
 * Issue 11, "Khmer everywhere": the Khmer interface shows no Latin word, except what must stay Latin. The
 * allow-list and the word rule are the web app's (apps/web/src/lib/latin-words.ts), shared with the unit tests
 * of the Khmer catalogues. Text inside an element marked `lang` other than Khmer is another language on
 * purpose (the language switch), and text in `<pre>`/`<code>` is a command to type, not a word of the
 * interface.
 */
export { LATIN_FAIRNESS_STANDARDS, latinWordsOf } from '../apps/web/src/lib/latin-words';

export interface LatinWordOptions {
  /** More text that may be Latin on this screen: the player's username above all (matched in any case). */
  allow?: readonly (string | RegExp)[];
}

/**
 * Every piece of text a person sees on the page now: visible text nodes (not `sr-only` ones: 1 px boxes), and
 * the placeholders of visible empty fields. Each with a short path to its element, for the failure message.
 */
function visibleTexts(page: Page): Promise<{ text: string; where: string }[]> {
  return page.evaluate(() => {
    const seen = (el: Element): boolean => {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
      const box = el.getBoundingClientRect();
      return box.width > 1 && box.height > 1;
    };
    const where = (el: Element): string => {
      const parts: string[] = [];
      for (let node: Element | null = el; node && parts.length < 3; node = node.parentElement) {
        const id = node.getAttribute('data-testid') ?? node.id;
        parts.unshift(`${node.tagName.toLowerCase()}${id ? `#${id}` : ''}`);
      }
      return parts.join(' > ');
    };
    const found: { text: string; where: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TITLE'].includes(parent.tagName)) continue;
      if (parent.closest('svg') && parent.tagName.toLowerCase() !== 'text') continue; // <title> tooltips
      // Commands to type into a terminal (the rules' verification) are code, not words of the interface.
      if (parent.closest('pre, code, kbd, samp')) continue;
      // Text marked as another language on purpose (the language switch names English in English).
      if (!(parent.closest('[lang]')?.getAttribute('lang') ?? 'km').startsWith('km')) continue;
      if (seen(parent)) found.push({ text, where: where(parent) });
    }
    const fields = Array.from(
      document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]'),
    );
    for (const field of fields) {
      if (!field.value && seen(field))
        found.push({ text: field.placeholder, where: `${where(field)}[placeholder]` });
    }
    return found;
  });
}

/**
 * Fails when a visible text of the page holds a Latin word outside the allow-list, naming each text and where
 * it is. Call it on every screen, dialog and toast of the Khmer interface.
 */
export async function expectNoLatinWords(page: Page, options: LatinWordOptions = {}): Promise<void> {
  const offending = (await visibleTexts(page))
    .map(({ text, where }) => ({ text, where, words: latinWordsOf(text, options.allow) }))
    .filter(({ words }) => words.length > 0)
    .map(({ text, where, words }) => `${words.join(', ')} in "${text}" (${where})`);
  expect(offending, `Latin words on ${page.url()}:\n${offending.join('\n')}`).toEqual([]);
}

/** The toasts a page raised since `recordToasts`, and the check of their words. */
export interface ToastRecord {
  /** The text of every toast shown so far, in order. */
  texts(): readonly string[];
  /** Fails when a toast shown so far held a Latin word outside the allow-list. */
  expectNoLatinWords(options?: LatinWordOptions): void;
}

/**
 * A status toast hides itself after 850 ms: a walk of the page can miss it, and a check timed to meet it
 * passes on a slow machine only by luck. So every toast is recorded the moment it appears (its text, across
 * navigations and reloads), and its words are checked from the record. Call before the page's first load.
 */
export async function recordToasts(page: Page): Promise<ToastRecord> {
  const texts: string[] = [];
  await page.exposeFunction('__e2eToastShown', (text: string) => {
    texts.push(text);
  });
  await page.addInitScript(() => {
    const reported = new WeakSet<Element>();
    const scan = () => {
      for (const toast of Array.from(
        document.querySelectorAll('[data-testid="toast-stack"] [data-status]'),
      )) {
        if (reported.has(toast)) continue;
        reported.add(toast);
        const report = (window as unknown as { __e2eToastShown?: (text: string) => void }).__e2eToastShown;
        void report?.(toast.textContent?.trim() ?? '');
      }
    };
    new MutationObserver(scan).observe(document, { childList: true, subtree: true });
  });
  return {
    texts: () => [...texts],
    expectNoLatinWords(options = {}) {
      const offending = texts
        .map((text) => ({ text, words: latinWordsOf(text, options.allow) }))
        .filter(({ words }) => words.length > 0)
        .map(({ text, words }) => `${words.join(', ')} in the toast "${text}"`);
      expect(offending, `Latin words in toasts:\n${offending.join('\n')}`).toEqual([]);
    },
  };
}
