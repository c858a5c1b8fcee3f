import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function StoreLocatorPage() {
  return <PagePlaceholder title="Store Locator" />;
}
