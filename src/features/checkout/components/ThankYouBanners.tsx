import { useEffect, useState } from 'react';
import type { Promotion } from '../../../../schemas/catalogue.ts';
import { Banners } from '../../catalogue/index.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { checkoutApi } from '../api.ts';

// SPEC §2 promotion sections: the thank-you banners on the order-success page, drawn from the offers' banner
// data; each reports view_promotion when seen and select_promotion when tapped (the catalogue's Banners), in the
// thank-you section. A failed load shows nothing: the order is what the page is for.

export function ThankYouBanners() {
  const [banners, setBanners] = useState<Promotion[] | null>(null);
  useEffect(() => {
    let live = true;
    checkoutApi
      .bannerData()
      // The slots are reported as thank-you banners here, whatever page they were made for.
      .then((res) => live && setBanners(res.data.mini_banners.map((b) => ({ ...b, creative_slot: 'thankyou_banner' }))))
      .catch(() => live && setBanners([]));
    return () => {
      live = false;
    };
  }, []);
  if (banners === null) return <Skeleton height={120} radius={10} />;
  if (banners.length === 0) return null;
  return (
    <section aria-label="Offers for you" data-testid="thankyou-banners">
      <Banners items={banners} section="thankyou_banner" pair />
    </section>
  );
}
