// What other modules may use of the bookings module (docs/decisions/0013).
export { insertBookingRequest, latestPackageOf, pricePackage } from './bookings.service';
