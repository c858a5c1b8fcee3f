import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function AccountHomePage() {
  return <PagePlaceholder title="My Account" />;
}
