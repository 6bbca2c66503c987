import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import type { Plugin } from 'vite';

/** The icon drawn for this app (build/icons/icon.svg): the only source of every size. */
const SOURCE = new URL('./icons/icon.svg', import.meta.url);

/**
 * The sizes installers ask for (issue 26 item 2): 192 and 512 for the web app manifest (Chromium's install
 * check wants both), the same full-bleed square as `maskable` (the figures keep inside the safe zone), and
 * 180 for iOS's home screen (`apple-touch-icon`). `any` icons get rounded corners; a maskable one must not.
 */
export const APP_ICONS = [
  { fileName: 'icons/icon-192.png', size: 192, rounded: true },
  { fileName: 'icons/icon-512.png', size: 512, rounded: true },
  { fileName: 'icons/maskable-512.png', size: 512, rounded: false },
  { fileName: 'icons/apple-touch-icon-180.png', size: 180, rounded: false },
] as const;

/** The square icon with the corners rounded as launchers draw an `any` icon (about a fifth of the side). */
function withCorners(svg: string): string {
  return svg.replace(
    '<rect id="background" width="512" height="512"',
    '<rect id="background" width="512" height="512" rx="112"',
  );
}

/** Renders the SVG to PNG at each size at build time with resvg (no image is downloaded or committed). */
export function appIcons(): Plugin {
  return {
    name: 'lotto59-app-icons',
    apply: 'build',
    generateBundle() {
      const svg = readFileSync(SOURCE, 'utf8');
      for (const icon of APP_ICONS) {
        const png = new Resvg(icon.rounded ? withCorners(svg) : svg, {
          fitTo: { mode: 'width', value: icon.size },
          font: { loadSystemFonts: false },
        })
          .render()
          .asPng();
        this.emitFile({ type: 'asset', fileName: icon.fileName, source: png });
      }
    },
  };
}
