// One escape per language the server writes by hand. Text from the catalogue, staff or a shopper is escaped where it
// enters the markup; nothing else writes its own. Both escape the characters that end content or a double-quoted
// attribute; every attribute the server writes is double-quoted.

/** Text for XML (the drawn SVG images, the certificate): & < > " ' as numeric references, valid in any XML. */
export const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text for HTML content or a double-quoted attribute (the page head, the sandbox and sign-in test pages). */
export const escapeHtml = (s: string): string => s.replace(/[&<>"]/g, (c) => HTML_ENTITIES[c] as string);
