export function NameStory({ shopName }: { shopName: string }) {
  return (
    <section aria-labelledby="name-title" className="mx-auto max-w-3xl px-4 py-16">
      <h2 id="name-title" className="text-3xl font-bold">
        Warum eigentlich „{shopName}“?
      </h2>
      <div className="mt-4 space-y-4 text-lg text-gray-800">
        <p>
          „housnkuh“ ist Oberfränkisch und heißt so viel wie „Haus-Kuh“: die Kuh, die früher direkt
          am eigenen Haus stand. Was sie gab, wanderte nicht in ferne Molkereien, sondern über die
          Haustür zu Nachbarn und Bekannten.
        </p>
        <p>
          Genau daran knüpfen wir an. Nur dass bei uns nicht ein Hof seine Milch verkauft, sondern
          viele Direktvermarkterinnen und Direktvermarkter aus dem Landkreis Kronach ihre Produkte
          unter einem Dach anbieten – ehrlich, nah und zu jeder Tageszeit.
        </p>
      </div>
    </section>
  );
}
