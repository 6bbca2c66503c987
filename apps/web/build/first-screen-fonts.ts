import type { Plugin } from 'vite';

/**
 * The font files the first screen (the loading screen, then `/login`) draws its Khmer with: the Khmer subset of
 * Noto Sans Khmer at the two weights it uses (400 text, 600 the app's name and the button). Nothing more: a
 * preloaded file competes with the JavaScript for a 3G line, and the Latin subsets (digits, the player's
 * name) are small and only asked for when a glyph needs them.
 */
const FIRST_SCREEN_FONT = /^assets\/noto-sans-khmer-khmer-(400|600)-normal-[\w-]+\.woff2$/;

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
        if (fonts.length !== 2)
          throw new Error(`expected the two Khmer font files, found ${fonts.join(', ')}`);
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
