import { describe, expect, it } from 'vitest';
import { modulePreloader } from './web';

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-2.js'] },
  '_react-2.js': { file: 'assets/react-2.js' },
  '_common-3.js': { file: 'assets/common-3.js', imports: ['_react-2.js'] },
  'src/app/client-app.tsx': {
    file: 'assets/client-app-4.js',
    imports: ['_react-2.js', '_common-3.js'],
  },
  'src/features/faq/faq-page.tsx': {
    file: 'assets/faq-page-5.js',
    imports: ['_common-3.js', '_faq-api-6.js'],
  },
  '_faq-api-6.js': { file: 'assets/faq-api-6.js', imports: ['src/features/faq/faq-page.tsx'] },
};

const hrefs = (links: string) =>
  [...links.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)">/g)].map((m) => m[1]);

describe('modulepreload links', () => {
  it('names each module and what it imports once, leaving out what the page already names', () => {
    const preload = modulePreloader(MANIFEST, new Set(['/assets/react-2.js']));
    expect(hrefs(preload(['src/app/client-app.tsx', 'src/features/faq/faq-page.tsx']))).toEqual([
      '/assets/common-3.js',
      '/assets/client-app-4.js',
      '/assets/faq-api-6.js',
      '/assets/faq-page-5.js',
    ]);
  });

  it('ignores modules the manifest does not know', () => {
    expect(modulePreloader(MANIFEST, new Set())(['src/gibt-es-nicht.tsx'])).toBe('');
  });

  it('fetches with low priority and in CORS mode, like the entry script', () => {
    expect(modulePreloader(MANIFEST, new Set())(['_react-2.js'])).toBe(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-2.js">',
    );
  });
});
