// What other modules may use of the newsletter module (docs/decisions/0013): only it writes the
// subscribers, consents and issues; others ask through these functions.
export { CONFIRM_VALID_DAYS } from './newsletter.service';
export {
  addPastSubscribers,
  countSubscribers,
  deleteUnconfirmedSubscribers,
  subscriptionOf,
  subscriptionRecordsOf,
  type PastSubscriber,
} from './subscribers.service';
export { removeSubscription } from './deletion.service';
