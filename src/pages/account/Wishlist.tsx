import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function WishlistPage() {
  return <PagePlaceholder title="My Wishlist" />;
}
