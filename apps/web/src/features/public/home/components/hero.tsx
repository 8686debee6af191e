import { openingBadge, shopPhase } from '@housnkuh/shared/shop-phase';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { ArrowRight, Clock, MapPin, ShoppingBasket } from 'lucide-react';
import { Link } from 'react-router';
import { IconCards } from '../../../../components/ui/icon-cards';
import { ButtonLink } from '../../../../components/ui/button';
import { ShopIllustration } from './shop-illustration';

const FEATURES = [
  {
    title: 'Fast 24/7 Einkaufen',
    text: 'Erweiterte Öffnungszeiten an 7 Tagen die Woche – der Zugang klappt mit EC- oder Kreditkarte.',
    Icon: Clock,
  },
  {
    title: '100% Regional',
    text: 'Alle Produkte stammen von Direktvermarkterinnen und Direktvermarktern aus der Region Kronach.',
    Icon: MapPin,
  },
  {
    title: 'Vielfältiges Sortiment',
    text: 'Obst, Gemüse, Fleisch, Käse, Brot, Honig, Getränke und Handwerk unter einem Dach.',
    Icon: ShoppingBasket,
  },
] as const;

export function Hero({ settings }: { settings: SiteSettings }) {
  const note = openingBadge(shopPhase(settings.openingDate));
  return (
    <section aria-labelledby="hero-title" className="bg-sand">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 md:grid-cols-2 md:py-20">
        <div>
          {note && (
            <p className="mb-4 inline-block rounded-full bg-white px-4 py-1 text-sm font-semibold text-coral-darker">
              {note}
            </p>
          )}
          <h1 id="hero-title" className="text-4xl leading-tight font-extrabold md:text-5xl">
            Dein Marktplatz für lokale Produkte
          </h1>
          <p className="mt-4 text-xl text-gray-800">
            Frisch, lokal und nachhaltig direkt aus Kronach
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/direktvermarkter">Direktvermarkter entdecken</ButtonLink>
            <ButtonLink to="/pricing" variant="secondary">
              Verkaufsfläche mieten
            </ButtonLink>
          </div>
        </div>
        <ShopIllustration className="mx-auto w-full max-w-md" />
      </div>
      <div className="mx-auto max-w-6xl px-4 pb-14">
        <IconCards cards={FEATURES} className="grid gap-4 md:grid-cols-3" heading="h2" />
        <Link
          to="/faq"
          className="group mt-6 flex flex-col gap-2 rounded-xl bg-navy p-6 text-white shadow-sm hover:bg-navy-light md:flex-row md:items-center md:justify-between"
        >
          <span>
            <span className="block text-lg font-bold">Was ist {settings.shopName}?</span>
            <span className="mt-1 block text-gray-200">
              Ein Selbstbedienungsladen für die ganze Region: Direktvermarkter aus dem Landkreis
              Kronach mieten bei uns Regale, Kühlfächer und Verkaufstische – und du kaufst ihre
              Produkte fast rund um die Uhr. Antworten auf alle Fragen findest du hier.
            </span>
          </span>
          <span className="flex shrink-0 items-center gap-2 font-semibold">
            Zu den häufigen Fragen
            <ArrowRight
              aria-hidden="true"
              className="h-5 w-5 transition-transform group-hover:translate-x-1"
            />
          </span>
        </Link>
      </div>
    </section>
  );
}
