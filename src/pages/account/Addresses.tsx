import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function AddressesPage() {
  return <PagePlaceholder title="My Addresses" />;
}
