import { MEASURED_UNITS } from '@housnkuh/shared/inventory';
import { INVENTORY_MESSAGES } from '@housnkuh/shared/schemas/inventory';
import type { Product } from '@housnkuh/shared/schemas/products';
import { Camera, ScanBarcode } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FormRadioGroup } from '../../../components/form/choice-fields';
import { FormTextAreaField, FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { FormFailure } from '../../../components/form/form-failure';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { LoadError } from '../../../components/ui/load-error';
import { ApiError } from '../../../lib/api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { vendorErrorMessage } from '../../../lib/vendor-area/profile';
import { useProducts } from '../../../lib/vendor-area/products';
import { useRecordStock, useStockModel } from './api/stock';
import { BackToDashboard } from '../../../components/vendor-area/back-to-dashboard';
import { MovementHistory } from './components/movements';
import { RestockMailSetting } from './components/restock-mail';
import { BasicModelNote, parseQuantity, quantityText, StockFigures } from './components/stock';

interface StockValues {
  kind: string;
  place: string;
  quantity: string;
  note: string;
}

const toBody = (values: StockValues) => ({
  kind: values.kind,
  quantity: parseQuantity(values.quantity),
  ...(values.place ? { place: values.place } : {}),
  ...(values.note.trim() ? { note: values.note.trim() } : {}),
});
const validation = lazyZodResolver<StockValues, unknown>(
  () =>
    import('@housnkuh/shared/schemas/inventory').then((module) => module.vendorStockInputSchema),
  toBody,
);

const KINDS = [
  { value: 'delivery', label: 'Lieferung' },
  { value: 'withdrawal', label: 'Entnahme' },
  { value: 'spoilage', label: 'Verderb' },
] as const;
const PLACES = [
  { value: 'shelf', label: 'Regal' },
  { value: 'storeroom', label: 'Lager' },
] as const;

/** 'Rapshonig: jetzt 10 Glas im Regal.' (and the store room's, where there is one) */
function bookedText(product: Product, storage: boolean): string {
  const shelf = quantityText(product.stock ?? 0, product.unit);
  const room = product.storeRoomStock ?? 0;
  return storage || room !== 0
    ? `${product.name}: jetzt ${shelf} im Regal, ${quantityText(room, product.unit)} im Lager.`
    : `${product.name}: jetzt ${shelf} im Regal.`;
}

interface Booked {
  product: Product;
  message: string;
}

/** The number, kind and place for the chosen product; the server's refusal beside the number. */
function StockForm({
  product,
  storage,
  onBooked,
}: {
  product: Product;
  storage: boolean;
  onBooked: (booked: Booked) => void;
}) {
  const record = useRecordStock();
  const measured = MEASURED_UNITS.has(product.unit);
  const withStoreRoom = storage || (product.storeRoomStock ?? 0) > 0;
  const { form, outcome, busy, formProps } = useSchemaForm<StockValues, unknown, unknown, unknown>({
    validation,
    defaultValues: {
      kind: 'delivery',
      place: withStoreRoom ? 'shelf' : '',
      quantity: '',
      note: '',
    },
    submit: async (body) => {
      const { quantity } = body as { quantity: number };
      if (!measured && !Number.isInteger(quantity)) {
        const message = INVENTORY_MESSAGES.wholePieces(product.unit);
        throw new FormFailure(message, { fieldErrors: [{ field: 'quantity', message }] });
      }
      try {
        return await record.mutateAsync({ productId: product.id, body });
      } catch (error) {
        // more taken than there is: the server's message goes beside the number
        if (error instanceof ApiError && error.status === 409 && error.serverMessage) {
          throw new FormFailure(error.serverMessage, {
            status: 409,
            fieldErrors: [{ field: 'quantity', message: error.serverMessage }],
          });
        }
        throw error;
      }
    },
    pending: record.isPending,
    errorMessage: vendorErrorMessage,
    onSuccess: (result) => {
      const answer = result as { product: Product; message?: string };
      onBooked({ product: answer.product, message: answer.message ?? '' });
    },
  });
  return (
    <Form
      formProps={formProps}
      aria-label={`Bestand buchen: ${product.name}`}
      className="space-y-4"
    >
      <FormRadioGroup form={form} name="kind" legend="Was buchst du?" choices={KINDS} />
      {withStoreRoom && <FormRadioGroup form={form} name="place" legend="Wo?" choices={PLACES} />}
      <FormTextField
        form={form}
        name="quantity"
        id="stock-quantity"
        label={`Menge (${product.unit})`}
        inputMode={measured ? 'decimal' : 'numeric'}
        autoComplete="off"
        hint={
          measured
            ? 'Mit Komma und bis zu drei Nachkommastellen, z. B. 0,352.'
            : 'Eine ganze Zahl, z. B. 12.'
        }
      />
      <FormTextAreaField
        form={form}
        name="note"
        id="stock-note"
        label="Notiz"
        optional
        rows={2}
        maxLength={500}
      />
      <Button type="submit" disabled={busy} className="w-full sm:w-auto">
        Buchen
      </Button>
      <SubmitOutcome outcome={outcome} errorTitle="Nicht gebucht" />
    </Form>
  );
}

/** BarcodeDetector, where the browser has it (Chrome on Android); not in every TypeScript lib. */
interface Detector {
  detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;
const detectorClass = (): DetectorClass | null =>
  typeof window !== 'undefined' &&
  'BarcodeDetector' in window &&
  typeof navigator.mediaDevices?.getUserMedia === 'function'
    ? (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector
    : null;

/** The phone's camera reads the EAN (only offered where the browser can). */
function CameraScan({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const Found = detectorClass();
    if (!Found) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = new Found({ formats: ['ean_13', 'ean_8'] });
    const look = async () => {
      if (stopped || !video.current) return;
      const codes = await detector.detect(video.current).catch(() => []);
      if (codes[0]) onCode(codes[0].rawValue);
      else timer = setTimeout(() => void look(), 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void look();
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onCode]);
  return (
    <div className="space-y-2">
      {failed ? (
        <p role="alert">Die Kamera ließ sich nicht öffnen. Bitte gib die EAN ein.</p>
      ) : (
        <video ref={video} muted playsInline className="w-full max-w-sm rounded-lg bg-black" />
      )}
      <Button variant="secondary" onClick={onClose}>
        Kamera schließen
      </Button>
    </div>
  );
}

/** /vendor/products/bestand: on the phone, find a product by its EAN or name and book stock. */
export function StockPage() {
  const settings = useSiteSettings();
  usePageMeta('Bestand buchen', `Lieferungen und Entnahmen buchen.`, settings.shopName);
  const model = useStockModel();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Product | null>(null);
  const [booked, setBooked] = useState<Booked | null>(null);
  const [camera, setCamera] = useState(false);
  const [canScan] = useState(() => detectorClass() !== null);
  const finder = useRef<HTMLInputElement>(null);
  const found = useProducts({ search, sort: 'name', page: 1 });

  const results = search && !found.isPlaceholderData ? (found.data?.products ?? []) : [];
  // a scanned (or typed) EAN that is exactly one product's: chosen at once
  const exact = results.filter((product) => product.ean === search);
  const chosen = picked ?? (exact.length === 1 ? exact[0]! : null);

  const find = (value = typed) => {
    setPicked(null);
    setBooked(null);
    setSearch(value.trim());
  };
  const storage = model?.storage ?? false;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <BackToDashboard />
      <h1 className="text-3xl font-extrabold break-words">Bestand buchen</h1>
      <p className="mt-2 text-gray-800">
        Scanne oder tippe die EAN, oder such nach dem Namen – dann buche, was du ins Regal bringst
        (Lieferung), wieder mitnimmst (Entnahme) oder was verdorben ist (Verderb).
      </p>
      {model?.basic && <BasicModelNote />}
      <div aria-live="polite" className="mt-4">
        {booked && (
          <Alert tone="success" title={booked.message || 'Der Bestand ist eingetragen.'}>
            <p className="font-semibold">{bookedText(booked.product, storage)}</p>
          </Alert>
        )}
      </div>
      <section aria-labelledby="find-product" className="mt-4 rounded-xl bg-white p-4 shadow-sm">
        <h2 id="find-product" className="mb-2 text-lg font-bold">
          Produkt finden
        </h2>
        <div role="search" className="flex items-start gap-2">
          <TextField
            ref={finder}
            id="stock-find"
            label="EAN oder Name"
            hint="Ein Handscanner tippt die EAN ein und schickt sie mit Enter."
            value={typed}
            maxLength={100}
            autoComplete="off"
            enterKeyHint="search"
            className="min-w-0 flex-1"
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                find();
              }
            }}
          />
          {/* beside the input, below its label (the hint under the input would push it down) */}
          <Button onClick={() => find()} className="mt-6 shrink-0">
            <ScanBarcode aria-hidden="true" className="h-4 w-4" />
            Suchen
          </Button>
        </div>
        {canScan && !camera && (
          <Button variant="secondary" className="mt-3" onClick={() => setCamera(true)}>
            <Camera aria-hidden="true" className="h-4 w-4" />
            Mit der Kamera scannen
          </Button>
        )}
        {camera && (
          <div className="mt-3">
            <CameraScan
              onCode={(code) => {
                setCamera(false);
                setTyped(code);
                find(code);
              }}
              onClose={() => setCamera(false)}
            />
          </div>
        )}
        {search && found.isError && (
          <LoadError title="Die Suche hat nicht geklappt." onRetry={() => void found.refetch()} />
        )}
        {search && found.isFetching && <p role="status">Wird gesucht...</p>}
        {search && !chosen && !found.isFetching && found.data && (
          <div className="mt-3" aria-live="polite">
            {results.length === 0 ? (
              <p>Kein Produkt mit „{search}“ gefunden.</p>
            ) : (
              <ul aria-label="Gefundene Produkte" className="divide-y divide-gray-200">
                {results.map((product) => (
                  <li key={product.id} className="flex flex-wrap items-center gap-2 py-2">
                    <span className="min-w-0 flex-1 break-words">
                      {product.name}{' '}
                      <span className="font-mono text-sm text-gray-800">{product.ean}</span>
                    </span>
                    <Button
                      variant="secondary"
                      aria-label={`Auswählen: ${product.name}`}
                      onClick={() => setPicked(product)}
                    >
                      Auswählen
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>
      {chosen && (
        <section
          aria-labelledby="book-stock"
          className="mt-4 space-y-4 rounded-xl bg-white p-4 shadow-sm"
        >
          <h2 id="book-stock" className="text-lg font-bold break-words">
            {chosen.name}
          </h2>
          <p className="text-sm text-gray-800">
            EAN <span className="font-mono">{chosen.ean}</span>
          </p>
          {chosen.stock === null || chosen.stock === undefined ? (
            <p>Noch kein Bestand geführt: eine Lieferung schaltet die Bestandsführung ein.</p>
          ) : (
            <StockFigures product={chosen} storage={storage} />
          )}
          <StockForm
            key={chosen.id}
            product={chosen}
            storage={storage}
            onBooked={(result) => {
              setBooked(result);
              setPicked(null);
              setSearch('');
              setTyped('');
              finder.current?.focus();
            }}
          />
          <MovementHistory productId={chosen.id} name={chosen.name} unit={chosen.unit} />
        </section>
      )}
      <RestockMailSetting />
      <p className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to="/vendor/products/inventuren" variant="secondary">
          Inventuren und Fehlbestand
        </ButtonLink>
        <ButtonLink to="/vendor/products" variant="secondary">
          Zu den Produkten
        </ButtonLink>
      </p>
    </div>
  );
}
