import { useEffect, useState } from 'react';
import type { Promotion } from '../../../../schemas/catalogue.ts';
import { catalogueApi } from '../api.ts';
import { Banners } from './Promotions.tsx';

// SPEC §2 promotion sections: the product page's banner (pdp banner), drawn from the offers' banner data after
// the page is shown (it is not part of the server render, so hydration never waits on it). It reports
// view_promotion when seen and select_promotion when tapped, in the pdp-banner section. No banner, no space.

export function PdpBanner() {
  const [banner, setBanner] = useState<Promotion | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    catalogueApi
      .bannerData({ signal: controller.signal })
      .then((d) => {
        const first = d.mini_banners[0];
        setBanner(first ? { ...first, creative_slot: 'pdp_banner' } : null);
      })
      .catch(() => setBanner(null));
    return () => controller.abort();
  }, []);
  if (!banner) return null;
  return (
    <section aria-label="Offer" data-testid="pdp-banner">
      <Banners items={[banner]} section="pdp_banner" />
    </section>
  );
}
