// What other modules (and the seed, the command line) may use of the content module
// (docs/decisions/0013): only it writes the settings and FAQs.
export { addInitialContent, hasSettings, retireOutdatedDefaults } from './defaults.service';
export { SettingsService } from './settings.service';
