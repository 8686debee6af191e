import { createContext, useContext, useEffect } from 'react';

export interface PageMeta {
  title: string;
  description: string;
}

/**
 * While the server renders a page, the page's title and description are
 * collected here and written into the HTML head (see entry-server.tsx).
 */
export const PageMetaCollector = createContext<{ set(meta: PageMeta): void } | null>(null);

export const SHOP_NAME_FALLBACK = 'housnkuh';

export function fullTitle(title: string, shopName = SHOP_NAME_FALLBACK): string {
  return title ? `${title} | ${shopName}` : shopName;
}

/** Sets the page title ('… | housnkuh') and meta description. */
export function usePageMeta(
  title: string,
  description: string,
  shopName = SHOP_NAME_FALLBACK,
): void {
  const collector = useContext(PageMetaCollector);
  collector?.set({ title: fullTitle(title, shopName), description });
  useEffect(() => {
    document.title = fullTitle(title, shopName);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description, shopName]);
}
