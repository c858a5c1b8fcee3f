import { escapeXml } from '../../http/escape.ts';
// Brand logos, category tiles and promotion banners, drawn from catalogue data like the product images: no
// binary assets, no network.

export function tile(opts: { title: string; subtitle: string; hue: number; width: number; height: number }): string {
  const { title, subtitle, hue, width, height } = opts;
  const size = Math.max(14, Math.min(Math.round(height / 5), Math.round((width / Math.max(title.length, 6)) * 1.4)));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 38%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 28%)"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<text x="${width / 2}" y="${height / 2}" font-family="Arial, sans-serif" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(title)}</text>
<text x="${width / 2}" y="${height / 2 + size * 1.2}" font-family="Arial, sans-serif" font-size="${Math.round(size * 0.55)}" fill="#fff" text-anchor="middle">${escapeXml(subtitle)}</text>
</svg>`;
}

export const hueOf = (text: string) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
