import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function HomePage() {
  return <PagePlaceholder title="Kasrat – authentic supplements" />;
}
