import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Before each test file: the app's own modules are loaded afresh (a worker's files share jsdom and
// the packages, vitest.config.ts: isolate: false), so no module state (e.g. a request limiter)
// carries over from another file.
vi.resetModules();

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
