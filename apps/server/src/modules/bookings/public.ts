// What other modules may use of the bookings module (docs/decisions/0013): only it writes the
// booking requests; others ask through these functions.
export {
  bookingRequestsOf,
  countPendingBookings,
  hasPendingBooking,
  insertBookingRequest,
  latestPackageOf,
  pendingBookingOf,
  pricePackage,
} from './bookings.service';
export { listPendingBookings } from './pending-bookings.service';
// The mail to the shop about a new request, and the package as a mail shows it (the accounts'
// registration sends them too).
export {
  newBookingNotificationMail,
  packageLines,
  packagePlaceholder,
  SAMPLE_PACKAGE,
} from './mails';
// The waiting list (docs/decisions/0074): free units as the configurator counts them (an
// offer's reserved unit is not free).
export { availableUnits } from './waitlist.service';
export { lockOpenRequests, removeOpenRequests } from './deletion.service';
