import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function StoreLocatorPage() {
  return <PagePlaceholder title="Store Locator" />;
}
