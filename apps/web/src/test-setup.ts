import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Before each test file: the app's own modules are loaded afresh (a worker's files share jsdom and
// the packages, vitest.config.ts: isolate: false), so no module state (e.g. a request limiter)
// carries over from another file.
vi.resetModules();

// findBy… and waitFor wait up to 5 s, not 1 s: on a busy machine a page's first render (its
// lazily loaded schema, say) can take longer than a second; what they wait for is the same
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has <dialog> but not its modal methods
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
