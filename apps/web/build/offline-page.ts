import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { KHMER_FONT_FILE } from './first-screen-fonts';

const TEMPLATE = new URL('./offline.html', import.meta.url);
const MARKER = '<!-- khmer-font-faces -->';

/**
 * Writes `offline.html`, the page the service worker shows when the network is gone (decisions/0051), with
 * font faces on the build's hashed Khmer font files: they are precached, so the page draws Khmer offline
 * even on a phone that has no Khmer font of its own.
 */
export function offlinePage(): Plugin {
  return {
    name: 'lotto59-offline-page',
    apply: 'build',
    generateBundle(_options, bundle) {
      const fonts = Object.keys(bundle)
        .filter((file) => KHMER_FONT_FILE.test(file))
        .sort();
      if (fonts.length !== 2) throw new Error(`expected the two Khmer font files, found ${fonts.join(', ')}`);
      const faces = fonts
        .map((file) => {
          const weight = KHMER_FONT_FILE.exec(file)![1];
          return `@font-face{font-family:'Noto Sans Khmer';font-weight:${weight};font-display:block;src:url(/${file}) format('woff2')}`;
        })
        .join('');
      const template = readFileSync(TEMPLATE, 'utf8');
      if (!template.includes(MARKER)) throw new Error(`build/offline.html has no ${MARKER}`);
      this.emitFile({
        type: 'asset',
        fileName: 'offline.html',
        source: template.replace(MARKER, `<style>${faces}</style>`),
      });
    },
  };
}
