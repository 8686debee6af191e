import { Store, Tractor, Users } from 'lucide-react';

const STEPS = [
  {
    title: 'Direktvermarkter mieten Fläche',
    text: 'Direktvermarkter aus der Region mieten bei uns Regalfächer, Kühl- und Tiefkühlfächer, Verkaufstische oder Schaufenster – monatlich und mit fairer Provision.',
    Icon: Tractor,
  },
  {
    title: 'Der Laden',
    text: 'Der Laden in der Strauer Straße ist fast rund um die Uhr geöffnet. Zugang und Bezahlung klappen mit EC- oder Kreditkarte, ganz ohne Wartezeit an der Kasse.',
    Icon: Store,
  },
  {
    title: 'Kunden kaufen regional',
    text: 'Du kaufst frische Lebensmittel und Handwerk direkt von den Menschen, die sie herstellen – und der Erlös bleibt in der Region.',
    Icon: Users,
  },
] as const;

export function HowItWorks({ shopName }: { shopName: string }) {
  return (
    <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="how-title" className="text-center text-3xl font-bold">
        So funktioniert {shopName}
      </h2>
      <ol className="mt-10 grid gap-6 md:grid-cols-3">
        {STEPS.map(({ title, text, Icon }, index) => (
          <li key={title} className="relative rounded-xl border border-sand bg-white p-6">
            <span className="absolute -top-4 left-6 flex h-8 w-8 items-center justify-center rounded-full bg-coral-dark font-bold text-white">
              {index + 1}
            </span>
            <Icon aria-hidden="true" className="mt-2 h-9 w-9 text-navy" />
            <h3 className="mt-3 text-xl font-bold">{title}</h3>
            <p className="mt-2 text-gray-700">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
