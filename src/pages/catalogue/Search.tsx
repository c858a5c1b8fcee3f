import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function SearchPage() {
  return <PagePlaceholder title="Search" />;
}
