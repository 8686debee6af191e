// What other modules and plugins may use of the mail module (docs/decisions/0013).
export { enqueueDeferredMail, enqueueMail, OutboxWorker, type MailRenderer } from './outbox';
export { fileTransport, smtpTransport, type MailTransport } from './transport';
export {
  additionalBookingMail,
  bookingCancelledMail,
  contactConfirmationMail,
  contactReplyMail,
  contactNotificationMail,
  contestConfirmationMail,
  newBookingNotificationMail,
  newsletterConfirmationMail,
  newsletterIssueMail,
  passwordResetMail,
  vendorConfirmationMail,
} from './templates';
