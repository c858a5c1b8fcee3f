import { arrangeForFirstPaint, isServerRendered, requestsDesktop } from './html.ts';

// docs/decisions/010: how the built page is arranged for its first paint, which pages the server renders, and
// which layout it renders them in.

const BUILT = `<!doctype html><html><head>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/style-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('arrangeForFirstPaint', () => {
  it('inlines the stylesheet and moves the module scripts to the end of the body', () => {
    const html = arrangeForFirstPaint(BUILT, (href) => (href === '/assets/style-abc.css' ? '.a{color:red}' : null));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style>.a{color:red}</style>');
    expect(head).not.toContain('stylesheet');
    expect(head).not.toContain('/assets/index-abc.js');
    const tail = html.slice(html.indexOf('<div id="root"></div>'));
    expect(tail.indexOf('<script type="module" crossorigin src="/assets/index-abc.js"></script>')).toBeGreaterThan(0);
    expect(tail.indexOf('<link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">')).toBeLessThan(tail.indexOf('</body>'));
  });

  it('keeps the link when the stylesheet cannot be read, and never lets CSS close its style element', () => {
    expect(arrangeForFirstPaint(BUILT, () => null)).toContain('<link rel="stylesheet" crossorigin href="/assets/style-abc.css">');
    const html = arrangeForFirstPaint(BUILT, () => '.a::after{content:"</style><script>"}');
    expect(html).not.toContain('</style><script>');
  });
});

describe('isServerRendered', () => {
  it.each(['/', '/shop', '/brand/x', '/product/x/?pId=1', '/search', '/cart', '/help-center/faq', '/store-locator', '/whey/reviews', '/no/such/page'])(
    '%s is rendered on the server',
    (path) => expect(isServerRendered(path)).toBe(true),
  );
  it.each(['/account', '/account/order', '/my-account', '/payment', '/retry-payment', '/order-confirmation', '/order-successfull/5', '/select-address', '/analytics/funnel', '/preview/home', '/whey/reviews/pr/4/rate-product'])(
    '%s is left to the browser',
    (path) => expect(isServerRendered(path)).toBe(false),
  );
});

describe('requestsDesktop', () => {
  it('reads the client hint first, then the user agent', () => {
    expect(requestsDesktop({ 'sec-ch-ua-mobile': '?1', 'user-agent': 'X11; Linux' })).toBe(false);
    expect(requestsDesktop({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Android Mobile' })).toBe(true);
    expect(requestsDesktop({ 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Mobile Safari/537.36' })).toBe(false);
    expect(requestsDesktop({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)' })).toBe(false);
    expect(requestsDesktop({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120' })).toBe(true);
    expect(requestsDesktop({})).toBe(true);
  });
});
