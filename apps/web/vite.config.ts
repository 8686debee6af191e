import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The page arrives rendered from the server; its scripts only make it
 * interactive. So in index.html the stylesheet comes first, and scripts and
 * module preloads are fetched with low priority, behind what the first paint needs.
 */
function stylesFirst(): Plugin {
  return {
    name: 'housnkuh-styles-first',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const styles = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
        let result = html;
        for (const link of styles) result = result.replace(link, '');
        result = result.replace(
          /(\s*)<script type="module"/,
          `$1${styles.join('$1')}$1<script type="module"`,
        );
        return result
          .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
          .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"');
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), stylesFirst()],
  build: {
    target: 'es2022',
    // .vite/manifest.json: the server reads each chunk's imports from it to
    // announce a page's code with its HTML (modulepreload)
    manifest: true,
    // Source maps are not published: the browser build writes none (dist is served as it
    // is); the server-rendering bundle keeps its own for stack traces in the server's log.
    sourcemap: Boolean(isSsrBuild),
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      output: {
        // The libraries every page needs travel as one long-cached file instead
        // of a dozen small ones (fewer requests on a slow connection). Icons are
        // not grouped: each travels with the code that shows it, so / does not
        // carry the admin area's (5 KB less gzip on /).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/](react-router|@tanstack)[\\/]/ },
            {
              // small app modules the frame and most pages share; not the API client (zod),
              // nor the form fields (ui/field): / and /faq have no form; nor what only some
              // pages show (the back link with its icon, a select outside forms)
              name: 'common',
              test: /(apps[\\/]web[\\/]src[\\/](components[\\/](layout|ui[\\/](?!field\.|back-link\.|labelled-select\.|icon-cards\.))|lib[\\/](page-meta|site-settings|consent|storage))|packages[\\/]shared[\\/]src[\\/](format|site-settings|messages|catalog))/,
            },
          ],
        },
      },
    },
  },
  // The server-rendering bundle (dist-ssr) carries its dependencies with it.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
