import type { LucideIcon } from 'lucide-react';

export interface IconCard {
  title: string;
  text: string;
  Icon: LucideIcon;
}

/** White cards of an icon, a heading and a sentence: what the shop or a page offers. */
export function IconCards({
  cards,
  className,
  heading: Heading = 'h3',
}: {
  cards: readonly IconCard[];
  /** the list's grid */
  className: string;
  /** the cards' heading level, below the section's */
  heading?: 'h2' | 'h3';
}) {
  return (
    <ul className={className}>
      {cards.map(({ title, text, Icon }) => (
        <li key={title} className="rounded-xl bg-white p-6 shadow-sm">
          <Icon aria-hidden="true" className="h-8 w-8 text-coral-dark" />
          <Heading className="mt-3 text-lg font-bold">{title}</Heading>
          <p className="mt-1 text-gray-700">{text}</p>
        </li>
      ))}
    </ul>
  );
}
