import './styles.css';

/** Lets the browser paint and handle input between the start-up steps. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Start-up in steps, each its own task, so no single long task blocks the page
 * on slow phones: React first, then the app's code, then hydration — which
 * runs in a transition, so React yields to the browser while it works.
 */
async function start() {
  const container = document.getElementById('root')!;
  const serverRendered = container.hasChildNodes();
  const [{ createRoot, hydrateRoot }, { startTransition }] = await Promise.all([
    import('react-dom/client'),
    import('react'),
  ]);
  await yieldToBrowser();
  const { createClientApp } = await import('./app/client-app');
  await yieldToBrowser();
  const app = await createClientApp(serverRendered);
  await yieldToBrowser();
  if (serverRendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start();
