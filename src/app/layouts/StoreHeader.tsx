import { AccountLink } from '../../features/account/index.ts';
import { MiniCart } from '../../features/cart/index.ts';
import { HeaderSearch } from '../../features/catalogue/index.ts';
import { Header } from '../../ui/Header.tsx';

/** The shared header with the features' pieces in its slots. */
export function StoreHeader({ compact = false }: { compact?: boolean }) {
  return <Header compact={compact} search={<HeaderSearch />} account={<AccountLink />} cart={<MiniCart />} />;
}
