import { type ImgHTMLAttributes, useState } from 'react';

export const DEFAULT_IMAGE = '/default-product.svg';

type Props = ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string; width: number; height: number; eager?: boolean };

/**
 * Every image has width and height (no layout shift), loads lazily unless marked eager (above the fold), and
 * falls back to the default image on error (SPEC §8).
 */
export function Img({ src, srcSet, alt, width, height, eager = false, ...rest }: Props) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      {...rest}
      src={failed ? DEFAULT_IMAGE : src}
      srcSet={failed ? undefined : srcSet}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      onError={() => setFailed(true)}
    />
  );
}
