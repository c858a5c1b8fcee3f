import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function AuthenticityPage() {
  return <PagePlaceholder title="Check Authenticity" />;
}
