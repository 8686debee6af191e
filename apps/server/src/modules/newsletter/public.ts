// What other modules may use of the newsletter module (docs/decisions/0013).
export { CONFIRM_VALID_DAYS } from './newsletter.service';
