import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function Top10Page() {
  return <PagePlaceholder title="Top 10 Products" />;
}
