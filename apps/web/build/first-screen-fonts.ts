import type { Plugin } from 'vite';

/**
 * The font file the first screen (the loading screen, then `/login`) draws its Khmer with: the Khmer subset of
 * Noto Sans Khmer at 400. Nothing more: a preloaded file competes with the JavaScript for a 3G line. The 600
 * weight (the app's name and the button on `/login`) was preloaded too until issue 26: its 25 kB shared the
 * line with the start-up JavaScript and, as the seventh request on six connections, waited a round trip for
 * one (decision 0053). It now comes with the style sheet's own face (`swap`) once a bold Khmer glyph is drawn,
 * after the form is usable; the loading screen's name is drawn at 400. The Latin subsets are left to the system.
 */
const FIRST_SCREEN_FONT = /^assets\/noto-sans-khmer-khmer-(400)-normal-[\w-]+\.woff2$/;
/** Both Khmer weights the app draws: the offline page (build/offline-page.ts) has them precached. */
export const KHMER_FONT_FILE = /^assets\/noto-sans-khmer-khmer-(400|600)-normal-[\w-]+\.woff2$/;

/**
 * Adds `<link rel="preload">` for the first screen's font files to the built index.html, and a font face for
 * its loading screen that waits for them (`font-display: block`) rather than draw Khmer in a fallback font:
 * a phone without a Khmer system font would show boxes until the file arrives. The app's own faces (Fontsource,
 * `swap`) come with its style sheet.
 */
export function preloadFirstScreenFonts(): Plugin {
  return {
    name: 'lotto59-preload-first-screen-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const fonts = Object.keys(bundle ?? {})
          .filter((file) => FIRST_SCREEN_FONT.test(file))
          .sort();
        if (fonts.length !== 1)
          throw new Error(`expected the one Khmer font file at 400, found ${fonts.join(', ')}`);
        const faces = fonts
          .map((file) => {
            const weight = FIRST_SCREEN_FONT.exec(file)![1];
            return `@font-face{font-family:'Lotto59 Loading';font-weight:${weight};font-display:block;src:url(/${file}) format('woff2')}`;
          })
          .join('');
        return [
          ...fonts.map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          })),
          { tag: 'style', children: faces, injectTo: 'head' as const },
        ];
      },
    },
  };
}
