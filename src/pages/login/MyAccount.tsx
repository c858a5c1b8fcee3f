import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function MyAccountPage() {
  return <PagePlaceholder title="Login / Register" />;
}
