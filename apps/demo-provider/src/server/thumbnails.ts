/*
 * The game thumbnails the casino's slot list shows (providers.md §5 `thumbnail`), drawn here as SVG so the
 * studio ships no binary art: 4:3, self-contained (no fonts, no external refs), safe under a strict CSP.
 */

export const ANGKOR_FORTUNE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240" role="img" aria-label="Angkor Fortune">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a0f4a"/><stop offset="0.6" stop-color="#b4462a"/><stop offset="1" stop-color="#f2b33d"/></linearGradient>
<linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff1a8"/><stop offset="1" stop-color="#c98a12"/></linearGradient>
<radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff6c9"/><stop offset="1" stop-color="#ffcf4a" stop-opacity="0"/></radialGradient>
</defs>
<rect width="320" height="240" fill="url(#sky)"/>
<circle cx="160" cy="118" r="70" fill="url(#sun)"/>
<g fill="#1c0b26">
<path d="M150 40 L160 22 L170 40 L174 70 L182 70 L186 100 L196 100 L200 140 L120 140 L124 100 L134 100 L138 70 L146 70 Z"/>
<path d="M92 80 L100 66 L108 80 L111 104 L118 104 L122 140 L78 140 L82 104 L89 104 Z"/>
<path d="M212 80 L220 66 L228 80 L231 104 L238 104 L242 140 L198 140 L202 104 L209 104 Z"/>
<rect x="40" y="138" width="240" height="14"/>
<rect x="20" y="150" width="280" height="10"/>
</g>
<rect x="0" y="160" width="320" height="80" fill="#12081c" opacity="0.85"/>
<g font-family="Georgia, serif" font-weight="bold" text-anchor="middle">
<rect x="36" y="172" width="56" height="52" rx="8" fill="#2d1640" stroke="url(#gold)" stroke-width="3"/>
<rect x="132" y="172" width="56" height="52" rx="8" fill="#2d1640" stroke="url(#gold)" stroke-width="3"/>
<rect x="228" y="172" width="56" height="52" rx="8" fill="#2d1640" stroke="url(#gold)" stroke-width="3"/>
<text x="64" y="208" font-size="30" fill="url(#gold)">7</text>
<text x="160" y="208" font-size="30" fill="url(#gold)">W</text>
<text x="256" y="208" font-size="30" fill="url(#gold)">7</text>
</g>
</svg>
`;

export const BACCARAT_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240" role="img" aria-label="Baccarat">
<defs>
<radialGradient id="felt" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="#1f8a55"/><stop offset="1" stop-color="#0b3d26"/></radialGradient>
<linearGradient id="rim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f5d77a"/><stop offset="1" stop-color="#a8741a"/></linearGradient>
</defs>
<rect width="320" height="240" fill="url(#felt)"/>
<path d="M20 210 Q160 120 300 210" fill="none" stroke="url(#rim)" stroke-width="4"/>
<path d="M40 226 Q160 150 280 226" fill="none" stroke="#f5d77a" stroke-width="1.5" opacity="0.6"/>
<g font-family="Georgia, serif" font-weight="bold">
<g transform="translate(72 44) rotate(-10)">
<rect width="70" height="100" rx="8" fill="#fffdf5" stroke="#333" stroke-width="1.5"/>
<text x="10" y="28" font-size="24" fill="#c0142c">A</text>
<text x="35" y="70" font-size="38" fill="#c0142c" text-anchor="middle">&#9829;</text>
</g>
<g transform="translate(178 40) rotate(10)">
<rect width="70" height="100" rx="8" fill="#fffdf5" stroke="#333" stroke-width="1.5"/>
<text x="10" y="28" font-size="24" fill="#111">9</text>
<text x="35" y="70" font-size="38" fill="#111" text-anchor="middle">&#9824;</text>
</g>
</g>
<g font-family="Helvetica, Arial, sans-serif" font-weight="bold" font-size="15" text-anchor="middle">
<circle cx="90" cy="186" r="20" fill="#1d4fbf" stroke="#fff" stroke-width="3" stroke-dasharray="6 4"/>
<text x="90" y="191" fill="#fff">P</text>
<circle cx="160" cy="176" r="20" fill="#2e9e4a" stroke="#fff" stroke-width="3" stroke-dasharray="6 4"/>
<text x="160" y="181" fill="#fff">T</text>
<circle cx="230" cy="186" r="20" fill="#c0142c" stroke="#fff" stroke-width="3" stroke-dasharray="6 4"/>
<text x="230" y="191" fill="#fff">B</text>
</g>
</svg>
`;

export const THUMBNAILS: Readonly<Record<string, string>> = {
  'angkor-fortune.svg': ANGKOR_FORTUNE_SVG,
  'baccarat.svg': BACCARAT_SVG,
};
