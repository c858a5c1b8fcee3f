import { Link, useLocation } from 'react-router-dom';
import { formNoticeOf } from '../../schemas/form-notices.ts';
import * as css from './FormNotice.css.ts';

/**
 * What the server's answer to a storefront form said (docs/decisions/017), shown at the top of the page it came
 * back to: the form was posted by the browser itself (before hydration, or without JavaScript), so no toast could.
 * Rendered from the address, on the server and in the browser alike.
 */
export function FormNotice() {
  const { search, pathname } = useLocation();
  const notice = formNoticeOf(new URLSearchParams(search));
  if (!notice) return null;
  return (
    <p className={css.notice[notice.tone]} role={notice.tone === 'error' ? 'alert' : 'status'} data-testid="form-notice">
      {notice.text}
      {notice.tone === 'success' && pathname !== '/cart' && <Link to="/cart">View cart</Link>}
    </p>
  );
}
