import { IST_TIME_ZONE, indiaMidnight } from '../../../schemas/dates.ts';
import type { CertificateRow } from './queries.ts';
import { escapeXml } from '../../http/escape.ts';

// The certificate document, drawn here from its row (no binary assets, no network): what the certificate
// viewer shows and a shopper can open full size.

const longDate = (iso: string) =>
  indiaMidnight(iso).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: IST_TIME_ZONE,
  });

export function certificateSvg(c: CertificateRow): string {
  const line = (y: number, text: string, size = 20, weight = 400, fill = '#1d2b25') =>
    `<text x="400" y="${y}" font-family="Georgia, serif" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="middle">${escapeXml(text)}</text>`;
  const importer = c.importer
    ? [
        line(330, `Imported and marketed in India by ${c.importer.name}`, 18),
        line(356, c.importer.address, 15, 400, '#4b5b55'),
        line(380, `Import licence ${c.importer.licence_no}`, 15, 400, '#4b5b55'),
      ]
    : [line(340, `${c.brand.name} is manufactured in India and supplied directly to Kasrat`, 18)];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 560" width="800" height="560" role="img" aria-label="${escapeXml(`${c.title}, ${c.certificate_no}`)}">
<rect width="800" height="560" fill="#fffdf5"/>
<rect x="16" y="16" width="768" height="528" fill="none" stroke="#0b6e4f" stroke-width="6"/>
<rect x="30" y="30" width="740" height="500" fill="none" stroke="#c9a227" stroke-width="2"/>
${line(96, 'CERTIFICATE OF AUTHENTICITY', 30, 700, '#0b6e4f')}
${line(140, c.title, 22, 700)}
${line(200, 'This certifies that Kasrat is an authorised seller of', 18)}
${line(244, c.brand.name, 34, 700, '#0b6e4f')}
${line(284, 'products, sourced directly from the brand or its authorised importer.', 18)}
${importer.join('\n')}
${line(440, `Certificate no. ${c.certificate_no}`, 18, 700)}
${line(470, `Issued ${longDate(c.issued_on)} · Valid till ${longDate(c.valid_till)}`, 16, 400, '#4b5b55')}
<circle cx="690" cy="450" r="44" fill="none" stroke="#c9a227" stroke-width="4"/>
<text x="690" y="456" font-family="Arial, sans-serif" font-size="16" font-weight="700" fill="#c9a227" text-anchor="middle">KASRAT</text>
</svg>`;
}
