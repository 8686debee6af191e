// What other modules (and the command line) may use of the geocoding module (docs/decisions/0013).
export { setCoordinatesManually } from './geocode-worker';
