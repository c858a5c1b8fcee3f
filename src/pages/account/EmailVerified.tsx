import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function EmailVerifiedPage() {
  return <PagePlaceholder title="Email Verified" />;
}
