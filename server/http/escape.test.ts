// @vitest-environment jsdom
import { escapeHtml, escapeXml } from './escape.ts';

describe('escapeXml', () => {
  test('every markup character becomes a numeric reference; other text is kept', () => {
    expect(escapeXml(`Tom & Jerry's <"Whey">`)).toBe('Tom &#38; Jerry&#39;s &#60;&#34;Whey&#34;&#62;');
    expect(escapeXml('Gold Standard 100% Whey, 2 kg — ₹2,999')).toBe('Gold Standard 100% Whey, 2 kg — ₹2,999');
  });

  test('an escaped text is well-formed inside an element and an attribute', () => {
    const nasty = `"/><script>alert(1)</script><x a='`;
    const doc = new DOMParser().parseFromString(
      `<svg aria-label="${escapeXml(nasty)}"><text>${escapeXml(nasty)}</text></svg>`,
      'image/svg+xml',
    );
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.getAttribute('aria-label')).toBe(nasty);
    expect(doc.documentElement.textContent).toBe(nasty);
  });
});

describe('escapeHtml', () => {
  test('& < > " as named entities; the apostrophe stays (attributes are double-quoted)', () => {
    expect(escapeHtml(`Tom & Jerry's <"Whey">`)).toBe("Tom &amp; Jerry's &lt;&quot;Whey&quot;&gt;");
  });

  test('an escaped text stays text in content and inside a double-quoted attribute', () => {
    const nasty = `"><script>alert(1)</script>&amp;`;
    const doc = new DOMParser().parseFromString(`<p title="${escapeHtml(nasty)}">${escapeHtml(nasty)}</p>`, 'text/html');
    const p = doc.querySelector('p');
    expect(doc.querySelector('script')).toBeNull();
    expect(p?.getAttribute('title')).toBe(nasty);
    expect(p?.textContent).toBe(nasty);
  });
});
