import { Leaf, Store } from 'lucide-react';
import { useState } from 'react';
import {
  BANNER_IMAGE_WIDTHS,
  imageSrcSet,
  imageVariant,
  PROFILE_IMAGE_WIDTHS,
} from '../vendor-format';

/**
 * The banner (16:5) or, without one, a calm placeholder in the brand colours.
 * `sizes` tells the browser how wide it is shown.
 */
export function BannerImage({
  src,
  sizes,
  lazy = true,
  className = '',
}: {
  src: string | null;
  sizes: string;
  lazy?: boolean;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <div
        className={`flex aspect-[16/5] items-center justify-center bg-gradient-to-br from-sand to-cream ${className}`}
      >
        <Store aria-hidden="true" className="h-10 w-10 text-coral-dark" />
      </div>
    );
  }
  return (
    <img
      src={imageVariant(src, 1280)}
      srcSet={imageSrcSet(src, BANNER_IMAGE_WIDTHS)}
      sizes={sizes}
      width={1280}
      height={400}
      alt=""
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      className={`aspect-[16/5] w-full bg-sand object-cover ${className}`}
      onError={() => setBroken(true)}
    />
  );
}

/** The round profile picture, or a leaf on the brand colour. `size` in CSS pixels. */
export function ProfileImage({
  src,
  size,
  alt = '',
  lazy = true,
  className = '',
}: {
  src: string | null;
  size: number;
  alt?: string;
  lazy?: boolean;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  const box = `shrink-0 rounded-full ring-4 ring-white ${className}`;
  if (!src || broken) {
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={`flex items-center justify-center bg-coral-dark text-white ${box}`}
        style={{ width: size, height: size }}
      >
        <Leaf aria-hidden="true" className="h-1/2 w-1/2" />
      </div>
    );
  }
  return (
    <img
      src={imageVariant(src, size <= 96 ? 96 : size <= 192 ? 192 : 384)}
      srcSet={imageSrcSet(src, PROFILE_IMAGE_WIDTHS)}
      sizes={`${size}px`}
      width={size}
      height={size}
      alt={alt}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      className={`bg-sand object-cover ${box}`}
      style={{ width: size, height: size }}
      onError={() => setBroken(true)}
    />
  );
}
