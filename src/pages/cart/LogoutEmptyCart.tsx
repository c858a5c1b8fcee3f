import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function LogoutEmptyCartPage() {
  return <PagePlaceholder title="Your cart is empty" />;
}
