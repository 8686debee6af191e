import type { PublicVendor } from '@housnkuh/shared/schemas/directory';
import { shopPhase, unitsLabel } from '@housnkuh/shared/shop-phase';
import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { useSiteSettings } from '../../../../lib/site-settings';
import type { FromOverviewState } from '../directory-filters';
import { displayName } from '../vendor-format';
import { ContactDetails } from './contact-details';
import { JoinsBadge } from './joins-badge';
import { TagChips } from './tag-chips';
import { VerifyBadge } from './verify-badge';
import { BannerImage, ProfileImage } from './vendor-images';

/** Up to 3 tags on a card (spec §9). */
const CARD_TAGS = 3;

/** A producer in the directory (spec §2 "Card"). */
export function VendorCard({ vendor }: { vendor: PublicVendor }) {
  const titleId = useId();
  const name = displayName(vendor);
  const { openingDate } = useSiteSettings();
  // the profile's way back keeps the list's search, filters and page
  const { search } = useLocation();
  const state: FromOverviewState = { overviewSearch: search };
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm"
    >
      <BannerImage
        src={vendor.bannerBild}
        sizes="(min-width: 1024px) 23rem, (min-width: 640px) 50vw, 100vw"
      />
      <div className="-mt-9 flex items-end justify-between gap-2 px-5">
        <ProfileImage src={vendor.profilBild} size={72} />
        <VerifyBadge status={vendor.verifyStatus} className="mb-1" />
      </div>
      <div className="flex flex-1 flex-col gap-3 px-5 pt-3 pb-5">
        <div>
          <h3 id={titleId} className="text-xl font-bold break-words hyphens-auto">
            {name}
          </h3>
          {vendor.slogan && <p className="mt-1 text-gray-700 italic">{vendor.slogan}</p>}
          <JoinsBadge vendor={vendor} openingDate={openingDate} className="mt-2" />
        </div>
        <TagChips tags={vendor.tags} max={CARD_TAGS} />
        {vendor.beschreibung && <p className="line-clamp-3 text-gray-800">{vendor.beschreibung}</p>}
        <ContactDetails vendor={vendor} className="text-sm" />
        {vendor.mietfaecher.length > 0 && (
          <p className="text-sm text-gray-800">
            <span className="font-semibold">{unitsLabel(shopPhase(openingDate))}: </span>
            {vendor.mietfaecher.map((unit) => unit.name).join(', ')}
          </p>
        )}
        <Link
          to={`/direktvermarkter/${encodeURIComponent(vendor.id)}`}
          state={state}
          aria-label={`Profil anzeigen: ${name}`}
          className="mt-auto inline-flex items-center gap-2 self-start pt-2 font-semibold text-coral-darker underline-offset-4 hover:underline"
        >
          Profil anzeigen
          <ArrowRight aria-hidden="true" className="h-5 w-5" />
        </Link>
      </div>
    </article>
  );
}
