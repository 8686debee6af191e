import { a } from './modules/a/index'; // ✓ a module's plugin
import { helper } from './modules/a/a.service'; // ✗ app-registers-module-plugins

export const app = [a, helper];
