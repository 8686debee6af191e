// What other modules (and the seed, the command line) may use of the content module (docs/decisions/0013).
export { SettingsService, writeSettings } from './settings.service';
