import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function UnsubscribePage() {
  return <PagePlaceholder title="Unsubscribe" />;
}
