import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function FreebiesPage() {
  return <PagePlaceholder title="Free Gifts" />;
}
