import { expect, type Page } from '@playwright/test';

/**
 * Issue 11, "Khmer everywhere": the Khmer interface shows no Latin word, except what must stay Latin. Always
 * allowed: the currency code `KHR`, and long hexadecimal strings (the fairness panels' hashes and seeds).
 * A single Latin letter is not a word (the posts A…J, the abbreviated amounts 1.5K, 2M), nor are digits. Text
 * inside an element marked `lang` other than Khmer is another language on purpose (the language switch), and
 * text in `<pre>`/`<code>` is a command to type, not a word of the interface.
 */
const ALWAYS_ALLOWED: readonly (string | RegExp)[] = ['KHR', /\b[0-9a-f]{16,}\b/gi];

export interface LatinWordOptions {
  /** More text that may be Latin on this screen: the player's username above all (matched in any case). */
  allow?: readonly (string | RegExp)[];
}

/** A word of two Latin letters or more. */
const LATIN_WORD = /[A-Za-z]{2,}/g;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

/** The Latin words of `text` once the allowed pieces are taken out. */
export function latinWordsOf(text: string, allow: readonly (string | RegExp)[] = []): string[] {
  let rest = text;
  for (const allowed of [...ALWAYS_ALLOWED, ...allow]) {
    const pattern = typeof allowed === 'string' ? new RegExp(escape(allowed), 'gi') : allowed;
    rest = rest.replace(pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`), ' ');
  }
  return rest.match(LATIN_WORD) ?? [];
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
