import { container, skeleton } from './theme/global.css.ts';

export function Skeleton({ width = '100%', height = 16, radius }: { width?: number | string; height?: number | string; radius?: number }) {
  return <span className={skeleton} aria-hidden="true" style={{ display: 'block', width, height, borderRadius: radius }} />;
}

/** A whole-page loading state: announced once to screen readers, shimmer blocks for sighted users. */
export function PageSkeleton() {
  return (
    <div className={container} role="status" aria-live="polite" style={{ padding: '24px 16px' }}>
      <span style={{ position: 'absolute', left: -9999 }}>Loading…</span>
      <Skeleton width="40%" height={28} />
      <div style={{ height: 16 }} />
      <Skeleton height={180} radius={12} />
      <div style={{ height: 16 }} />
      <Skeleton width="70%" />
      <div style={{ height: 8 }} />
      <Skeleton width="55%" />
    </div>
  );
}
