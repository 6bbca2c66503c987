/**
 * Issue 11, "Khmer everywhere": the Khmer interface shows no Latin word, except what must stay Latin. One
 * allow-list for both checks of it: the catalogues' unit tests (locales.test.ts) and the browser walk
 * (e2e/khmer-text.ts, which imports this file). Pure: no DOM, no app imports.
 *
 * Always allowed: the currency code `KHR`, and long hexadecimal strings (the fairness panels' hashes and
 * seeds). A single Latin letter is not a word (the posts A…J, the abbreviated amounts 1.5K, 2M), nor are
 * digits.
 */
export const LATIN_ALWAYS_ALLOWED: readonly (string | RegExp)[] = ['KHR', /\b[0-9a-f]{16,}\b/gi];

/** The standards the fairness rules name, as KHR names the currency (the rules page and its catalogue). */
export const LATIN_FAIRNESS_STANDARDS: readonly string[] = ['HMAC-SHA256', 'SHA-256'];

/** A word of two Latin letters or more. */
const LATIN_WORD = /[A-Za-z]{2,}/g;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The Latin words of `text` once the always-allowed pieces and `allow` (matched in any case) are taken out. */
export function latinWordsOf(text: string, allow: readonly (string | RegExp)[] = []): string[] {
  let rest = text;
  for (const allowed of [...LATIN_ALWAYS_ALLOWED, ...allow]) {
    const pattern = typeof allowed === 'string' ? new RegExp(escape(allowed), 'gi') : allowed;
    rest = rest.replace(pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`), ' ');
  }
  return rest.match(LATIN_WORD) ?? [];
}

type CatalogueTree = { readonly [key: string]: unknown };

/**
 * The Latin words of a Khmer catalogue, as `key: words` lines, `{{placeholders}}` aside (they are filled with
 * numbers and names at run time). `otherLanguageKeys`: texts the screen marks as another language on purpose
 * (`lang="en"`, the language switch naming English), which the browser walk skips as well.
 */
export function latinWordsOfCatalogue(
  catalogue: CatalogueTree,
  {
    allow = [],
    otherLanguageKeys = [],
  }: { allow?: readonly (string | RegExp)[]; otherLanguageKeys?: readonly string[] } = {},
): string[] {
  const found: string[] = [];
  const walk = (node: unknown, key: string) => {
    if (typeof node === 'object' && node !== null) {
      for (const [part, child] of Object.entries(node)) walk(child, key ? `${key}.${part}` : part);
      return;
    }
    if (otherLanguageKeys.includes(key)) return;
    const words = latinWordsOf(String(node).replace(/\{\{\s*\w+\s*\}\}/g, ' '), allow);
    if (words.length > 0) found.push(`${key}: ${words.join(', ')}`);
  };
  walk(catalogue, '');
  return found;
}
