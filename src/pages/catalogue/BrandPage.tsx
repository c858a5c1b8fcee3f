import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function BrandPagePage() {
  return <PagePlaceholder title="Brand" />;
}
