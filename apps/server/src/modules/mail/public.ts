// What other modules and plugins may use of the mail module (docs/decisions/0013). A module's
// own mails (templates and the functions that fill them) are in its mails.ts, registered with
// app.mailTemplates in its index.ts.
export {
  deleteMailsBefore,
  enqueueDeferredMail,
  enqueueMail,
  markPendingMailsSent,
  OutboxWorker,
  type AttachmentRef,
  type AttachmentResolver,
  type MailRenderer,
  type ResolvedAttachment,
} from './outbox';
export { fileAcceptedLog } from './accepted-log';
export { renderDraft } from './render';
export { MailTemplateRegistry } from './template-registry';
export {
  mailDraft,
  myBookingsLinkPlaceholder,
  vendorNamePlaceholder,
  type MailDraft,
  type MailTemplate,
  type PlaceholderInfo,
} from './templates';
export { fileTransport, smtpTransport, type MailTransport } from './transport';
