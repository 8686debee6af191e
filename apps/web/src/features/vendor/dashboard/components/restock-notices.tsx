import { Link } from 'react-router';
import { useLowStock } from '../../../../lib/vendor-area/low-stock';

/**
 * The dashboard's restock lines (docs/product/inventory.md, "Restock notices"): one per product
 * and place at or below its restock level, "Nachfüllen: Bergkäse 200 g – noch 2 im Regal", with
 * a link to the products; nothing while none is open.
 */
export function RestockNotices() {
  const lowStock = useLowStock();
  const notices = lowStock.data?.notices ?? [];
  if (notices.length === 0) return null;
  return (
    <section aria-labelledby="restock-title" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="restock-title" className="text-lg font-bold">
        Bitte nachfüllen
      </h2>
      <ul className="mt-2 space-y-1">
        {notices.map((notice) => (
          <li key={`${notice.productId}:${notice.place}`}>
            Nachfüllen: {notice.productName} – {notice.stockText}
          </li>
        ))}
      </ul>
      <p className="mt-3">
        <Link to="/vendor/products" className="font-semibold underline underline-offset-2">
          Zu deinen Produkten
        </Link>
      </p>
    </section>
  );
}
