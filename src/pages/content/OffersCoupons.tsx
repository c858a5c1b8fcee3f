import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function OffersCouponsPage() {
  return <PagePlaceholder title="Offers & Coupons" />;
}
