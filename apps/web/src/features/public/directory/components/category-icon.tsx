import {
  Apple,
  Beef,
  Cherry,
  Coffee,
  Croissant,
  CupSoda,
  Droplet,
  Egg,
  Hammer,
  Hexagon,
  Leaf,
  Milk,
  Nut,
  Wine,
  type LucideIcon,
} from 'lucide-react';

/** The lucide icons named by PRODUCT_CATEGORIES (catalog.ts). */
const ICONS: Record<string, LucideIcon> = {
  apple: Apple,
  beef: Beef,
  milk: Milk,
  croissant: Croissant,
  hexagon: Hexagon,
  egg: Egg,
  wine: Wine,
  cherry: Cherry,
  leaf: Leaf,
  droplet: Droplet,
  'cup-soda': CupSoda,
  coffee: Coffee,
  nut: Nut,
  hammer: Hammer,
};

export function CategoryIcon({
  icon,
  color,
  className = 'h-5 w-5',
}: {
  icon: string;
  color: string;
  className?: string;
}) {
  const Icon = ICONS[icon] ?? Leaf;
  return <Icon aria-hidden="true" className={className} style={{ color }} />;
}
