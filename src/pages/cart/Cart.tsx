import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function CartPage() {
  return <PagePlaceholder title="My Cart" />;
}
