// What other modules and plugins may use of the mail module (docs/decisions/0013).
export { enqueueDeferredMail, enqueueMail, OutboxWorker, type MailRenderer } from './outbox';
export { renderDraft } from './render';
export { fileTransport, smtpTransport, type MailTransport } from './transport';
export {
  additionalBookingMail,
  bankChangedMail,
  bookingApprovedMail,
  bookingRejectedMail,
  bookingCancelledMail,
  bookingCancelledNotificationMail,
  contactConfirmationMail,
  contactReplyMail,
  contactNotificationMail,
  contestConfirmationMail,
  contractChangedMail,
  contractTerminatedMail,
  newBookingNotificationMail,
  newsletterConfirmationMail,
  newsletterIssueMail,
  passwordResetMail,
  termStartedMail,
  trialEndingMail,
  vendorConfirmationMail,
} from './templates';
