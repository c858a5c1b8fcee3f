import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function LoggedinEmptyCartPage() {
  return <PagePlaceholder title="Your cart is empty" />;
}
