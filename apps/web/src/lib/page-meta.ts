import { useEffect } from 'react';

/** Sets the page title ('… | housnkuh') and meta description. */
export function usePageMeta(title: string, description: string, shopName = 'housnkuh'): void {
  useEffect(() => {
    document.title = title ? `${title} | ${shopName}` : shopName;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description, shopName]);
}
