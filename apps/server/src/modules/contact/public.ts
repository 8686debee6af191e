// What other modules may use of the contact module (docs/decisions/0013): only it writes the
// messages and replies; others ask through these functions.
export {
  addPastContactRequests,
  contactRequestsFrom,
  countNewContactRequests,
  type PastContactRequest,
} from './contact.service';
