import { clock } from '@housnkuh/shared/clock';
import { berlinInstant, isoDayInBerlin } from '@housnkuh/shared/format';

/**
 * Before each test file: TEST_CLOCK=HH:MM:SS (or an ISO instant) starts the
 * file's clock at that time of today in Kronach, e.g. `TEST_CLOCK=23:59:30`
 * lets every file run across midnight (npm run test:midnight).
 */
const at = process.env.TEST_CLOCK;
if (at) clock.set(/^\d{2}:\d{2}(:\d{2})?$/.test(at) ? berlinInstant(isoDayInBerlin(), at) : at);
